CREATE TABLE "buyer_review_reports" (
	"review_id" uuid NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "buyer_review_reports_review_id_reporter_user_id_pk" PRIMARY KEY("review_id","reporter_user_id"),
	CONSTRAINT "buyer_review_reports_reason" CHECK ("buyer_review_reports"."reason" IN ('spam', 'offensive', 'off_topic', 'other'))
);
--> statement-breakpoint
CREATE TABLE "buyer_review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "buyer_review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "buyer_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"stars" smallint NOT NULL,
	"body" text NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "buyer_reviews_stars" CHECK ("buyer_reviews"."stars" BETWEEN 1 AND 5),
	CONSTRAINT "buyer_reviews_body_length" CHECK (char_length("buyer_reviews"."body") BETWEEN 10 AND 2000),
	CONSTRAINT "buyer_reviews_helpful_nonneg" CHECK ("buyer_reviews"."helpful_count" >= 0),
	CONSTRAINT "buyer_reviews_hidden" CHECK (("buyer_reviews"."hidden_at" IS NULL) = ("buyer_reviews"."hidden_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "buyer_review_reports" ADD CONSTRAINT "buyer_review_reports_review_id_buyer_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."buyer_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_review_reports" ADD CONSTRAINT "buyer_review_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_review_votes" ADD CONSTRAINT "buyer_review_votes_review_id_buyer_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."buyer_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_review_votes" ADD CONSTRAINT "buyer_review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_reviews" ADD CONSTRAINT "buyer_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_review_reports_open_idx" ON "buyer_review_reports" USING btree ("review_id") WHERE "buyer_review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_reviews_one_per_buyer" ON "buyer_reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "buyer_reviews_listing_idx" ON "buyer_reviews" USING btree ("product_id","helpful_count","created_at","id") WHERE "buyer_reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "buyer_reviews_user_idx" ON "buyer_reviews" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: the rating a product shows is computed from its visible buyer reviews, never
-- written by hand. A row trigger recomputes it in the same transaction as every review change
-- (write, edit, hide, unhide, and deletes cascading from an account), so no code path can forget.
-- The products UPDATE fires products_catalog_version, so cached listings drop the old rating.
CREATE FUNCTION buyer_reviews_rate_product(target uuid) RETURNS void LANGUAGE sql AS $$
	UPDATE products p SET rating_avg = r.avg, rating_count = r.n
	FROM (
		SELECT coalesce(round(avg(stars)::numeric, 2), 0)::real AS avg, count(*)::int AS n
		FROM buyer_reviews WHERE product_id = target AND hidden_at IS NULL
	) r
	WHERE p.id = target AND (p.rating_avg, p.rating_count) IS DISTINCT FROM (r.avg, r.n);
$$;--> statement-breakpoint
CREATE FUNCTION buyer_reviews_rating_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM buyer_reviews_rate_product(OLD.product_id); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id <> OLD.product_id) THEN
		PERFORM buyer_reviews_rate_product(NEW.product_id);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER buyer_reviews_rating
	AFTER INSERT OR DELETE OR UPDATE OF stars, hidden_at, product_id ON buyer_reviews
	FOR EACH ROW EXECUTE FUNCTION buyer_reviews_rating_trigger();
--> statement-breakpoint
-- Until now ratings were synthetic demo numbers; no review exists yet, so every product starts unrated.
UPDATE products SET rating_avg = 0, rating_count = 0 WHERE rating_avg <> 0 OR rating_count <> 0;
