/**
 * Search documents of generated products without PostgreSQL, for the in-memory index's unit test
 * and its memory benchmark (scripts/bench/search-index-memory.ts). The lexemes are a plain
 * folding (lower case, accents dropped, split on anything but a letter or digit), not
 * `to_tsvector`'s, which the index does not care about: it only needs the row shape the build
 * statement returns (src/lib/server/search/posting-lists.ts, SearchDocumentRow).
 */
import type { SeedProduct } from '../../src/lib/server/catalog/seed/generate';
import type { SearchDocumentRow, SearchVectorRow } from '../../src/lib/server/search/posting-lists';

/** The words of `text`, folded. */
export function lexemesOf(text: string): string[] {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.replace(/[đĐ]/g, 'd')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
}

/** A product's row as the index build reads it: every lexeme once, behind 2 (title), 1 (tags only) or 0 (description only). */
export function searchDocumentOf(p: Pick<SeedProduct, 'id' | 'popularity' | 'categoryId' | 'title' | 'tags' | 'description'>): SearchDocumentRow {
	const title = lexemesOf(p.title);
	const flags = new Map<string, number>();
	for (const w of lexemesOf(p.description)) flags.set(w, 0);
	for (const w of p.tags.flatMap(lexemesOf)) flags.set(w, 1);
	for (const w of title) flags.set(w, 2);
	const pairs = new Set(title.slice(1).map((w, i) => `${title[i]}_${w}`));
	return {
		id: p.id,
		popularity: p.popularity,
		category_id: p.categoryId,
		words: [...flags].map(([w, f]) => `${f}${w}`).join(' '),
		pairs: [...pairs].join(' ')
	};
}

/** The order the build reads rows in (its ordinals): popularity descending, then id descending. */
export function byOrdinal(a: SearchDocumentRow, b: SearchDocumentRow): number {
	return b.popularity - a.popularity || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The same document as PostgreSQL prints `search_vector` and `title_pairs` (what the server's build
 * reads): each lexeme with two positions, the first at weight A in the title, B in the tags only,
 * C in the description only.
 */
export function vectorRowOf(row: SearchDocumentRow): SearchVectorRow {
	let position = 0;
	const weight = ['C', 'B', 'A'];
	const lexemes = row.words
		.split(' ')
		.filter(Boolean)
		.map((token) => ({ flag: Number(token[0]), lexeme: token.slice(1) }))
		.sort((a, b) => (a.lexeme < b.lexeme ? -1 : 1));
	const vector = lexemes.map(({ flag, lexeme }) => `'${lexeme}':${++position}${weight[flag]},${++position}C`).join(' ');
	const pairs = row.pairs
		.split(' ')
		.filter(Boolean)
		.map((t) => `'${t}'`)
		.join(' ');
	return { id: row.id, popularity: row.popularity, category_id: row.category_id, vector, pairs };
}
