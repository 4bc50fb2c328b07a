-- Account page (issue #18 item 9): the buyer's profile printed on receipts, and account deletion
-- that anonymises the person while orders, payments and the ledger stay (they are accounting records).
ALTER TABLE "users" ADD COLUMN "school_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Mã số thuế: 10 digits, or 10-3 for a branch; the same rule as the receipt form, enforced here too.
ALTER TABLE "users" ADD CONSTRAINT "users_tax_code_format" CHECK ("tax_code" IS NULL OR "tax_code" ~ '^[0-9]{10}(-[0-9]{3})?$');--> statement-breakpoint
-- A deleted account keeps no way in: no password, and it is disabled for every sign-in path.
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_anonymised" CHECK ("deleted_at" IS NULL OR ("password_hash" IS NULL AND "name" IS NULL AND "school_name" IS NULL AND "tax_code" IS NULL AND "disabled_at" IS NOT NULL));--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" IN ('open', 'answered')),
	CONSTRAINT "support_tickets_answered" CHECK (("support_tickets"."status" = 'answered') = ("support_tickets"."answered_at" IS NOT NULL AND "support_tickets"."answer" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");
