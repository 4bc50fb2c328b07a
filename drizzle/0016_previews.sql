CREATE TABLE "preview_jobs" (
	"file_key" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_jobs_status_known" CHECK ("preview_jobs"."status" IN ('queued', 'running', 'done', 'failed', 'unavailable'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preview_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "file_size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preview_clip_url" text;--> statement-breakpoint
CREATE INDEX "preview_jobs_due_idx" ON "preview_jobs" USING btree ("next_attempt_at") WHERE "preview_jobs"."status" IN ('queued', 'running');--> statement-breakpoint
-- Previews follow the file: whenever a product gets a (new) file_key, queue a
-- preview job for that key and forget what was measured from the old file
-- (generated images live under /xem-truoc/; author-supplied ones are kept).
-- A key whose job already finished is queued again so the new product gets
-- its columns written; a queued or running job covers it already.
CREATE OR REPLACE FUNCTION products_enqueue_preview() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.file_key IS NULL OR (TG_OP = 'UPDATE' AND NEW.file_key IS NOT DISTINCT FROM OLD.file_key) THEN
		IF NEW.file_key IS NULL THEN
			NEW.preview_status := NULL;
		END IF;
		RETURN NEW;
	END IF;
	NEW.preview_status := 'queued';
	NEW.page_count := NULL;
	NEW.duration_seconds := NULL;
	NEW.file_size_bytes := NULL;
	NEW.preview_clip_url := NULL;
	NEW.preview_image_urls := ARRAY(SELECT u FROM unnest(NEW.preview_image_urls) AS u WHERE u NOT LIKE '/xem-truoc/%');
	INSERT INTO preview_jobs (file_key) VALUES (NEW.file_key)
	ON CONFLICT (file_key) DO UPDATE
		SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()
		WHERE preview_jobs.status IN ('done', 'failed', 'unavailable');
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_enqueue_preview
	BEFORE INSERT OR UPDATE OF file_key ON "products"
	FOR EACH ROW EXECUTE FUNCTION products_enqueue_preview();--> statement-breakpoint
-- Files already in the catalog get their previews too.
INSERT INTO preview_jobs (file_key) SELECT DISTINCT file_key FROM products WHERE file_key IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE products SET preview_status = 'queued' WHERE file_key IS NOT NULL;
