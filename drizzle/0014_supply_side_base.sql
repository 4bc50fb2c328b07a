CREATE TABLE "order_refunds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"refunded_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_nonneg" CHECK ("order_refunds"."amount_vnd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_author_idx" ON "products" USING btree ("author_id","created_at") WHERE "products"."author_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","updated_at") WHERE "products"."status" <> 'published';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" IN ('draft', 'in_review', 'rejected', 'published', 'unpublished', 'suspended'));--> statement-breakpoint
UPDATE "products" SET "status" = 'unpublished' WHERE NOT "is_published";--> statement-breakpoint
-- is_published is what every catalog read filters on; status is the product's
-- life. Keep them equal: a write that changes status sets is_published, and a
-- legacy write that only flips is_published moves status between published and
-- unpublished. On insert, a non-default status wins; with the default, the
-- given is_published decides.
CREATE OR REPLACE FUNCTION products_sync_status() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.status = 'published' AND NOT NEW.is_published THEN
			NEW.status := 'unpublished';
		END IF;
	ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
		NULL;
	ELSIF NEW.is_published IS DISTINCT FROM OLD.is_published THEN
		NEW.status := CASE WHEN NEW.is_published THEN 'published' ELSE 'unpublished' END;
	END IF;
	NEW.is_published := NEW.status = 'published';
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_sync_status
	BEFORE INSERT OR UPDATE OF status, is_published ON "products"
	FOR EACH ROW EXECUTE FUNCTION products_sync_status();
