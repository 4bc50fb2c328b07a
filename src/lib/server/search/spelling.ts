/**
 * Typo fallback: when full text finds nothing, words the catalog does not
 * contain are replaced by the closest words it does contain.
 *
 * Candidates come from the vocabulary table (search_terms, words only, not
 * the title word pairs it also keeps) by trigram
 * similarity (pg_trgm, GIN-indexed) plus words sharing the first letters, which
 * catches the short-word transpositions trigrams miss ("tona" → "toan" shares
 * only two trigrams). Candidates are then ranked by edit distance with
 * transpositions, then by how many products use them, so "giáo án toná" is
 * searched as "giáo án toán".
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import type { QueryWords } from './query-text';
import { vocabularyFor } from './vocabulary';

const MAX_ALTERNATIVES = 3;
const MAX_CANDIDATES = 200;

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
	const rows = a.length + 1;
	const cols = b.length + 1;
	const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	for (let i = 1; i < rows; i++) {
		for (let j = 1; j < cols; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
			d[i]![j] = best;
		}
	}
	return d[a.length]![b.length]!;
}

/** How far a correction may be from what was typed. */
export function allowedEdits(word: string): number {
	return word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2;
}

interface Candidate {
	term: string;
	ndoc: number;
}

/** The closest vocabulary words, nearest first, then the most used. */
export function pickCorrections(word: string, candidates: Candidate[]): string[] {
	const limit = allowedEdits(word);
	const scored = candidates
		.map((c) => ({ ...c, distance: editDistance(word, c.term) }))
		.filter((c) => c.distance > 0 && c.distance <= limit);
	if (scored.length === 0) return [];
	const nearest = Math.min(...scored.map((c) => c.distance));
	return scored
		.filter((c) => c.distance === nearest)
		.sort((x, y) => y.ndoc - x.ndoc || x.term.localeCompare(y.term))
		.slice(0, MAX_ALTERNATIVES)
		.map((c) => c.term);
}

/** Which of the query's words the catalog contains (a last word typed as a prefix: when some term starts with it). */
async function knownWords(q: QueryWords, version: string | null): Promise<Set<string>> {
	const last = q.folded.at(-1)!;
	const vocabulary = vocabularyFor(version);
	if (vocabulary) {
		return new Set(q.folded.filter((w) => vocabulary.has(w) || (q.lastIsPrefix && w === last && vocabulary.hasPrefix(w))));
	}
	const lastPrefix = q.lastIsPrefix ? `${last.replace(/[\\%_]/g, '\\$&')}%` : null;
	const known = await queryRows<{ term: string }>(sql`
		SELECT term FROM search_terms WHERE term = ANY(${`{${q.folded.map((w) => `"${w}"`).join(',')}}`}::text[])
		${lastPrefix ? sql`UNION ALL (SELECT ${last} FROM search_terms WHERE term LIKE ${lastPrefix} LIMIT 1)` : sql``}`);
	return new Set(known.map((r) => r.term));
}

export interface Corrected {
	groups: string[][];
	lastIsPrefix: boolean;
}

/**
 * Replaces each unknown word by its corrections. Null when nothing was
 * unknown (a correction cannot help) or an unknown word has no correction.
 */
export async function correctQuery(q: QueryWords, version: string | null): Promise<Corrected | null> {
	const knownSet = await knownWords(q, version);
	const unknown = q.folded.filter((w) => !knownSet.has(w));
	if (unknown.length === 0) return null;

	const corrections = new Map<string, string[]>();
	for (const word of new Set(unknown)) {
		const head = [...word].slice(0, 2).join('').replace(/[\\%_]/g, '\\$&');
		const candidates = await queryRows<Candidate>(sql`
			(SELECT term, ndoc FROM search_terms WHERE term % ${word} AND strpos(term, '_') = 0
				ORDER BY similarity(term, ${word}) DESC LIMIT ${MAX_CANDIDATES})
			UNION
			(SELECT term, ndoc FROM search_terms
				WHERE term LIKE ${`${head}%`} AND length(term) BETWEEN ${word.length - 2} AND ${word.length + 2} AND strpos(term, '_') = 0
				LIMIT ${MAX_CANDIDATES})`);
		const picked = pickCorrections(word, candidates);
		if (picked.length === 0) return null;
		corrections.set(word, picked);
	}
	const groups = q.folded.map((w, i) => corrections.get(w) ?? [q.words[i]!]);
	// A corrected last word is a whole word now, not a prefix being typed.
	const lastIsPrefix = q.lastIsPrefix && !corrections.has(q.folded.at(-1)!);
	return { groups, lastIsPrefix };
}
