DROP INDEX "checkout_idempotency_keys_key";--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD COLUMN "kind" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD COLUMN "topup_order_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_topup_order_id_topup_orders_id_fk" FOREIGN KEY ("topup_order_id") REFERENCES "public"."topup_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_idempotency_keys_key" ON "checkout_idempotency_keys" USING btree ("kind","scope","key");--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_kind" CHECK ("checkout_idempotency_keys"."kind" in ('checkout', 'topup'));--> statement-breakpoint
ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_result" CHECK (("checkout_idempotency_keys"."kind" = 'checkout' and "checkout_idempotency_keys"."topup_order_id" is null) or ("checkout_idempotency_keys"."kind" = 'topup' and "checkout_idempotency_keys"."order_id" is null));