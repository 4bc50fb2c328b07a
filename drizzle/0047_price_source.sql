-- Hand-written: the price rule of a checkout written once (docs/decisions/023).
--
-- quote_source: what a quote (buyer_quote, checkout_open) offers the buyer.
-- 'flash_sale' when an open flash sale sets the effective price (its unit is
-- taken when it is capped), NULL when the only thing that made the product
-- cheaper right now is a flash sale with no stock left (checkout refuses with
-- flash_sale_sold_out rather than charge a higher price than the one shown),
-- else 'sale' or 'list'. The price is always the quote's `pay`. checkout_wallet
-- below and src/lib/server/checkout/price.ts (which selects it beside every
-- quote it reads) both take the offer from here; nothing else decides it.
CREATE OR REPLACE FUNCTION quote_source(flash_id uuid, undercut_running boolean, effective text, list text) RETURNS text
	LANGUAGE sql IMMUTABLE
	AS $$
	SELECT CASE WHEN $1 IS NOT NULL THEN 'flash_sale' WHEN $2 THEN NULL WHEN $3::bigint < $4::bigint THEN 'sale' ELSE 'list' END
	$$;--> statement-breakpoint
-- checkout_wallet (0046) offering what quote_source says. Otherwise unchanged.
CREATE OR REPLACE FUNCTION checkout_wallet(uuid, uuid, timestamptz, uuid, text)
	RETURNS TABLE (outcome text, title text, buyer_email text, buyer_name text, price text, price_source text,
		flash_sale_id uuid, unit_held boolean, order_number bigint)
	LANGUAGE plpgsql VOLATILE
	AS $$
	#variable_conflict use_column
	DECLARE
		o record;
		q record;
		paid record;
		v_price bigint;
		v_source text;
		v_flash uuid;
		v_held boolean;
		v_balance bigint;
	BEGIN
		SELECT * INTO o FROM checkout_open($1, $2, $3, NULL);
		IF NOT FOUND THEN
			RETURN QUERY SELECT 'unknown'::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::uuid, NULL::boolean, NULL::bigint;
			RETURN;
		END IF;
		IF o.pending_order_id IS NOT NULL OR o.owned THEN
			RETURN QUERY SELECT CASE WHEN o.pending_order_id IS NOT NULL THEN 'general' ELSE 'owned' END,
				o.title, NULL::text, NULL::text, NULL::text, NULL::text, NULL::uuid, NULL::boolean, NULL::bigint;
			RETURN;
		END IF;
		q := o;
		FOR attempt IN 1..5 LOOP
			IF attempt > 1 THEN
				SELECT * INTO q FROM buyer_quote($1, $2, $3);
				EXIT WHEN NOT FOUND;
			END IF;
			v_source := quote_source(q.flash_id, q.undercut_running, q.effective, q.list);
			EXIT WHEN v_source IS NULL;
			v_price := q.pay::bigint; v_flash := q.flash_id; v_held := q.flash_id IS NOT NULL AND q.flash_capped IS TRUE;
			IF v_price = 0 THEN
				RETURN QUERY SELECT 'general'::text, o.title, NULL::text, NULL::text, '0'::text, NULL::text, NULL::uuid, NULL::boolean, NULL::bigint;
				RETURN;
			END IF;
			SELECT * INTO paid FROM checkout_pay_wallet($4, $1, $2, $3, v_price, v_source, v_flash, v_held, v_held,
				NULL, NULL, 0, v_price, $5, 'Mua “' || o.title || '”.');
			CONTINUE WHEN NOT paid.unit_ok;
			IF NOT paid.owned_now THEN
				RAISE EXCEPTION 'checkout_wallet: already owned' USING ERRCODE = 'HL409';
			END IF;
			IF NOT paid.debited OR paid.order_number IS NULL THEN
				SELECT w.main + w.bonus INTO v_balance FROM wallets w WHERE w.user_id = $1;
				RAISE EXCEPTION 'checkout_wallet: insufficient funds' USING ERRCODE = 'HL422', DETAIL = v_price::text || ',' || coalesce(v_balance, 0)::text;
			END IF;
			RETURN QUERY SELECT 'paid'::text, o.title, o.buyer_email, o.buyer_name, v_price::text, v_source, v_flash, v_held, paid.order_number;
			RETURN;
		END LOOP;
		RETURN QUERY SELECT 'sold_out'::text, o.title, NULL::text, NULL::text, NULL::text, NULL::text, NULL::uuid, NULL::boolean, NULL::bigint;
	END
	$$;
