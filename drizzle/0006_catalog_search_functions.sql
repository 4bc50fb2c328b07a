-- Hand-written (architecture D3): the immutable helpers the products' generated
-- search columns are built from. array_to_string() and unaccent() are only
-- STABLE, so generated columns cannot call them directly; these wrappers pin
-- the text search configuration and dictionary by schema-qualified name.
--
-- Words mixing letters and digits ("Toán10", "lớp-1a") are numword/numhword
-- tokens, which the vn_unaccent configuration copied from `simple` does not
-- unaccent yet.
ALTER TEXT SEARCH CONFIGURATION vn_unaccent
	ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, simple;
--> statement-breakpoint
-- Everything searchable: title (A), tags (B), description (C). Input is
-- NFC-normalised so text typed with combining accents (NFD) folds the same way.
CREATE OR REPLACE FUNCTION product_search_vector(title text, tags text[], description text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT setweight(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(title, ''), NFC)), 'A')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(array_to_string(tags, ' '), ''), NFC)), 'B')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(description, ''), NFC)), 'C')
	$$;
--> statement-breakpoint
-- Only title (A) and tags (B): relevance tiers are answered from this smaller
-- document's own GIN index instead of rechecking whole descriptions.
CREATE OR REPLACE FUNCTION product_head_vector(title text, tags text[]) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT setweight(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(title, ''), NFC)), 'A')
			|| setweight(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(array_to_string(tags, ' '), ''), NFC)), 'B')
	$$;
--> statement-breakpoint
-- Adjacent word pairs of the title ("giao_an", "an_toan", …) as lexemes: the
-- "words side by side in the title" relevance tier becomes an exact GIN lookup
-- instead of a phrase recheck on every candidate row.
CREATE OR REPLACE FUNCTION product_title_pairs(title text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$
		SELECT coalesce(array_to_tsvector(array_agg(DISTINCT pair)), ''::tsvector)
		FROM (
			SELECT w.lexeme || '_' || lead(w.lexeme) OVER (ORDER BY w.pos) AS pair,
				lead(w.pos) OVER (ORDER BY w.pos) - w.pos AS gap
			FROM (
				SELECT t.lexeme, unnest(t.positions) AS pos
				FROM unnest(to_tsvector('public.vn_unaccent'::regconfig, normalize(coalesce(title, ''), NFC))) AS t
			) w
		) pairs
		WHERE gap = 1
	$$;
