-- Trust rules for the open studio (issue 40): revoked authors stay revoked,
-- authors neither buy nor review their own products, staff find accounts
-- paid into the same bank account.
ALTER TABLE "users" ADD COLUMN "author_reapply_blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "author_profiles_bank_account_idx" ON "author_profiles" USING btree ("bank_account_number");--> statement-breakpoint
-- Hand-written. An account that is a customer again but kept its author
-- profile had its author role taken away by staff (applying only ever raises
-- the role): it stays refused until staff allow it to apply again.
UPDATE "users" u SET "author_reapply_blocked_at" = now()
	WHERE u."role" = 'customer' AND EXISTS (SELECT 1 FROM "author_profiles" a WHERE a."user_id" = u."id");--> statement-breakpoint
-- A self-review never counts in the rating: those written before this rule are
-- hidden (the rating trigger of 0023 recomputes the products).
UPDATE "buyer_reviews" r SET "hidden_at" = now(), "hidden_reason" = 'Tác giả không được tự đánh giá học liệu của mình.'
	FROM "products" p WHERE p."id" = r."product_id" AND p."author_id" = r."user_id" AND r."hidden_at" IS NULL;--> statement-breakpoint
-- checkout_open (0029) again with one change: the product's author counts as
-- owning it (they have the file already), so checkout answers already_owned to
-- their own purchase on every path, the one-statement wallet checkout included.
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
		EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = $1 AND w.product_id = p.id)
			OR (p.author_id = $1) IS TRUE,
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
