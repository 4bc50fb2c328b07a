-- Hand-written (issue 15, item 3): every change the catalog shows moves
-- catalog_version on AND tells every listening process at once, so in-process
-- caches of product detail, the category tree and first listing pages
-- (src/lib/server/catalog/memory-cache.ts) are dropped on commit, on every
-- instance. NOTIFY is transactional: listeners hear it only after the commit,
-- never for a rolled-back change. The payload is the new catalog_version.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		PERFORM pg_notify('hoclieu_catalog', nextval('catalog_version')::text);
		RETURN NULL;
	END
	$$;
--> statement-breakpoint
-- Product detail also shows the cover, previews, preview facts, file name and
-- author: any UPDATE of products now counts (products are not updated on the
-- purchase path; popularity is written only by the seed and statistics).
DROP TRIGGER IF EXISTS products_catalog_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
	ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
-- The author's display name is part of every ProductSummary.
CREATE TRIGGER author_profiles_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF display_name, user_id
	ON author_profiles FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
