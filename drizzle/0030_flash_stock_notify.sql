-- Hand-written (issue 15; ADR 015): flash-sale stock moves on every purchase
-- and release without moving catalog_version (that would drop every cached
-- catalog answer on every flash purchase). Stored whole answers that show a
-- flash sale's stock (src/lib/server/http/response-cache.ts) are dropped
-- instead, per product: this trigger tells every listening process which
-- product's stock moved, on commit, and moves flash_stock_version on, which
-- a process reads after its own writes (as it reads catalog_version).
-- Payload: "<product id> <flash_stock_version>".
CREATE SEQUENCE IF NOT EXISTS flash_stock_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flash_stock_moved() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		PERFORM pg_notify('hoclieu_flash_stock', NEW.product_id::text || ' ' || nextval('flash_stock_version')::text);
		RETURN NULL;
	END
	$$;
--> statement-breakpoint
CREATE TRIGGER flash_sales_stock_moved
	AFTER UPDATE OF stock_left ON flash_sales
	FOR EACH ROW WHEN (OLD.stock_left IS DISTINCT FROM NEW.stock_left)
	EXECUTE FUNCTION flash_stock_moved();
