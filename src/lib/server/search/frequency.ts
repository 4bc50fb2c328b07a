/**
 * What the vocabulary (search_terms, kept by triggers) says about a query
 * before the products are searched:
 *
 * - A last word typed as a prefix ("toa") is expanded to the few words that
 *   start with it ("toan"), when there are few: GIN answers an OR of exact
 *   words from its posting lists, while a `:*` prefix makes it merge every
 *   matching key (ten times slower for a common word such as "hoc").
 * - The ceiling: at most how many products can match, the smallest document
 *   frequency among the positions (or among the title word pairs, for the
 *   phrase tier). It tells a rare query (best answered by a GIN bitmap and a
 *   sort) from a common one (best answered by walking the popularity index).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';

/** A prefix with more completions than this stays a `:*` prefix. */
const MAX_EXPANSION = 8;

export interface Position {
	/** What goes into the tsquery, any of which may match. */
	terms: string[];
	/** The same, folded as the vocabulary stores them. */
	folded: string[];
	prefix: boolean;
}

export interface Resolved {
	groups: string[][];
	/** The same positions as vocabulary lexemes. */
	lexemes: string[][];
	lastIsPrefix: boolean;
	/** Upper bound of matching products (Infinity when unknown). */
	ceiling: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
const textArray = (items: string[]) => `{${items.map((t) => `"${t}"`).join(',')}}`;

export async function resolvePositions(positions: Position[]): Promise<Resolved> {
	const last = positions.at(-1)!;
	const exact = positions.flatMap((p) => (p.prefix ? [] : p.folded));
	const rows = await queryRows<{ term: string; ndoc: number; completion: boolean }>(sql`
		SELECT term, ndoc, false AS completion FROM search_terms WHERE term = ANY(${textArray(exact)}::text[])
		${
			last.prefix
				? sql`UNION ALL (SELECT term, ndoc, true FROM search_terms
					WHERE term LIKE ${`${escapeLike(last.folded[0]!)}%`} AND strpos(term, '_') = 0
					ORDER BY ndoc DESC, term LIMIT ${MAX_EXPANSION + 1})`
				: sql``
		}`);
	const ndoc = new Map(rows.filter((r) => !r.completion).map((r) => [r.term, Number(r.ndoc)]));
	const completions = rows.filter((r) => r.completion);

	const groups = positions.map((p) => p.terms);
	const lexemes = positions.map((p) => p.folded);
	let lastIsPrefix = last.prefix;
	const counts = positions.map((p) => (p.prefix ? 0 : p.folded.reduce((sum, t) => sum + (ndoc.get(t) ?? 0), 0)));
	if (last.prefix) {
		if (completions.length <= MAX_EXPANSION) {
			groups[groups.length - 1] = completions.map((c) => c.term);
			lexemes[lexemes.length - 1] = completions.map((c) => c.term);
			lastIsPrefix = false;
			counts[counts.length - 1] = completions.reduce((sum, c) => sum + Number(c.ndoc), 0);
		} else {
			counts[counts.length - 1] = Infinity;
		}
	}
	// A prefix nothing starts with leaves an empty group: nothing can match.
	if (groups.at(-1)!.length === 0) {
		groups[groups.length - 1] = last.terms;
		lexemes[lexemes.length - 1] = last.folded;
	}
	return { groups, lexemes, lastIsPrefix, ceiling: Math.min(...counts) };
}

/**
 * At most how many titles hold every word pair of a ready `titlePairs`
 * tsquery (see query-text.ts); Infinity while a pair is still a prefix.
 */
export async function pairCeiling(titlePairs: string): Promise<number> {
	if (titlePairs.includes(':*')) return Infinity;
	const positions = titlePairs.split(' & ').map((group) => [...group.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
	const rows = await queryRows<{ term: string; ndoc: number }>(
		sql`SELECT term, ndoc FROM search_terms WHERE term = ANY(${textArray(positions.flat())}::text[])`
	);
	const ndoc = new Map(rows.map((r) => [r.term, Number(r.ndoc)]));
	return Math.min(...positions.map((terms) => terms.reduce((sum, t) => sum + (ndoc.get(t) ?? 0), 0)));
}
