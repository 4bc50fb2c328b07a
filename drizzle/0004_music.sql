CREATE TABLE "music_download_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"quota_used" boolean NOT NULL,
	"window_start" timestamp with time zone,
	"url_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "music_download_logs_window" CHECK ("music_download_logs"."quota_used" = ("music_download_logs"."window_start" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "music_quota_usage" (
	"user_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_quota_usage_user_id_window_start_pk" PRIMARY KEY("user_id","window_start"),
	CONSTRAINT "music_quota_usage_used_nonneg" CHECK ("music_quota_usage"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "music_download_logs" ADD CONSTRAINT "music_download_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_download_logs" ADD CONSTRAINT "music_download_logs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_quota_usage" ADD CONSTRAINT "music_quota_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_download_logs_user_idx" ON "music_download_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "music_download_logs_product_idx" ON "music_download_logs" USING btree ("product_id");