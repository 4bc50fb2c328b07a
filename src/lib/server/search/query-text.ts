/**
 * From what a person typed to what PostgreSQL matches (docs/architecture.md#database).
 *
 * Words are split on anything that is not a letter or digit and quoted, so no
 * input can inject tsquery operators. Every word must match; the last one is
 * a prefix when it has a letter, so "toa" already finds "Toán" while typing
 * (a trailing number stays exact: "lop 1" must not mean "lớp 10, 11, 12").
 * Accents are folded by the `vn_unaccent` configuration on both sides, so
 * "dao duc" finds "Đạo đức".
 */

const MAX_TERMS = 12;

/** Accent- and case-folded, as the `vn_unaccent` configuration sees it. */
export function fold(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[đĐ]/g, 'd')
		.toLowerCase();
}

export interface QueryWords {
	/** Lower-case NFC words, in order. */
	words: string[];
	/** The same words folded (what the search documents contain). */
	folded: string[];
	/** Whether the last word is matched as a prefix. */
	lastIsPrefix: boolean;
	/** Queries that differ only by accents or case share this key. */
	key: string;
}

export function queryWords(q: string): QueryWords | null {
	const words = q
		.normalize('NFC')
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)
		.slice(0, MAX_TERMS);
	if (words.length === 0) return null;
	const folded = words.map(fold);
	return { words, folded, lastIsPrefix: /\p{L}/u.test(words.at(-1)!), key: folded.join(' ') };
}

/** tsquery texts for one query; each position may hold alternatives (typo corrections, completions). */
export interface TsQueries {
	/** Every position, anywhere in the document (for to_tsquery). */
	all: string;
	/** Every position within the title (for to_tsquery). */
	title: string;
	/**
	 * Every pair of neighbouring positions as a title word pair ("giao_an"),
	 * a ready tsquery of lexemes (cast with ::tsquery, never parsed); null for
	 * a one-word query.
	 */
	titlePairs: string | null;
}

/** At most this many alternatives for one pair of positions (3 corrections × 3 is the most a query needs). */
const MAX_PAIR_ALTERNATIVES = 16;

/**
 * `groups` go to to_tsquery (which folds them); `lexemes` are the same
 * positions as the vocabulary and title_pairs store them (already folded).
 */
export function tsQueries(groups: string[][], lastIsPrefix: boolean, lexemes: string[][] = groups): TsQueries {
	const last = groups.length - 1;
	const build = (weights: string) =>
		groups
			.map((alternatives, i) => {
				const prefix = lastIsPrefix && i === last ? '*' : '';
				const suffix = prefix || weights ? `:${prefix}${weights}` : '';
				const terms = alternatives.map((w) => `'${w}'${suffix}`);
				return terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`;
			})
			.join(' & ');
	const pairs = titlePairGroups(lexemes, lastIsPrefix);
	const titlePairs =
		pairs.length === 0
			? null
			: pairs
					.map(({ terms, prefix }) => {
						const quoted = terms.map((t) => `'${t}'${prefix ? ':*' : ''}`);
						return quoted.length === 1 ? quoted[0]! : `(${quoted.join(' | ')})`;
					})
					.join(' & ');
	return { all: build(''), title: build('A'), titlePairs };
}

/** One pair of neighbouring positions: any of `terms` ("giao_an") must be a title word pair, or start one with `prefix`. */
export interface PairGroup {
	terms: string[];
	prefix: boolean;
}

/** The title word pairs a query's positions ask for (none for one word); the in-memory index reads the same groups (./index-hits.ts). */
export function titlePairGroups(lexemes: string[][], lastIsPrefix: boolean): PairGroup[] {
	const last = lexemes.length - 1;
	return lexemes.slice(1).map((right, k) => ({
		terms: lexemes[k]!.flatMap((a) => right.map((b) => `${a}_${b}`)).slice(0, MAX_PAIR_ALTERNATIVES),
		prefix: lastIsPrefix && k + 1 === last
	}));
}
