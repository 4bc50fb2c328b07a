CREATE TABLE "cart_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"guest_email" text,
	"cart_id" uuid,
	"payment_method" text NOT NULL,
	"promo_code" text,
	"amount_vnd" bigint NOT NULL,
	"payment_intent_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_checkouts_buyer" CHECK ("cart_checkouts"."user_id" IS NOT NULL OR "cart_checkouts"."guest_email" IS NOT NULL),
	CONSTRAINT "cart_checkouts_amount_nonneg" CHECK ("cart_checkouts"."amount_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"added_price_vnd" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "cart_items_price_nonneg" CHECK ("cart_items"."added_price_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" DROP CONSTRAINT "checkout_idempotency_keys_kind";--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" DROP CONSTRAINT "checkout_idempotency_keys_result";--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD COLUMN "cart_checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_checkouts_user_created_idx" ON "cart_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_key" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "carts_guest_updated_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_cart_checkout_id_cart_checkouts_id_fk" FOREIGN KEY ("cart_checkout_id") REFERENCES "public"."cart_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_checkout_id_cart_checkouts_id_fk" FOREIGN KEY ("cart_checkout_id") REFERENCES "public"."cart_checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cart_checkout_idx" ON "orders" USING btree ("cart_checkout_id") WHERE "orders"."cart_checkout_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_kind" CHECK ("checkout_idempotency_keys"."kind" in ('checkout', 'topup', 'cart'));--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_result" CHECK (("checkout_idempotency_keys"."kind" = 'checkout' and "checkout_idempotency_keys"."topup_order_id" is null and "checkout_idempotency_keys"."cart_checkout_id" is null) or ("checkout_idempotency_keys"."kind" = 'topup' and "checkout_idempotency_keys"."order_id" is null and "checkout_idempotency_keys"."cart_checkout_id" is null) or ("checkout_idempotency_keys"."kind" = 'cart' and "checkout_idempotency_keys"."order_id" is null and "checkout_idempotency_keys"."topup_order_id" is null));