/**
 * What the vocabulary (search_terms, kept by triggers; in memory per catalog
 * version, ./vocabulary.ts) says about a query before the products are searched:
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
import { config } from '../config';
import { queryRows } from '../db/rows';
import { nowMs } from '../platform/clock';
import { vocabularyFor } from './vocabulary';

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

interface Completion {
	term: string;
	ndoc: number;
}

/**
 * What the database said, kept for one catalog version (the triggers that keep
 * search_terms move `catalog_version` too) and like the hit cache for at most
 * SEARCH_CACHE_SECONDS: used only until the whole vocabulary of the version is
 * in memory (./vocabulary.ts), or always when the version is read from the
 * database (no LISTEN connection).
 */
interface Memo {
	version: string;
	expiresAt: number;
	/** Document frequency of a word or title word pair; 0 for one the catalog lacks. */
	ndoc: Map<string, number>;
	/** The most used completions of a prefix (MAX_EXPANSION + 1 at most). */
	completions: Map<string, Completion[]>;
}

/** A stream of unknown words must not grow this without end. */
const MAX_MEMO_ENTRIES = 50_000;

let memo: Memo | null = null;

/** The memo for `version` (null when caching is off: every lookup asks the database). */
function memoFor(version: string | null): Memo | null {
	if (version === null) return null;
	const now = nowMs();
	if (!memo || memo.version !== version || memo.expiresAt <= now || memo.ndoc.size + memo.completions.size > MAX_MEMO_ENTRIES) {
		memo = { version, expiresAt: now + config().searchCache.ttlMs, ndoc: new Map(), completions: new Map() };
	}
	return memo;
}

/** Document frequencies of `terms` (and the completions of `prefix`), from the memo or in one query. */
async function lookUp(terms: string[], prefix: string | null, version: string | null): Promise<{ ndoc: Map<string, number>; completions: Completion[] }> {
	const vocabulary = vocabularyFor(version);
	if (vocabulary) {
		return {
			ndoc: new Map(terms.map((t) => [t, vocabulary.ndoc(t)])),
			completions: prefix === null ? [] : vocabulary.completions(prefix, MAX_EXPANSION)
		};
	}
	const m = memoFor(version);
	const missing = [...new Set(m ? terms.filter((t) => !m.ndoc.has(t)) : terms)];
	const known = prefix === null ? undefined : m?.completions.get(prefix);
	const askPrefix = prefix !== null && !known;
	const ndoc = new Map(m ? terms.map((t) => [t, m.ndoc.get(t) ?? 0]) : []);
	let completions = known ?? [];
	if (missing.length > 0 || askPrefix) {
		const rows = await queryRows<{ term: string; ndoc: number; completion: boolean }>(sql`
			SELECT term, ndoc, false AS completion FROM search_terms WHERE term = ANY(${textArray(missing)}::text[])
			${
				askPrefix
					? sql`UNION ALL (SELECT term, ndoc, true FROM search_terms
						WHERE term LIKE ${`${escapeLike(prefix)}%`} AND strpos(term, '_') = 0
						ORDER BY ndoc DESC, term LIMIT ${MAX_EXPANSION + 1})`
					: sql``
			}`);
		for (const t of missing) ndoc.set(t, 0);
		for (const r of rows) if (!r.completion) ndoc.set(r.term, Number(r.ndoc));
		if (askPrefix) completions = rows.filter((r) => r.completion).map((r) => ({ term: r.term, ndoc: Number(r.ndoc) }));
		if (m) {
			for (const t of missing) m.ndoc.set(t, ndoc.get(t)!);
			if (askPrefix) m.completions.set(prefix, completions);
		}
	}
	return { ndoc, completions };
}

/** `version`: the catalog version the answer may be remembered under (see Memo). */
export async function resolvePositions(positions: Position[], version: string | null): Promise<Resolved> {
	const last = positions.at(-1)!;
	const exact = positions.flatMap((p) => (p.prefix ? [] : p.folded));
	const { ndoc, completions } = await lookUp(exact, last.prefix ? last.folded[0]! : null, version);

	const groups = positions.map((p) => p.terms);
	const lexemes = positions.map((p) => p.folded);
	let lastIsPrefix = last.prefix;
	const counts = positions.map((p) => (p.prefix ? 0 : p.folded.reduce((sum, t) => sum + (ndoc.get(t) ?? 0), 0)));
	if (last.prefix) {
		if (completions.length <= MAX_EXPANSION) {
			groups[groups.length - 1] = completions.map((c) => c.term);
			lexemes[lexemes.length - 1] = completions.map((c) => c.term);
			lastIsPrefix = false;
			counts[counts.length - 1] = completions.reduce((sum, c) => sum + c.ndoc, 0);
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
export async function pairCeiling(titlePairs: string, version: string | null): Promise<number> {
	if (titlePairs.includes(':*')) return Infinity;
	const positions = titlePairs.split(' & ').map((group) => [...group.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
	const { ndoc } = await lookUp(positions.flat(), null, version);
	return Math.min(...positions.map((terms) => terms.reduce((sum, t) => sum + (ndoc.get(t) ?? 0), 0)));
}
