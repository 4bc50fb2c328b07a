DROP INDEX "preview_jobs_due_idx";--> statement-breakpoint
ALTER TABLE "preview_jobs" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "preview_jobs_due_idx" ON "preview_jobs" USING btree ("priority" DESC NULLS LAST,"next_attempt_at") WHERE "preview_jobs"."status" IN ('queued', 'running');--> statement-breakpoint
-- A file that is not on sale yet (a draft or a submission) is previewed first:
-- its author and a reviewer are waiting for it; published files are backfill.
CREATE OR REPLACE FUNCTION products_enqueue_preview() RETURNS trigger
	LANGUAGE plpgsql AS $$
DECLARE
	waiting smallint := CASE WHEN NEW.status = 'published' THEN 0 ELSE 1 END;
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
	INSERT INTO preview_jobs (file_key, priority) VALUES (NEW.file_key, waiting)
	ON CONFLICT (file_key) DO UPDATE
		SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now(),
			priority = GREATEST(preview_jobs.priority, EXCLUDED.priority)
		WHERE preview_jobs.status IN ('done', 'failed', 'unavailable');
	RETURN NEW;
END $$;
