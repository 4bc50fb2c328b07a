CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"ndoc" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (product_search_vector(title, tags, description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "head_vector" "tsvector" GENERATED ALWAYS AS (product_head_vector(title, tags)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_pairs" "tsvector" GENERATED ALWAYS AS (product_title_pairs(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_aliases_product_idx" ON "product_aliases" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("popularity","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_avg","rating_count","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_category_popular_idx" ON "products" USING btree ("category_id","popularity","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating_avg","rating_count","id") WHERE is_published;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_head_vector_idx" ON "products" USING gin ("head_vector");--> statement-breakpoint
CREATE INDEX "products_title_pairs_idx" ON "products" USING gin ("title_pairs");