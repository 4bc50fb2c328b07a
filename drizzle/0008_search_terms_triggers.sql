-- Hand-written: keeps search_terms (the vocabulary search plans from, completes
-- prefixes from and corrects typos against) in step with products: every lexeme
-- of search_vector and every title word pair of title_pairs. Statement-level
-- triggers with transition tables cost one upsert per batch, not one per row,
-- so bulk seeding stays fast.
CREATE OR REPLACE FUNCTION search_terms_collect_inserted() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		INSERT INTO search_terms (term, ndoc)
		SELECT t.term, count(*)::int
		FROM inserted_products n, unnest(tsvector_to_array(n.search_vector) || tsvector_to_array(n.title_pairs)) AS t(term)
		GROUP BY t.term
		ON CONFLICT (term) DO UPDATE SET ndoc = search_terms.ndoc + EXCLUDED.ndoc;
		RETURN NULL;
	END
	$$;
--> statement-breakpoint
-- Updates that leave the search document alone (popularity, ratings) cost a join and nothing more.
CREATE OR REPLACE FUNCTION search_terms_collect_updated() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
	BEGIN
		INSERT INTO search_terms (term, ndoc)
		SELECT DISTINCT t.term, 1
		FROM updated_products n
		JOIN previous_products o ON o.id = n.id
		CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector) || tsvector_to_array(n.title_pairs)) AS t(term)
		WHERE n.search_vector IS DISTINCT FROM o.search_vector
		ON CONFLICT (term) DO NOTHING;
		RETURN NULL;
	END
	$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_inserted
	AFTER INSERT ON products
	REFERENCING NEW TABLE AS inserted_products
	FOR EACH STATEMENT EXECUTE FUNCTION search_terms_collect_inserted();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_updated
	AFTER UPDATE ON products
	REFERENCING OLD TABLE AS previous_products NEW TABLE AS updated_products
	FOR EACH STATEMENT EXECUTE FUNCTION search_terms_collect_updated();
--> statement-breakpoint
INSERT INTO search_terms (term, ndoc)
SELECT t.term, count(*)::int
FROM products p, unnest(tsvector_to_array(p.search_vector) || tsvector_to_array(p.title_pairs)) AS t(term)
GROUP BY t.term
ON CONFLICT (term) DO NOTHING;
