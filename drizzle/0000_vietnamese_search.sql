-- Hand-written (architecture D3): Vietnamese accent-insensitive search.
-- "giao an toan lop 1" must match "Giáo án Toán lớp 1", and đ folds to d.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (it depends on search_path); generated columns and
-- indexes need IMMUTABLE, so pin the dictionary and schema explicitly.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'vn_unaccent') THEN
		CREATE TEXT SEARCH CONFIGURATION vn_unaccent (COPY = simple);
		ALTER TEXT SEARCH CONFIGURATION vn_unaccent
			ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
	END IF;
END
$$;
