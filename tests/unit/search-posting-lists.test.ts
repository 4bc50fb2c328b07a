/**
 * The in-memory index's parts on a small synthetic catalog, checked against a
 * plain reading of the tier rules (tests/integration/search-index.test.ts
 * compares it with PostgreSQL on the seeded catalog). 200 products: a word in
 * more than one product in 32 is kept as a bit set, a rarer one as a list, so
 * both kinds, and bits on either side of a 32-bit word boundary, are walked.
 */
import { describe, expect, it } from 'vitest';
import { BitSet, PostingListsBuilder, type PostingLists } from '../../src/lib/server/search/posting-lists';
import { relevanceHits } from '../../src/lib/server/search/index-hits';

const N = 200;
const id = (o: number) => `00000000-0000-4000-8000-${String(999_999_999_999 - o).padStart(12, '0')}`;

interface Doc {
	title: string[];
	description: string[];
}

/** "toan" in every third title, "lop" in every fifth title (else in the description of every second), "hiem" in four titles. */
function doc(o: number): Doc {
	const title: string[] = [];
	const description: string[] = ['chung'];
	if (o % 3 === 0) title.push('toan');
	if (o % 5 === 0) title.push('lop');
	else if (o % 2 === 0) description.push('lop');
	if ([31, 32, 63, 64].includes(o)) title.push('hiem');
	return { title, description };
}

function build(): PostingLists {
	const builder = new PostingListsBuilder(N);
	for (let o = 0; o < N; o++) {
		const d = doc(o);
		const words = [...d.title.map((w) => `2${w}`), ...d.description.filter((w) => !d.title.includes(w)).map((w) => `0${w}`)];
		const pairs = d.title.slice(1).map((w, k) => `${d.title[k]}_${w}`);
		// Ordinal order: popularity descending, then id descending.
		builder.add({ id: id(o), popularity: N - o, category_id: 'c', words: words.join(' '), pairs: pairs.join(' ') });
	}
	return builder.finish();
}

const index = build();

describe('posting lists', () => {
	it('keeps common words as bit sets and rare ones as lists, and finds a prefix by its range', () => {
		expect(index.listsOf('chung', false, 'all')[0]).toBeInstanceOf(BitSet);
		expect(index.listsOf('hiem', false, 'title')[0]).toBeInstanceOf(Int32Array);
		expect(index.listsOf('to', true, 'title')).toHaveLength(1);
		expect(index.listsOf('to', false, 'title')).toHaveLength(0);
		expect(index.listsOf('toan_lop', false, 'pairs')).toHaveLength(1);
	});

	it('resumes after a cursor row by popularity, then id', () => {
		expect(index.after(N, id(0))).toBe(1);
		expect(index.after(N - 63, id(63))).toBe(64);
		// A row no longer in the index still has its place.
		expect(index.after(N - 63, id(63).replace(/.$/, 'f'))).toBe(63);
	});

	it('lists the tiers in order, each by popularity, and pages on from any cursor', () => {
		const terms = { lexemes: [['toan'], ['lop']], lastIsPrefix: false };
		// Plain reading: side by side in the title (3), both in the title (2: never here), the rest with both anywhere (0).
		const expected: { id: string; tier: number }[] = [];
		for (const tier of [3, 2, 1, 0]) {
			for (let o = 0; o < N; o++) {
				const d = doc(o);
				const inTitle = d.title.includes('toan') && d.title.includes('lop');
				const anywhere = d.title.includes('toan') && (d.title.includes('lop') || d.description.includes('lop'));
				const t = inTitle ? 3 : anywhere ? 0 : -1;
				if (t === tier) expected.push({ id: id(o), tier });
			}
		}
		expect(expected.length).toBeGreaterThan(20);
		const all = relevanceHits(index, terms, null, 1_000).map((h) => ({ id: h.id, tier: h.k_tier }));
		expect(all).toEqual(expected);
		for (const at of [0, 5, 13, expected.length - 2]) {
			const row = relevanceHits(index, terms, null, 1_000)[at]!;
			const next = relevanceHits(index, terms, [row.k_tier, row.k_popularity, row.id], 5).map((h) => h.id);
			expect(next).toEqual(expected.slice(at + 1, at + 6).map((e) => e.id));
		}
	});

	it('finds set bits on both sides of a word boundary', () => {
		const hits = relevanceHits(index, { lexemes: [['chung'], ['hiem']], lastIsPrefix: false }, null, 10);
		expect(hits.map((h) => h.id)).toEqual([31, 32, 63, 64].map(id));
	});
});
