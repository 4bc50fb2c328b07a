CREATE TABLE "bundle_items" (
	"bundle_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_item_id_pk" PRIMARY KEY("bundle_id","item_id"),
	CONSTRAINT "bundle_items_not_itself" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."item_id"),
	CONSTRAINT "bundle_items_position_nonneg" CHECK ("bundle_items"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_item_id_products_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_item_idx" ON "bundle_items" USING btree ("item_id");--> statement-breakpoint
-- Hand-written from here: bundles (README, Bundles).
--
-- bundle_credit: what the buyer actually paid for the items of a bundle they
-- own — the amount of the order that made each item theirs (after any promo).
-- Items they got free, from staff or inside another bundle count 0: no price
-- was paid for that item alone. Refunded orders revoke their ownership, so
-- they count nothing either. 0 for a product with no items and for a guest.
CREATE OR REPLACE FUNCTION bundle_credit(buyer uuid, bundle uuid) RETURNS bigint
	LANGUAGE sql STABLE
	AS $$
	SELECT coalesce(sum(o.amount_vnd), 0)::bigint
	FROM bundle_items bi
	JOIN product_ownerships w ON w.user_id = $1 AND w.product_id = bi.item_id AND w.source = 'purchase'
	JOIN orders o ON o.id = w.order_id
	WHERE bi.bundle_id = $2
	$$;--> statement-breakpoint
-- "Mua nốt bộ": the bundle's price now less what the buyer paid for the items
-- they own, never below zero. The one place this rule is written.
CREATE OR REPLACE FUNCTION buyer_price(effective bigint, credit bigint) RETURNS bigint
	LANGUAGE sql IMMUTABLE
	AS $$ SELECT GREATEST($1 - $2, 0) $$;--> statement-breakpoint
-- A bundle is on sale only while every item is: an item taken down makes the
-- bundle unavailable (its page says so, checkout refuses it) until staff or the
-- author change its items. True for a product with no items.
CREATE OR REPLACE FUNCTION bundle_on_sale(bundle uuid) RETURNS boolean
	LANGUAGE sql STABLE
	AS $$
	SELECT NOT EXISTS (SELECT 1 FROM bundle_items bi JOIN products i ON i.id = bi.item_id WHERE bi.bundle_id = $1 AND NOT i.is_published)
	$$;--> statement-breakpoint
-- The buyer owns every item already: buying the bundle would grant nothing.
CREATE OR REPLACE FUNCTION bundle_owned_all(buyer uuid, bundle uuid) RETURNS boolean
	LANGUAGE sql STABLE
	AS $$
	SELECT EXISTS (SELECT 1 FROM bundle_items WHERE bundle_id = $2)
		AND NOT EXISTS (SELECT 1 FROM bundle_items bi WHERE bi.bundle_id = $2
			AND NOT EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = $1 AND w.product_id = bi.item_id))
	$$;--> statement-breakpoint
-- buyer_quote: checkout_quote (0026) for one buyer. `effective` is still the
-- product's price now (effective_price()); `credit` is bundle_credit and `pay`
-- what this buyer is charged: buyer_price(effective, credit). Every checkout
-- path and the product page read `pay` from here.
CREATE OR REPLACE FUNCTION buyer_quote(buyer uuid, product uuid, at timestamptz)
	RETURNS TABLE (list text, regular text, effective text, flash_id uuid, flash_capped boolean, undercut_running boolean, credit text, pay text)
	LANGUAGE sql STABLE
	AS $$
	SELECT q.list, q.regular, q.effective, q.flash_id, q.flash_capped, q.undercut_running, c.credit::text, buyer_price(q.effective::bigint, c.credit)::text
	FROM checkout_quote($2, $3) q
	CROSS JOIN LATERAL (SELECT CASE WHEN $1 IS NULL THEN 0::bigint ELSE bundle_credit($1, $2) END AS credit) c
	$$;--> statement-breakpoint
-- checkout_open (0033) with three changes for bundles: the quote is
-- buyer_quote (two more columns, hence DROP and CREATE), a bundle whose items
-- the buyer all owns counts as owned, and a bundle with an item off sale is not
-- found (checkout explains why).
DROP FUNCTION IF EXISTS checkout_open(uuid, uuid, timestamptz, text);--> statement-breakpoint
CREATE FUNCTION checkout_open(buyer uuid, product uuid, at timestamptz, promo_code text)
	RETURNS TABLE (
		id uuid, title text, type text, category_id uuid,
		pending_order_id uuid, pending_intent_id uuid, owned boolean,
		buyer_email text, buyer_name text,
		list text, regular text, effective text, flash_id uuid, flash_capped boolean, undercut_running boolean,
		promo_id uuid, promo_kind text, promo_percent_off integer, promo_max_discount_vnd text, promo_amount_off_vnd text,
		promo_min_amount_vnd text, promo_total_cap integer, promo_used integer, promo_per_user_cap integer,
		promo_in_scope boolean, promo_uses integer, credit text, pay text
	)
	LANGUAGE plpgsql VOLATILE
	AS $$
	#variable_conflict use_column
	BEGIN
	PERFORM 1 FROM users WHERE users.id = $1 FOR NO KEY UPDATE;
	RETURN QUERY SELECT p.id, p.title, p.type, p.category_id,
		o.id, o.payment_intent_id,
		EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = $1 AND w.product_id = p.id)
			OR (p.author_id = $1) IS TRUE
			OR ($1 IS NOT NULL AND bundle_owned_all($1, p.id)),
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
			WHERE r.promo_id = pr.id AND r.user_id = $1 AND r.status IN ('RESERVED', 'CONSUMED')),
		q.credit, q.pay
	FROM products p
	LEFT JOIN users u ON u.id = $1
	LEFT JOIN orders o ON o.user_id = $1 AND o.product_id = p.id AND o.status = 'PENDING'
	CROSS JOIN LATERAL buyer_quote($1, p.id, $3) q
	LEFT JOIN promos pr ON pr.code = $4 AND pr.applies_to = 'CHECKOUT' AND pr.is_active
		AND (pr.starts_at IS NULL OR pr.starts_at <= $3) AND (pr.ends_at IS NULL OR pr.ends_at > $3)
	WHERE p.id = $2 AND p.is_published AND bundle_on_sale(p.id);
	END
	$$;--> statement-breakpoint
-- checkout_wallet (0029) with the buyer's price: it charges buyer_quote's
-- `pay` (the price source still says what set `effective`), and reads
-- buyer_quote again after a lost flash-sale unit. Otherwise unchanged.
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
			IF q.flash_id IS NOT NULL THEN
				v_price := q.pay::bigint; v_source := 'flash_sale'; v_flash := q.flash_id; v_held := q.flash_capped IS TRUE;
			ELSIF q.undercut_running THEN
				EXIT;
			ELSE
				v_price := q.pay::bigint; v_flash := NULL; v_held := false;
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
	$$;--> statement-breakpoint
-- Owning a bundle, however it came (a paid order on any path, a free claim, a
-- staff grant), owns its items: one row per item the buyer does not own yet,
-- source 'bundle', carrying the bundle's order so a refund of that order
-- revokes exactly these rows (checkout/refund.ts) and never an item bought on
-- its own. Items are those of the bundle at that moment; later edits of the
-- bundle do not change what was granted. Bundles never nest, and rows this
-- trigger inserts do not fire it again.
CREATE OR REPLACE FUNCTION grant_bundle_items() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		INSERT INTO product_ownerships (user_id, product_id, source, order_id, created_at)
		SELECT NEW.user_id, bi.item_id, 'bundle', NEW.order_id, NEW.created_at
		FROM bundle_items bi WHERE bi.bundle_id = NEW.product_id
		ON CONFLICT DO NOTHING;
		RETURN NULL;
	END
	$$;--> statement-breakpoint
CREATE TRIGGER product_ownerships_grant_bundle_items
	AFTER INSERT ON product_ownerships
	FOR EACH ROW WHEN (NEW.source <> 'bundle') EXECUTE FUNCTION grant_bundle_items();
--> statement-breakpoint
-- A bundle's items are part of its page: cached pages and reads of an older catalog version are dropped.
CREATE TRIGGER bundle_items_catalog_version
	AFTER INSERT OR UPDATE OR DELETE ON bundle_items
	FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
