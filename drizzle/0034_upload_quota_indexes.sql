-- Upload quotas (issue 40): the sweep of verified uploads no draft uses finds its
-- candidates oldest first and asks, for each, whether a draft refers to it.
CREATE INDEX "uploads_unswept_verified_idx" ON "uploads" USING btree ("completed_at") WHERE "uploads"."swept_at" IS NULL AND "uploads"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "product_drafts_file_upload_idx" ON "product_drafts" USING btree ("file_upload_id");--> statement-breakpoint
CREATE INDEX "product_drafts_cover_upload_idx" ON "product_drafts" USING btree ("cover_upload_id");--> statement-breakpoint
CREATE INDEX "product_drafts_preview_upload_idx" ON "product_drafts" USING btree ("preview_upload_id");