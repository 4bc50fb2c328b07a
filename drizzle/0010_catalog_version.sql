CREATE SEQUENCE "public"."catalog_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;
--> statement-breakpoint
-- Hand-written: every statement that changes what a search can find moves
-- catalog_version on, so cached search hits of an older version are dropped.
-- A sequence takes no row lock, so concurrent writers never queue on it.
-- Popularity and flash-sale stock are left out on purpose: purchases change
-- them constantly, and they only reorder or re-price results for the cache's
-- short lifetime (the prices shown are always read fresh).
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		PERFORM nextval('catalog_version');
		RETURN NULL;
	END
	$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF category_id, type, title, slug, description, tags, price_vnd,
		sale_price_vnd, sale_ends_at, rating_avg, rating_count, is_published, created_at
	ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER flash_sales_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF product_id, starts_at, ends_at, sale_price_vnd, stock_cap
	ON flash_sales FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
	ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
