CREATE TABLE "product_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reporter_user_id" uuid,
	"reporter_name" text NOT NULL,
	"reporter_email" text NOT NULL,
	"organisation" text,
	"original_work" text,
	"message" text NOT NULL,
	"sworn_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"suspended_product" boolean DEFAULT false NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_reports_decided" CHECK (("product_reports"."status" IN ('upheld', 'dismissed')) = ("product_reports"."decided_at" IS NOT NULL)),
	CONSTRAINT "product_reports_copyright_sworn" CHECK ("product_reports"."kind" <> 'copyright' OR "product_reports"."sworn_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reports_queue_idx" ON "product_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_reports_product_idx" ON "product_reports" USING btree ("product_id");--> statement-breakpoint
-- Hand-written: the vocabularies are closed in the database too, not only in TypeScript.
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_kind" CHECK ("kind" IN ('copyright', 'theft', 'content', 'other'));--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_status" CHECK ("status" IN ('open', 'suspended', 'upheld', 'dismissed'));
--> statement-breakpoint
-- Hand-written fix: `UPDATE OF is_published` fires only when is_published is in the SET list, and
-- status changes (approve, unpublish, suspend) set only status (products_sync_status derives
-- is_published in a BEFORE trigger), so they left cached search hits of the old catalog in place.
DROP TRIGGER IF EXISTS products_catalog_version ON products;--> statement-breakpoint
CREATE TRIGGER products_catalog_version
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF category_id, type, title, slug, description, tags, price_vnd,
		sale_price_vnd, sale_ends_at, rating_avg, rating_count, is_published, status, created_at
	ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
