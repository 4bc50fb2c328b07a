CREATE TABLE "checkout_idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"guest_email" text,
	"guest_consent_at" timestamp with time zone,
	"product_id" uuid NOT NULL,
	"price_vnd" bigint NOT NULL,
	"price_source" text NOT NULL,
	"promo_discount_vnd" bigint DEFAULT 0 NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"promo_code" text,
	"promo_redemption_id" uuid,
	"flash_sale_id" uuid,
	"flash_sale_unit_held" boolean DEFAULT false NOT NULL,
	"payment_intent_id" uuid,
	"payment_ref" text,
	"return_to" text,
	"receipt_status" text,
	"receipt_attempts" integer DEFAULT 0 NOT NULL,
	"receipt_attempted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."price_vnd" >= 0 AND "orders"."promo_discount_vnd" >= 0 AND "orders"."amount_vnd" = "orders"."price_vnd" - "orders"."promo_discount_vnd" AND "orders"."amount_vnd" >= 0),
	CONSTRAINT "orders_buyer" CHECK ("orders"."user_id" IS NOT NULL OR ("orders"."guest_email" IS NOT NULL AND "orders"."guest_consent_at" IS NOT NULL)),
	CONSTRAINT "orders_wallet_needs_account" CHECK ("orders"."payment_method" <> 'wallet' OR "orders"."user_id" IS NOT NULL),
	CONSTRAINT "orders_free_claim_is_free" CHECK ("orders"."payment_method" <> 'free_claim' OR "orders"."amount_vnd" = 0),
	CONSTRAINT "orders_paid_at" CHECK (("orders"."status" = 'PAID') = ("orders"."paid_at" IS NOT NULL)),
	CONSTRAINT "orders_receipt_attempts_nonneg" CHECK ("orders"."receipt_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_redemption_id_promo_redemptions_id_fk" FOREIGN KEY ("promo_redemption_id") REFERENCES "public"."promo_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_idempotency_keys_key" ON "checkout_idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "checkout_idempotency_keys_expiry_idx" ON "checkout_idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_key" ON "orders" USING btree ("user_id","product_id") WHERE "orders"."status" = 'PENDING' AND "orders"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_receipts_due_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."receipt_status" IN ('pending', 'sending', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_ref_key" ON "orders" USING btree ("payment_ref");