/**
 * The compact in-memory index (posting lists as plain lists, delta-coded blocks and bit sets;
 * product ids as bytes: docs/decisions/024-compact-search-index.md) against a straightforward
 * reference on a generated catalog: every product's lexemes in plain sets, every tier decided
 * product by product, hits sorted by (tier, ordinal). Same hits, same order, for whole answers
 * and for every page resumed from a cursor, relevance and intent alike.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { BitSet, DeltaList, forEachVectorLexeme, PostingListsBuilder, type PostingLists, type Postings, type SearchDocumentRow, type SearchVectorRow } from '../../src/lib/server/search/posting-lists';
import { intentHits, relevanceHits, type IndexHit, type IndexTerms } from '../../src/lib/server/search/index-hits';
import type { IntentLevel } from '../../src/lib/server/search/intent-rank';
import { titlePairGroups } from '../../src/lib/server/search/query-text';
import { Random } from '../../src/lib/server/catalog/seed/random';
import { BLOCK } from '../../src/lib/server/search/postings';
import { byOrdinal, lexemesOf, searchDocumentOf, vectorRowOf } from '../helpers/search-documents';

const catalog = generateCatalog({ products: 6_000, seed: 11, now: new Date('2026-11-28T00:00:00Z') });
const rows: SearchDocumentRow[] = catalog.products.filter((p) => p.isPublished).map(searchDocumentOf).sort(byOrdinal);

/** A product as the reference sees it: plain sets per list kind. */
interface Plain {
	id: string;
	popularity: number;
	category: string;
	all: Set<string>;
	head: Set<string>;
	title: Set<string>;
	pairs: Set<string>;
}

const plain: Plain[] = rows.map((r) => {
	const words = r.words.split(' ').map((t) => ({ flag: Number(t[0]), word: t.slice(1) }));
	return {
		id: r.id,
		popularity: r.popularity,
		category: r.category_id,
		all: new Set(words.map((w) => w.word)),
		head: new Set(words.filter((w) => w.flag >= 1).map((w) => w.word)),
		title: new Set(words.filter((w) => w.flag === 2).map((w) => w.word)),
		pairs: new Set(r.pairs.split(' ').filter(Boolean))
	};
});

function build(): PostingLists {
	const builder = new PostingListsBuilder(rows.length);
	for (const row of rows) builder.add(row);
	return builder.finish();
}

const index = build();

const has = (set: Set<string>, terms: readonly string[], prefix: boolean) => terms.some((t) => (prefix ? [...set].some((w) => w.startsWith(t)) : set.has(t)));

function every(p: Plain, terms: IndexTerms, kind: 'all' | 'head' | 'title'): boolean {
	const last = terms.lexemes.length - 1;
	return terms.lexemes.every((alternatives, i) => has(p[kind], alternatives, terms.lastIsPrefix && i === last));
}

/** Whether every neighbouring pair stands side by side in the title; undefined for one word. */
function pairsOf(p: Plain, terms: IndexTerms): boolean | undefined {
	const groups = titlePairGroups(terms.lexemes, terms.lastIsPrefix);
	if (groups.length === 0) return undefined;
	return groups.every((g) => has(p.pairs, g.terms, g.prefix));
}

/** search.ts's tiers 3 to 0, decided for one product: -1 when it does not match. */
function tierOf(p: Plain, terms: IndexTerms): number {
	const text = every(p, terms, 'all');
	const head = every(p, terms, 'head');
	const title = every(p, terms, 'title');
	const pairs = pairsOf(p, terms) ?? false;
	if (pairs && text) return 3;
	if (pairs) return -1;
	if (title) return 2;
	if (head) return 1;
	return text ? 0 : -1;
}

interface Expected {
	id: string;
	k_popularity: number;
	k_tier: number;
	k_level?: number;
}

function referenceRelevance(terms: IndexTerms): Expected[] {
	const out: (Expected & { ordinal: number })[] = [];
	plain.forEach((p, ordinal) => {
		const tier = tierOf(p, terms);
		if (tier >= 0) out.push({ id: p.id, k_popularity: p.popularity, k_tier: tier, ordinal });
	});
	return out.sort((a, b) => b.k_tier - a.k_tier || a.ordinal - b.ordinal).map(({ ordinal: _, ...hit }) => hit);
}

function referenceIntent(levels: IntentLevel[], whole: IndexTerms, rest: IndexTerms | null): Expected[] {
	const out: Expected[] = [];
	for (const level of levels) {
		const inLevel = new Set(level.categoryIds);
		const listed = level.score > 0;
		const hits: (Expected & { ordinal: number })[] = [];
		plain.forEach((p, ordinal) => {
			if (inLevel.has(p.category) !== listed) return;
			let tier: number;
			if (!listed) tier = tierOf(p, whole);
			else if (rest === null) tier = 0;
			else {
				const t = tierOf(p, rest);
				const half = pairsOf(p, whole);
				tier = t < 0 ? -1 : half === undefined ? t : t * 2 + (half ? 1 : 0);
			}
			if (tier >= 0) hits.push({ id: p.id, k_popularity: p.popularity, k_tier: tier, k_level: level.score, ordinal });
		});
		hits.sort((a, b) => b.k_tier - a.k_tier || a.ordinal - b.ordinal);
		out.push(...hits.map(({ ordinal: _, ...hit }) => hit));
	}
	return out;
}

/** Queries made of neighbouring title words of random products, some ending in a prefix, and a few common or absent words. */
function queries(count: number): IndexTerms[] {
	const rng = new Random(5);
	const out: IndexTerms[] = [
		{ lexemes: [['giao'], ['an']], lastIsPrefix: false },
		{ lexemes: [['bai'], ['giang'], ['powerpoint']], lastIsPrefix: false },
		{ lexemes: [['lop'], ['1', '2']], lastIsPrefix: false },
		{ lexemes: [['mau']], lastIsPrefix: false },
		{ lexemes: [['khong', 'co'], ['tu', 'nay']], lastIsPrefix: false },
		{ lexemes: [['t']], lastIsPrefix: true }
	];
	while (out.length < count) {
		const words = lexemesOf(rng.pick(catalog.products).title);
		const length = rng.int(1, 3);
		const start = rng.int(0, Math.max(0, words.length - length));
		const picked = words.slice(start, start + length);
		const prefix = rng.chance(0.3);
		if (prefix) picked[picked.length - 1] = picked.at(-1)!.slice(0, rng.int(1, picked.at(-1)!.length));
		out.push({ lexemes: picked.map((w) => [w]), lastIsPrefix: prefix });
	}
	return out;
}

/** A list's ordinals, read here from its form (./postings.ts's layout) rather than by the index's own walks. */
function decoded(list: Postings): number[] {
	if (list instanceof Int32Array) return [...list];
	const out: number[] = [];
	if (list instanceof BitSet) {
		list.words.forEach((word, w) => {
			for (let bit = 0; bit < 32; bit++) if ((word >>> bit) & 1) out.push(w * 32 + bit);
		});
		return out;
	}
	let at = -1;
	let value = 0;
	for (let n = 0; n < list.count; n++) {
		if (n % BLOCK === 0) {
			value = list.skips[(2 * n) / BLOCK]!;
			at = list.skips[(2 * n) / BLOCK + 1]!;
		} else {
			let gap = 0;
			for (let shift = 0; ; shift += 7) {
				const b = list.bytes[at++]!;
				gap |= (b & 0x7f) << shift;
				if (b < 0x80) break;
			}
			value += gap;
		}
		out.push(value);
	}
	return out;
}

const cursorOf = (hit: IndexHit) => [hit.k_tier, hit.k_popularity, hit.id];

describe('the compact search index', () => {
	it('holds all three forms of posting list on this catalog', () => {
		const forms = new Set<string>();
		for (const word of ['giao', 'toan', 'lop', 'unit', 'mau', 'hoc', 'cau', 'so']) {
			for (const kind of ['all', 'title', 'pairs'] as const) {
				for (const list of index.listsOf(word, true, kind)) forms.add(list instanceof BitSet ? 'bits' : list instanceof DeltaList ? 'delta' : 'plain');
			}
		}
		expect([...forms].sort()).toEqual(['bits', 'delta', 'plain']);
		expect(index.size).toBe(rows.length);
		expect(rows.map((_, o) => index.idOf(o))).toEqual(rows.map((r) => r.id));
	});

	it('lists every product of every lexeme and pair in ordinal order, appended in many runs by the builder', () => {
		const expected = new Map<string, number[]>();
		plain.forEach((p, ordinal) => {
			for (const kind of ['all', 'head', 'title', 'pairs'] as const) {
				for (const word of p[kind]) {
					const key = `${kind} ${word}`;
					const list = expected.get(key);
					if (list) list.push(ordinal);
					else expected.set(key, [ordinal]);
				}
			}
		});
		let postings = 0;
		for (const [key, ordinals] of expected) {
			const [kind, word] = key.split(' ') as ['all' | 'head' | 'title' | 'pairs', string];
			const lists = index.listsOf(word, false, kind);
			expect({ key, ordinals: lists.length === 1 ? decoded(lists[0]!) : lists }).toEqual({ key, ordinals });
			postings += ordinals.length;
		}
		// Far more postings than the builder notes before appending them (1 << 16): many runs per list.
		expect(postings).toBeGreaterThan(4 * 65_536);
		expect(index.footprint.postings).toBe(postings);
	});

	it('answers every relevance query with the reference hits in the reference order, whole and page by page', () => {
		let nonEmpty = 0;
		for (const terms of queries(120)) {
			const expected = referenceRelevance(terms);
			const got = relevanceHits(index, terms, null, 1_000_000);
			expect({ terms, hits: got }).toEqual({ terms, hits: expected });
			if (expected.length > 0) nonEmpty++;
			// Pages of 25 from every 25th hit's cursor: each continues exactly where the reference does.
			for (let at = 24; at < expected.length - 1 && at < 400; at += 25) {
				const page = relevanceHits(index, terms, cursorOf(got[at]!), 25);
				expect(page).toEqual(expected.slice(at + 1, at + 26));
			}
		}
		expect(nonEmpty).toBeGreaterThan(100);
	});

	it('answers intent levels with the reference hits, each level by tier and half step', () => {
		const categories = [...new Set(rows.map((r) => r.category_id))].sort();
		const rng = new Random(9);
		for (let q = 0; q < 20; q++) {
			const top = [rng.pick(categories), rng.pick(categories)];
			const second = [rng.pick(categories)].filter((c) => !top.includes(c));
			const levels: IntentLevel[] = [
				{ score: 5, categoryIds: top },
				{ score: 1, categoryIds: second },
				{ score: 0, categoryIds: [...top, ...second] }
			];
			const [whole] = queries(7 + q).slice(-1);
			const rest: IndexTerms | null = q % 3 === 0 ? null : { lexemes: whole!.lexemes.slice(-1), lastIsPrefix: whole!.lastIsPrefix };
			const expected = referenceIntent(levels, whole!, rest);
			const got = intentHits(index, levels, whole!, rest, null, 1_000_000);
			expect(got).toEqual(expected);
			for (let at = 9; at < expected.length - 1 && at < 300; at += 30) {
				const h = got[at]!;
				const page = intentHits(index, levels, whole!, rest, [h.k_level!, h.k_tier, h.k_popularity, h.id], 10);
				expect(page).toEqual(expected.slice(at + 1, at + 11));
			}
		}
	});

	it('reads escaped lexemes and plain ones as the same lexeme, and weights only from positions', () => {
		const row = (n: string, vector: string, pairs = ''): SearchVectorRow => ({ id: `00000000-0000-4000-8000-00000000000${n}`, popularity: 1, category_id: 'c', vector, pairs });
		const builder = new PostingListsBuilder(3);
		// The first row takes the escaped path (a doubled quote), the others the plain one; an A or B inside a lexeme is no weight.
		builder.addVectors(row('3', `'a''b':1A 'cd':2B 'bAx':3`, `'cd_e'`));
		builder.addVectors(row('2', `'bAx':1 'cd':2C,4A 'y':5B,6`, `'cd_e' 'e_f'`));
		builder.addVectors(row('1', `'cd' 'bAx':7B 'zB':9`));
		const lists = builder.finish();
		const of = (term: string, kind: 'all' | 'head' | 'title' | 'pairs') => lists.listsOf(term, false, kind).flatMap(decoded);
		expect(lists.lexemes).toBe(7);
		expect([of("a'b", 'all'), of("a'b", 'title')]).toEqual([[0], [0]]);
		expect([of('cd', 'all'), of('cd', 'head'), of('cd', 'title')]).toEqual([[0, 1, 2], [0, 1], [1]]);
		expect([of('bAx', 'all'), of('bAx', 'head'), of('bAx', 'title')]).toEqual([[0, 1, 2], [2], []]);
		expect([of('y', 'head'), of('y', 'title'), of('zB', 'head')]).toEqual([[1], [], []]);
		expect([of('cd_e', 'pairs'), of('e_f', 'pairs')]).toEqual([[0, 1], [1]]);
	});

	it('reads the documents as PostgreSQL prints them (search_vector::text) into the same index', () => {
		const lexemes: [string, number][] = [];
		forEachVectorLexeme(`'a''b':1A 'c\\\\d':2B,3 'e' 'f':4C,5A,6B 'g':7B,8C`, (lexeme, flag) => lexemes.push([lexeme, flag]));
		expect(lexemes).toEqual([
			["a'b", 2],
			['c\\d', 1],
			['e', 0],
			['f', 2],
			['g', 1]
		]);
		// Each row printed as a tsvector: title words at weight A, tag-only words at B, description-only at C.
		const printed: SearchVectorRow[] = rows.map(vectorRowOf);
		expect(printed[0]!.vector).toMatch(/^'[^']+':1[ABC],2C '/);
		const builder = new PostingListsBuilder(printed.length);
		for (const row of printed) builder.addVectors(row);
		const fromVectors = builder.finish();
		expect(fromVectors.footprint).toEqual(index.footprint);
		for (const terms of queries(60)) expect(relevanceHits(fromVectors, terms, null, 1_000_000)).toEqual(relevanceHits(index, terms, null, 1_000_000));
	});
});
