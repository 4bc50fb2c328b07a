/**
 * The whole search vocabulary (search_terms: words and title word pairs with
 * their document frequencies) held in memory for one catalog version (ADR 012),
 * so planning a first query asks PostgreSQL nothing: document frequencies,
 * prefix completions and the phrase ceiling come from here.
 *
 * Compact on purpose (100 000 products hold a few hundred thousand terms): the
 * terms sorted in code point order and joined into one string, with an
 * Int32Array of where each starts and one of their frequencies, about
 * 10 bytes plus the term's length each, instead of a Map of strings and boxed
 * numbers (several times that).
 *
 * Exactness: a vocabulary is stamped with the version its read began under and
 * served only while that is still the version (the triggers that keep
 * search_terms move catalog_version too, and ../catalog/memory-cache.ts moves
 * the in-process version on every notification). Until the current version's
 * vocabulary is loaded (one statement, in the background, one load at a time)
 * callers ask the database per query as before (./frequency.ts).
 */
import { sql } from 'drizzle-orm';
import { queryPreparedRows } from '../db/rows';
import { log } from '../platform/logger';

/** Never part of a term: tsvector lexemes hold no line breaks. */
const SEPARATOR = '\n';

export class Vocabulary {
	private constructor(
		/** Every term, sorted, joined by SEPARATOR (with one at the end). */
		private readonly blob: string,
		/** Where term i starts in blob; starts[size] is one past the last separator. */
		private readonly starts: Int32Array,
		private readonly ndocs: Int32Array
	) {}

	/**
	 * From the terms in code point order (PostgreSQL's "C" collation orders
	 * UTF-8 bytes, which is the same order) and their frequencies, as the load
	 * statement returns them. Null when they come out of order.
	 */
	static fromSorted(blob: string, ndocsText: string): Vocabulary | null {
		const ndocParts = ndocsText === '' ? [] : ndocsText.split(',');
		const size = ndocParts.length;
		const starts = new Int32Array(size + 1);
		const ndocs = new Int32Array(size);
		let at = 0;
		for (let i = 0; i < size; i++) {
			starts[i] = at;
			const end = blob.indexOf(SEPARATOR, at);
			if (end < 0) return null;
			at = end + 1;
			ndocs[i] = Number(ndocParts[i]);
		}
		starts[size] = at;
		if (at !== blob.length) return null;
		const v = new Vocabulary(blob, starts, ndocs);
		for (let i = 1; i < size; i++) if (!(v.term(i - 1) < v.term(i))) return null;
		return v;
	}

	get size(): number {
		return this.ndocs.length;
	}

	/** Bytes held (V8 keeps a one-byte string for ASCII terms, two bytes a character otherwise). */
	get bytes(): number {
		// eslint-disable-next-line no-control-regex
		const wide = /[^\u0000-\u00ff]/.test(this.blob);
		return this.blob.length * (wide ? 2 : 1) + this.starts.byteLength + this.ndocs.byteLength;
	}

	private term(i: number): string {
		return this.blob.slice(this.starts[i]!, this.starts[i + 1]! - 1);
	}

	/** The first index whose term is not below `text`. */
	private lowerBound(text: string): number {
		let lo = 0;
		let hi = this.size;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.term(mid) < text) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** Document frequency of a word or title word pair ("giao_an"); 0 when the catalog lacks it. */
	ndoc(term: string): number {
		const i = this.lowerBound(term);
		return i < this.size && this.term(i) === term ? this.ndocs[i]! : 0;
	}

	has(term: string): boolean {
		const i = this.lowerBound(term);
		return i < this.size && this.term(i) === term;
	}

	/** Whether any term (word or pair) starts with `prefix`. */
	hasPrefix(prefix: string): boolean {
		const i = this.lowerBound(prefix);
		return i < this.size && this.term(i).startsWith(prefix);
	}

	/**
	 * The words (not word pairs) starting with `prefix`, most used first, then by
	 * term; at most `max` + 1, so that more than `max` says "too many to expand".
	 */
	completions(prefix: string, max: number): { term: string; ndoc: number }[] {
		const found: { term: string; ndoc: number }[] = [];
		for (let i = this.lowerBound(prefix); i < this.size; i++) {
			const term = this.term(i);
			if (!term.startsWith(prefix)) break;
			if (term.includes('_')) continue;
			found.push({ term, ndoc: this.ndocs[i]! });
		}
		found.sort((a, b) => b.ndoc - a.ndoc || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
		return found.slice(0, max + 1);
	}
}

/** The whole vocabulary as two texts in one row, sorted by code point ("C" collation). */
const LOAD = sql`
	SELECT coalesce(string_agg(term || ${SEPARATOR}, '' ORDER BY term COLLATE "C"), '') AS terms,
		coalesce(string_agg(ndoc::text, ',' ORDER BY term COLLATE "C"), '') AS ndocs
	FROM search_terms`;

let loaded: { version: string; vocabulary: Vocabulary } | null = null;
let loading: { version: string; done: Promise<void> } | null = null;

/** Reads the vocabulary once for `version`; concurrent callers share the read. */
function load(version: string): Promise<void> {
	if (loading?.version === version) return loading.done;
	const done = (async () => {
		try {
			const [row] = await queryPreparedRows<{ terms: string; ndocs: string }>(LOAD);
			const vocabulary = Vocabulary.fromSorted(row!.terms, row!.ndocs);
			if (!vocabulary) throw new Error('search_terms came back out of code point order');
			// Dropped (by the next caller's version check) if the catalog moved on meanwhile.
			loaded = { version, vocabulary };
		} catch (error) {
			log.warn('search vocabulary not loaded; planning asks the database', { error });
		} finally {
			if (loading?.version === version) loading = null;
		}
	})();
	loading = { version, done };
	return done;
}

/**
 * The vocabulary of catalog `version` if it is in memory; otherwise null, and
 * its load starts (a version read from the database, `db:…`, is not
 * notified, so it is never loaded: see ./hit-cache.ts).
 */
export function vocabularyFor(version: string | null): Vocabulary | null {
	if (version === null || !version.startsWith('mem:')) return null;
	if (loaded?.version === version) return loaded.vocabulary;
	if (loaded) loaded = null;
	void load(version);
	return null;
}

/** Waits for the vocabulary of `version` (tests and warm-up). */
export async function loadVocabulary(version: string): Promise<Vocabulary | null> {
	if (loaded?.version !== version) await load(version);
	return loaded?.version === version ? loaded.vocabulary : null;
}
