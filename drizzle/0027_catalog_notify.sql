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
-- author: an UPDATE of any column counts now, except popularity (left out on
-- purpose since 0010: it only reorders, and the search hit cache relies on it
-- not moving the version; the memory cache does not keep "popular" pages) and
-- updated_at (never written alone).
DROP TRIGGER IF EXISTS products_catalog_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF category_id, type, title, slug, description, tags, price_vnd,
		sale_price_vnd, sale_ends_at, cover_image_url, preview_image_urls, rating_avg, rating_count, file_key, file_name,
		file_sha256, preview_status, page_count, duration_seconds, file_size_bytes, preview_clip_url, is_published, status,
		author_id, created_at
	ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
-- The author's display name is part of every ProductSummary.
CREATE TRIGGER author_profiles_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF display_name, user_id
	ON author_profiles FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
