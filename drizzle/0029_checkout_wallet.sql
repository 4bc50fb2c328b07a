-- A wallet checkout in one statement (issue 15, docs/decisions/013).
--
-- checkout_pay_wallet: the paying statement of a wallet order, moved here
-- unchanged from src/lib/server/checkout/wallet-order.ts so the two callers
-- below share it: the flash-sale unit when the price needs one, ownership,
-- the debit (bonus pocket first, one conditional UPDATE of the wallet row),
-- the order inserted as PAID with its receipt claimed (`sending`, one
-- attempt) for the sender that runs after commit, the ledger row(s) with
-- their running totals, and the promo use made final. Each step reads the
-- previous one's RETURNING rows, so when one finds nothing (the unit went to
-- another buyer, the buyer owns the product, the balance is short) none after
-- it writes; the caller must undo the steps before it (roll back).
-- PL/pgSQL rather than SQL on purpose, here and for checkout_open below: it
-- keeps its statements' plans for the session, where an SQL function's body is
-- parsed and planned again on every call (which cost PostgreSQL more than the
-- round trips saved).
-- Parameters: $1 order id, $2 buyer, $3 product, $4 at, $5 price, $6 price
-- source, $7 flash sale, $8 take the unit here, $9 the order holds a unit,
-- $10 promo code, $11 promo redemption, $12 promo discount, $13 amount,
-- $14 return_to, $15 ledger note.
CREATE OR REPLACE FUNCTION checkout_pay_wallet(uuid, uuid, uuid, timestamptz, bigint, text, uuid, boolean, boolean,
		text, uuid, bigint, bigint, text, text)
	RETURNS TABLE (unit_ok boolean, owned_now boolean, debited boolean, order_number bigint)
	LANGUAGE plpgsql VOLATILE
	AS $$
	#variable_conflict use_column
	BEGIN
	RETURN QUERY WITH unit AS (
		UPDATE flash_sales SET stock_left = stock_left - 1
		WHERE id = $7 AND $8 AND flash_sale_open(starts_at, ends_at, stock_cap, stock_left, $4)
		RETURNING id
	), go AS (
		SELECT 1 AS ok WHERE NOT $8 OR EXISTS (SELECT 1 FROM unit)
	), own AS (
		INSERT INTO product_ownerships (user_id, product_id, source, order_id, created_at)
		SELECT $2, $3, 'purchase', $1, $4 FROM go
		ON CONFLICT DO NOTHING
		RETURNING order_id
	), before AS (
		SELECT w.user_id, w.bonus FROM wallets w JOIN own ON true WHERE w.user_id = $2 FOR UPDATE OF w
	), debit AS (
		UPDATE wallets w
		SET bonus = w.bonus - LEAST(w.bonus, $13), main = w.main - ($13 - LEAST(w.bonus, $13)), updated_at = $4
		FROM before b
		WHERE w.user_id = b.user_id AND w.main + w.bonus >= $13
		RETURNING w.main + w.bonus AS total, b.bonus - w.bonus AS from_bonus
	), ord AS (
		INSERT INTO orders (id, user_id, product_id, price_vnd, price_source, promo_discount_vnd, amount_vnd, payment_method, status,
			promo_code, promo_redemption_id, flash_sale_id, flash_sale_unit_held, return_to,
			receipt_status, receipt_attempts, receipt_attempted_at, paid_at, created_at, updated_at)
		SELECT $1, $2, $3, $5, $6, $12, $13, 'wallet', 'PAID', $10, $11, $7, $9, $14, 'sending', 1, $4, $4, $4, $4
		FROM debit
		RETURNING order_number
	), ledger AS (
		INSERT INTO wallet_ledger (user_id, entry_type, direction, pocket, amount, balance_after, ref_type, ref_id, note, created_at)
		SELECT $2, 'PURCHASE', 'DEBIT', e.pocket, e.amount, e.balance_after, 'order', $1::text, $15, $4
		FROM debit d
		CROSS JOIN LATERAL (VALUES
			(1, 'bonus', d.from_bonus, d.total + ($13 - d.from_bonus)),
			(2, 'main', $13 - d.from_bonus, d.total)
		) e(step, pocket, amount, balance_after)
		WHERE e.amount > 0
		ORDER BY e.step
	), consumed AS (
		UPDATE promo_redemptions SET status = 'CONSUMED', updated_at = $4
		WHERE id = $11 AND status = 'RESERVED' AND EXISTS (SELECT 1 FROM ord)
	)
	SELECT NOT $8 OR EXISTS (SELECT 1 FROM unit), EXISTS (SELECT 1 FROM own), EXISTS (SELECT 1 FROM debit), (SELECT order_number FROM ord);
	END
	$$;
--> statement-breakpoint
-- checkout_open (0026) again, unchanged but for its language: PL/pgSQL keeps
-- the plan of its reads for the session instead of planning them on every
-- call. Its statements still take a fresh snapshot each (READ COMMITTED,
-- VOLATILE), so the reads after the lock see what the buyer's previous
-- checkout committed.
CREATE OR REPLACE FUNCTION checkout_open(buyer uuid, product uuid, at timestamptz, promo_code text)
	RETURNS TABLE (
		id uuid, title text, type text, category_id uuid,
		pending_order_id uuid, pending_intent_id uuid, owned boolean,
		buyer_email text, buyer_name text,
		list text, regular text, effective text, flash_id uuid, flash_capped boolean, undercut_running boolean,
		promo_id uuid, promo_kind text, promo_percent_off integer, promo_max_discount_vnd text, promo_amount_off_vnd text,
		promo_min_amount_vnd text, promo_total_cap integer, promo_used integer, promo_per_user_cap integer,
		promo_in_scope boolean, promo_uses integer
	)
	LANGUAGE plpgsql VOLATILE
	AS $$
	#variable_conflict use_column
	BEGIN
	PERFORM 1 FROM users WHERE users.id = $1 FOR NO KEY UPDATE;
	RETURN QUERY SELECT p.id, p.title, p.type, p.category_id,
		o.id, o.payment_intent_id,
		EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = $1 AND w.product_id = p.id),
		u.email, u.name,
		q.list, q.regular, q.effective, q.flash_id, q.flash_capped, q.undercut_running,
		pr.id, pr.kind, pr.percent_off, pr.max_discount_vnd::text, pr.amount_off_vnd::text,
		pr.min_amount_vnd::text, pr.total_cap, pr.used, pr.per_user_cap,
		(pr.product_id IS NULL OR pr.product_id = p.id)
			AND (pr.product_type IS NULL OR pr.product_type = p.type)
			AND (pr.category_id IS NULL OR pr.category_id = p.category_id OR EXISTS (
				SELECT 1 FROM categories c JOIN categories s ON s.id = pr.category_id
				WHERE c.id = p.category_id AND starts_with(c.path, s.path || '/'))),
		(SELECT count(*)::int FROM promo_redemptions r
			WHERE r.promo_id = pr.id AND r.user_id = $1 AND r.status IN ('RESERVED', 'CONSUMED'))
	FROM products p
	LEFT JOIN users u ON u.id = $1
	LEFT JOIN orders o ON o.user_id = $1 AND o.product_id = p.id AND o.status = 'PENDING'
	CROSS JOIN LATERAL checkout_quote(p.id, $3) q
	LEFT JOIN promos pr ON pr.code = $4 AND pr.applies_to = 'CHECKOUT' AND pr.is_active
		AND (pr.starts_at IS NULL OR pr.starts_at <= $3) AND (pr.ends_at IS NULL OR pr.ends_at > $3)
	WHERE p.id = $2 AND p.is_published;
	END
	$$;
--> statement-breakpoint
-- checkout_wallet: the common wallet purchase — signed in, no promo, no
-- Idempotency-Key, no pending order for the product — as one statement sent
-- outside any explicit transaction, so it costs one round trip instead of
-- BEGIN, the opening read, the paying statement and COMMIT. It runs
-- checkout_open (the buyer's row locked first, then the reads with a fresh
-- snapshot), prices the product as flash-sale.ts's offerOf does, and pays
-- with checkout_pay_wallet, reading the quote again when a concurrent buyer
-- took the flash-sale unit (MAX_QUOTE_ATTEMPTS tries). Outcomes:
--   paid        the order is paid; its number, price and receipt facts come back;
--   unknown     no such published product;          owned     the buyer owns it;
--   sold_out    only a flash sale without stock made it cheaper;
--   general     a pending order of the buyer's exists, or the product costs nothing:
--               the caller runs the full checkout (which settles it, or refuses the method).
-- None of these wrote anything. Refusals after a write (the buyer owns it
-- after all, the balance is short) raise, so the statement — and with it the
-- unit and the ownership — is rolled back: SQLSTATE HL409 (owned) and HL422
-- (insufficient, DETAIL = 'price,balance').
-- Parameters: $1 buyer, $2 product, $3 at, $4 the new order's id, $5 return_to.
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
				SELECT * INTO q FROM checkout_quote($2, $3);
				EXIT WHEN NOT FOUND;
			END IF;
			IF q.flash_id IS NOT NULL THEN
				v_price := q.effective::bigint; v_source := 'flash_sale'; v_flash := q.flash_id; v_held := q.flash_capped IS TRUE;
			ELSIF q.undercut_running THEN
				EXIT;
			ELSE
				v_price := q.effective::bigint; v_flash := NULL; v_held := false;
				v_source := CASE WHEN q.effective::bigint < q.list::bigint THEN 'sale' ELSE 'list' END;
			END IF;
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
