-- What a buyer pays (issue #17 item 3): one rule, in the database, read by
-- listing, search, product detail, wishlist, the flash-sale strip, music
-- downloads, promo validation and checkout. Nothing in TypeScript recomputes it.
--
-- Every function takes "now" as an argument instead of calling now(): the
-- service clock (platform/clock.ts) is injectable and tests move it forward.
--
-- The pure rules are IMMUTABLE one-expression SQL functions, so the planner
-- inlines them into the calling query (indexes on the columns still apply);
-- effective_price reads flash_sales and is STABLE.

-- A sale window runs from when it is set until sale_ends_at (exclusive); no end = open-ended.
CREATE OR REPLACE FUNCTION sale_running(sale_price_vnd bigint, sale_ends_at timestamptz, at timestamptz)
	RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT $1 IS NOT NULL AND ($2 IS NULL OR $2 > $3) $$;--> statement-breakpoint

-- A flash sale offers its price from starts_at (inclusive) to ends_at (exclusive)
-- while it has stock; a capped sale whose stock was never set has none.
CREATE OR REPLACE FUNCTION flash_sale_open(starts_at timestamptz, ends_at timestamptz, stock_cap integer, stock_left integer, at timestamptz)
	RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT $1 <= $5 AND $2 > $5 AND ($3 IS NULL OR COALESCE($4, 0) > 0) $$;--> statement-breakpoint

-- The price without flash sales: a running sale when it is lower, else the list price.
CREATE OR REPLACE FUNCTION regular_price(price_vnd bigint, sale_price_vnd bigint, sale_ends_at timestamptz, at timestamptz)
	RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN sale_running($2, $3, $4) AND $2 < $1 THEN $2 ELSE $1 END $$;--> statement-breakpoint

-- The price now: the lowest of the regular price and every open flash sale of the product.
-- flash_sale_open's ends_at > at lets flash_sales_product_idx (product_id, ends_at) answer it.
CREATE OR REPLACE FUNCTION effective_price(product_id uuid, price_vnd bigint, sale_price_vnd bigint, sale_ends_at timestamptz, at timestamptz)
	RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE
	AS $$ SELECT LEAST(
		regular_price($2, $3, $4, $5),
		(SELECT min(f.sale_price_vnd) FROM flash_sales f
			WHERE f.product_id = $1 AND flash_sale_open(f.starts_at, f.ends_at, f.stock_cap, f.stock_left, $5))
	) $$;
