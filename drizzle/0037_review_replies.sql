ALTER TABLE "buyer_reviews" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD COLUMN "reply_by" uuid;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD COLUMN "reply_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_reply_by_users_id_fk" FOREIGN KEY ("reply_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_reply" CHECK (("buyer_reviews"."reply_body" IS NULL) = ("buyer_reviews"."replied_at" IS NULL));--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_reply_length" CHECK (char_length("buyer_reviews"."reply_body") BETWEEN 1 AND 2000);