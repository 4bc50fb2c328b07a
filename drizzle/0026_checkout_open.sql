-- Checkout's opening reads in one round trip (issue 15, item 2).
--
-- checkout_quote: what the product costs now and which open flash sale sets
-- that price (the quote checkout holds a unit of), from effective_price() and
-- its helpers (0025) — the one pricing rule. Also read again, on its own, when
-- a concurrent buyer took the flash-sale unit first.
--
-- checkout_open: the buyer's user row locked FOR NO KEY UPDATE (it serialises
-- one account's checkouts), then, in a second statement, the product, the
-- buyer's pending order for it, whether they own it, the quote, who they are
-- (for the receipt), and the live checkout promo with the code asked for:
-- its terms, whether the product is inside its scope (product, type,
-- category subtree) and how many uses the buyer holds. The function is VOLATILE on purpose: in READ
-- COMMITTED each of its statements takes a fresh snapshot, so the reads after
-- the lock see what a checkout of the same buyer that held the lock has
-- committed (one statement that locked and read would read from before the
-- wait). A guest (buyer NULL) locks nothing.
CREATE OR REPLACE FUNCTION checkout_quote(product uuid, at timestamptz)
	RETURNS TABLE (list text, regular text, effective text, flash_id uuid, flash_capped boolean, undercut_running boolean)
	LANGUAGE sql STABLE
	AS $$
	SELECT q.list, q.regular::text, q.effective::text, f.id, f.stock_cap IS NOT NULL,
		EXISTS (SELECT 1 FROM flash_sales r
			WHERE r.product_id = p.id AND flash_sale_open(r.starts_at, r.ends_at, NULL, NULL, $2) AND r.sale_price_vnd < q.regular)
	FROM products p
	CROSS JOIN LATERAL (SELECT p.price_vnd::text AS list,
		regular_price(p.price_vnd, p.sale_price_vnd, p.sale_ends_at, $2) AS regular,
		effective_price(p.id, p.price_vnd, p.sale_price_vnd, p.sale_ends_at, $2) AS effective) q
	LEFT JOIN LATERAL (
		SELECT f.id, f.stock_cap FROM flash_sales f
		WHERE f.product_id = p.id AND q.effective < q.regular AND f.sale_price_vnd = q.effective
			AND flash_sale_open(f.starts_at, f.ends_at, f.stock_cap, f.stock_left, $2)
		ORDER BY f.stock_cap IS NULL DESC, f.id
		LIMIT 1
	) f ON true
	WHERE p.id = $1
	$$;--> statement-breakpoint

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
	LANGUAGE sql VOLATILE
	AS $$
	SELECT 1 FROM users WHERE users.id = $1 FOR NO KEY UPDATE;
	SELECT p.id, p.title, p.type, p.category_id,
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
	WHERE p.id = $2 AND p.is_published
	$$;
