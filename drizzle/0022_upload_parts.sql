ALTER TABLE "uploads" ADD COLUMN "multipart_upload_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "part_bytes" integer;