CREATE TABLE "product_draft_files" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"upload_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint,
	"sha256" text,
	"preview_status" text,
	"page_count" integer,
	"duration_seconds" integer,
	"preview_image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"preview_clip_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_draft_files" ADD CONSTRAINT "product_draft_files_product_id_product_drafts_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_drafts"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_draft_files" ADD CONSTRAINT "product_draft_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_draft_files_position_key" ON "product_draft_files" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_draft_files_upload_idx" ON "product_draft_files" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_position_key" ON "product_files" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_key_key" ON "product_files" USING btree ("product_id","file_key");--> statement-breakpoint
CREATE INDEX "product_files_file_key_idx" ON "product_files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "product_files_sha256_idx" ON "product_files" USING btree ("sha256") WHERE "product_files"."sha256" IS NOT NULL;--> statement-breakpoint
-- Hand-written (README "Several files per product"): the MIME type a stored key's
-- extension stands for, for files that never went through an upload (the seed,
-- and products from before product_files). Uploaded files carry the sniffed type.
CREATE OR REPLACE FUNCTION file_content_type_of(key text) RETURNS text
	LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE lower(substring(key FROM '\.([A-Za-z0-9]{1,8})$'))
		WHEN 'pdf' THEN 'application/pdf'
		WHEN 'docx' THEN 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
		WHEN 'pptx' THEN 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
		WHEN 'mp3' THEN 'audio/mpeg'
		WHEN 'm4a' THEN 'audio/mp4'
		WHEN 'wav' THEN 'audio/wav'
		WHEN 'ogg' THEN 'audio/ogg'
		WHEN 'oga' THEN 'audio/ogg'
		WHEN 'mp4' THEN 'video/mp4'
		WHEN 'webm' THEN 'video/webm'
		WHEN 'zip' THEN 'application/zip'
		ELSE 'application/octet-stream'
	END $$;
--> statement-breakpoint
-- Every product's single file becomes its first (primary) file, with what the preview worker already found.
INSERT INTO product_files (product_id, position, file_key, file_name, content_type, size_bytes, sha256,
		preview_status, page_count, duration_seconds, preview_image_urls, preview_clip_url)
	SELECT id, 0, file_key, coalesce(file_name, title || coalesce(substring(file_key FROM '\.[A-Za-z0-9]{1,8}$'), '')),
		file_content_type_of(file_key), file_size_bytes, file_sha256, preview_status, page_count, duration_seconds,
		ARRAY(SELECT u FROM unnest(preview_image_urls) AS u WHERE u LIKE '/xem-truoc/%'), preview_clip_url
	FROM products WHERE file_key IS NOT NULL;
--> statement-breakpoint
-- The primary file follows products.file_key, whoever writes it. The studio writes
-- the whole list first and then the products columns: the row is already there.
CREATE OR REPLACE FUNCTION product_files_follow_primary() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.file_key IS NULL THEN
		DELETE FROM product_files WHERE product_id = NEW.id;
		RETURN NULL;
	END IF;
	INSERT INTO product_files (product_id, position, file_key, file_name, content_type, sha256)
	VALUES (NEW.id, 0, NEW.file_key, coalesce(NEW.file_name, NEW.title || coalesce(substring(NEW.file_key FROM '\.[A-Za-z0-9]{1,8}$'), '')),
		file_content_type_of(NEW.file_key), NEW.file_sha256)
	ON CONFLICT (product_id, position) DO UPDATE
		SET file_key = EXCLUDED.file_key, file_name = EXCLUDED.file_name,
			content_type = CASE WHEN product_files.file_key = EXCLUDED.file_key THEN product_files.content_type ELSE EXCLUDED.content_type END,
			size_bytes = CASE WHEN product_files.file_key = EXCLUDED.file_key THEN product_files.size_bytes END,
			sha256 = coalesce(EXCLUDED.sha256, CASE WHEN product_files.file_key = EXCLUDED.file_key THEN product_files.sha256 END)
		WHERE (product_files.file_key, product_files.file_name, product_files.sha256)
			IS DISTINCT FROM (EXCLUDED.file_key, EXCLUDED.file_name, coalesce(EXCLUDED.sha256, product_files.sha256));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_primary_file
	AFTER INSERT OR UPDATE OF file_key, file_name, file_sha256 ON products
	FOR EACH ROW EXECUTE FUNCTION product_files_follow_primary();
--> statement-breakpoint
-- Each file gets its preview job, as products.file_key does (migration 0021): files not on sale yet go first.
CREATE OR REPLACE FUNCTION product_files_enqueue_preview() RETURNS trigger
	LANGUAGE plpgsql AS $$
DECLARE
	waiting smallint := CASE WHEN (SELECT status FROM products WHERE id = NEW.product_id) = 'published' THEN 0 ELSE 1 END;
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.file_key IS NOT DISTINCT FROM OLD.file_key THEN
		RETURN NEW;
	END IF;
	NEW.preview_status := 'queued';
	NEW.page_count := NULL;
	NEW.duration_seconds := NULL;
	NEW.preview_image_urls := '{}';
	NEW.preview_clip_url := NULL;
	INSERT INTO preview_jobs (file_key, priority) VALUES (NEW.file_key, waiting)
	ON CONFLICT (file_key) DO UPDATE
		SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now(),
			priority = GREATEST(preview_jobs.priority, EXCLUDED.priority)
		WHERE preview_jobs.status IN ('done', 'failed', 'unavailable');
	RETURN NEW;
END $$;
--> statement-breakpoint
-- Not on the migrated rows above: they keep what the worker already found.
CREATE TRIGGER product_files_preview
	BEFORE INSERT OR UPDATE OF file_key ON product_files
	FOR EACH ROW EXECUTE FUNCTION product_files_enqueue_preview();
--> statement-breakpoint
-- Product detail lists the files: cached details are dropped when they change (migration 0027).
CREATE TRIGGER product_files_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON product_files
	FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
-- Every draft's single sold file becomes the first of its list.
INSERT INTO product_draft_files (product_id, position, upload_id)
	SELECT product_id, 0, file_upload_id FROM product_drafts WHERE file_upload_id IS NOT NULL;
