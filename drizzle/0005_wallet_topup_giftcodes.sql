CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"direction" text NOT NULL,
	"pocket" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_amount_pos" CHECK ("wallet_ledger"."amount" > 0),
	CONSTRAINT "wallet_ledger_balance_nonneg" CHECK ("wallet_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"main" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_main_nonneg" CHECK ("wallets"."main" >= 0),
	CONSTRAINT "wallets_bonus_nonneg" CHECK ("wallets"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"gateway" text,
	"account_number" text,
	"transfer_type" text NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"bank_reference" text,
	"transaction_date" text,
	"payload" jsonb NOT NULL,
	"match_status" text NOT NULL,
	"intent_id" uuid,
	"credited_vnd" bigint DEFAULT 0 NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"note" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "bank_transfers_amount_nonneg" CHECK ("bank_transfers"."amount_vnd" >= 0),
	CONSTRAINT "bank_transfers_credited_nonneg" CHECK ("bank_transfers"."credited_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_amount_pos" CHECK ("payment_intents"."amount_vnd" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_id" uuid NOT NULL,
	"user_id" uuid,
	"ref_type" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"discount_vnd" bigint NOT NULL,
	"status" text DEFAULT 'RESERVED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_discount_nonneg" CHECK ("promo_redemptions"."discount_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"applies_to" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"max_discount_vnd" bigint,
	"amount_off_vnd" bigint,
	"min_amount_vnd" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"per_user_cap" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"product_id" uuid,
	"product_type" text,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_kind_value" CHECK (("promos"."kind" = 'PERCENT' AND "promos"."percent_off" BETWEEN 1 AND 100 AND "promos"."amount_off_vnd" IS NULL)
				OR ("promos"."kind" = 'FIXED' AND "promos"."amount_off_vnd" > 0 AND "promos"."percent_off" IS NULL AND "promos"."max_discount_vnd" IS NULL)),
	CONSTRAINT "promos_max_discount_pos" CHECK ("promos"."max_discount_vnd" IS NULL OR "promos"."max_discount_vnd" > 0),
	CONSTRAINT "promos_min_amount_nonneg" CHECK ("promos"."min_amount_vnd" >= 0),
	CONSTRAINT "promos_window" CHECK ("promos"."starts_at" IS NULL OR "promos"."ends_at" IS NULL OR "promos"."ends_at" > "promos"."starts_at"),
	CONSTRAINT "promos_caps_pos" CHECK (("promos"."total_cap" IS NULL OR "promos"."total_cap" > 0) AND ("promos"."per_user_cap" IS NULL OR "promos"."per_user_cap" > 0)),
	CONSTRAINT "promos_used_range" CHECK ("promos"."used" >= 0 AND ("promos"."total_cap" IS NULL OR "promos"."used" <= "promos"."total_cap")),
	CONSTRAINT "promos_scope_checkout_only" CHECK ("promos"."applies_to" = 'CHECKOUT' OR ("promos"."product_id" IS NULL AND "promos"."product_type" IS NULL AND "promos"."category_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "topup_denominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"bonus_rate_bp" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"tag" text,
	"is_popular" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_denominations_amount_pos" CHECK ("topup_denominations"."amount_vnd" > 0),
	CONSTRAINT "topup_denominations_bonus_range" CHECK ("topup_denominations"."bonus_rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"denomination_id" uuid NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"bonus_vnd" bigint DEFAULT 0 NOT NULL,
	"promo_discount_vnd" bigint DEFAULT 0 NOT NULL,
	"total_amount_vnd" bigint NOT NULL,
	"promo_redemption_id" uuid,
	"payment_method" text DEFAULT 'qr_direct' NOT NULL,
	"payment_ref" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_orders_amounts" CHECK ("topup_orders"."amount_vnd" > 0 AND "topup_orders"."bonus_vnd" >= 0 AND "topup_orders"."promo_discount_vnd" >= 0),
	CONSTRAINT "topup_orders_total" CHECK ("topup_orders"."total_amount_vnd" = "topup_orders"."amount_vnd" - "topup_orders"."promo_discount_vnd" AND "topup_orders"."total_amount_vnd" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lookup_hash" text NOT NULL,
	"hint" text NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"max_redemptions" integer DEFAULT 1 NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"batch_id" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_amount_nonneg" CHECK ("gift_codes"."amount_vnd" >= 0),
	CONSTRAINT "gift_codes_redemptions" CHECK ("gift_codes"."max_redemptions" > 0 AND "gift_codes"."redemption_count" >= 0 AND "gift_codes"."redemption_count" <= "gift_codes"."max_redemptions")
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_denomination_id_topup_denominations_id_fk" FOREIGN KEY ("denomination_id") REFERENCES "public"."topup_denominations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_promo_redemption_id_promo_redemptions_id_fk" FOREIGN KEY ("promo_redemption_id") REFERENCES "public"."promo_redemptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_once_key" ON "wallet_ledger" USING btree ("user_id","entry_type","pocket","ref_type","ref_id") WHERE "wallet_ledger"."ref_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_provider_txn_key" ON "bank_transfers" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_review_idx" ON "bank_transfers" USING btree ("received_at") WHERE "bank_transfers"."needs_review";--> statement-breakpoint
CREATE INDEX "bank_transfers_intent_idx" ON "bank_transfers" USING btree ("intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_key" ON "payment_intents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_target_key" ON "payment_intents" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "payment_intents_pending_expiry_idx" ON "payment_intents" USING btree ("expires_at") WHERE "payment_intents"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_ref_key" ON "promo_redemptions" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("promo_id","user_id") WHERE "promo_redemptions"."status" <> 'RELEASED';--> statement-breakpoint
CREATE UNIQUE INDEX "promos_code_key" ON "promos" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_denominations_amount_key" ON "topup_denominations" USING btree ("amount_vnd");--> statement-breakpoint
CREATE INDEX "topup_orders_user_idx" ON "topup_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_payment_ref_key" ON "topup_orders" USING btree ("payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_redemptions_once_key" ON "gift_code_redemptions" USING btree ("gift_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_lookup_hash_key" ON "gift_codes" USING btree ("lookup_hash");--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id");