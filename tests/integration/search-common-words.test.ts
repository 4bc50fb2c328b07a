/**
 * A grade named in a query together with a word most of the catalog holds
 * ("lớp 3 phiếu" where 2 100 titles say "phiếu"): the word is too common to
 * lead through its GIN index, so each relevance tier of the grade is found by
 * walking the popularity index (a first walk, a longer one when the first
 * predicts a page within it) or, when the walks fall short, by a bitmap query
 * (search.ts, gatedTiers). Every path must give the exact order a bitmap over
 * everything would: the title-side-by-side match first, then title matches by
 * popularity, then description-only matches, and pages that continue it.
 *
 * Popularity ranks place each grade's products so that a different path
 * answers it: grade 3 among the 300 most popular (the first walk fills a
 * page), grade 4 with five in the first 250 and twenty further down (the
 * longer walk), grade 5 at the very bottom (nothing in the first walk: the
 * bitmap query). Interleaved with those, 2 100 papers that say "lớp 7" but
 * are filed outside grade 7: after grade 7's own three, the rest of the
 * catalog (also walked, all its words being common) follows in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProducts, type ProductFixture } from '../helpers/catalog';
import { request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

/** More than search.ts's RARE_MATCHES (2 000): "phiếu" never leads through GIN. */
const TOTAL = 2_100;

interface Placed {
	rank: number;
	grade: 3 | 4 | 5;
	title: string;
	description?: string;
}

const range = <T,>(n: number, at: (k: number) => T): T[] => Array.from({ length: n }, (_, k) => at(k));

const PLACED: Placed[] = [
	...range(60, (k) => k * 5 + 5).map((rank, k) => ({ rank, grade: 3 as const, title: `Phiếu bài tập Toán số ${k + 1}` })),
	// The whole query side by side in the title, at the bottom of popularity: still first.
	{ rank: 2051, grade: 3, title: 'Ôn tập lớp 3 phiếu số 1' },
	{ rank: 2061, grade: 3, title: 'Ôn tập lớp 3 phiếu số 2' },
	// Only the description says it: after every title match, however popular.
	{ rank: 1, grade: 3, title: 'Đề kiểm tra Toán giữa kì', description: 'Kèm phiếu đáp án.' },
	...range(5, (k) => 51 + 50 * k).map((rank, k) => ({ rank, grade: 4 as const, title: `Phiếu luyện tập số ${k + 1}` })),
	...range(20, (k) => 1_003 + 50 * k).map((rank, k) => ({ rank, grade: 4 as const, title: `Phiếu cuối tuần số ${k + 1}` })),
	...range(15, (k) => 2_070 + 2 * k).map((rank, k) => ({ rank, grade: 5 as const, title: `Phiếu ôn hè số ${k + 1}` }))
];

/** Ids of each grade's products, in the order search must return them. */
const expected: Record<number, string[]> = {};
/** "lớp 7 đề kiểm": grade 7's three papers, then the others that say it, most popular first. */
let grade7: string[] = [];

async function searchAll(q: string, maxPages = Infinity): Promise<string[]> {
	const ids: string[] = [];
	let cursor: string | null = null;
	for (let page = 0; page < maxPages; page++) {
		const params: URLSearchParams = new URLSearchParams({ q, pageSize: '12', ...(cursor ? { cursor } : {}) });
		const res: { status: number; body: { data: { id: string }[]; nextCursor: string | null } } = await request(server.url, `/api/v1/search?${params}`);
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		ids.push(...res.body.data.map((h) => h.id));
		cursor = res.body.nextCursor;
		if (!cursor) break;
	}
	return ids;
}

beforeAll(async () => {
	server = await startServer({ env: { RATE_LIMIT_SEARCH_MAX: '100000' } });
	const base = server.url;
	const other = await insertCategory(base, { name: 'Tài liệu chung', slug: 'tai-lieu-chung' });
	const toan: Record<number, string> = {};
	for (const grade of [3, 4, 5, 7]) {
		const parent = await insertCategory(base, { name: `Lớp ${grade}`, slug: `lop-${grade}` });
		toan[grade] = (await insertCategory(base, { name: 'Toán', slug: 'toan', parent })).id;
	}
	const byRank = new Map(PLACED.map((p) => [p.rank, p]));
	expect(byRank.size).toBe(PLACED.length);
	const fixtures: (ProductFixture & { grade?: number; whole: boolean; inTitle: boolean })[] = range(TOTAL, (rank) => {
		const placed = byRank.get(rank);
		// Even popularities; the "lớp 7" papers below take the odd ones in between.
		const common = { slug: `phieu-${rank}`, popularity: 2 * (TOTAL - rank) };
		if (!placed) return { ...common, categoryId: other.id, title: `Phiếu ôn tập chung số ${rank}`, whole: false, inTitle: true };
		return {
			...common,
			categoryId: toan[placed.grade]!,
			title: placed.title,
			description: placed.description,
			grade: placed.grade,
			whole: placed.title.includes('lớp 3 phiếu'),
			inTitle: /phiếu/i.test(placed.title)
		};
	});
	const ids = await insertProducts(base, fixtures.map(({ grade: _g, whole: _w, inTitle: _t, ...p }) => p));
	const own = await insertProducts(
		base,
		range(3, (k) => ({ categoryId: toan[7]!, title: `Đề kiểm tra lớp 7 số ${k + 1}`, slug: `de-lop-7-${k}`, popularity: k }))
	);
	const elsewhere = await insertProducts(
		base,
		range(TOTAL, (k) => ({ categoryId: other.id, title: `Đề kiểm tra lớp 7 chung số ${k + 1}`, slug: `de-chung-${k}`, popularity: 2 * k + 1 }))
	);
	grade7 = [...own.reverse(), ...elsewhere.reverse()];
	for (const grade of [3, 4, 5]) {
		expected[grade] = fixtures
			.map((f, i) => ({ ...f, id: ids[i]! }))
			.filter((f) => f.grade === grade)
			.sort((a, b) => Number(b.whole) - Number(a.whole) || Number(b.inTitle) - Number(a.inTitle) || b.popularity! - a.popularity!)
			.map((f) => f.id);
	}
}, 120_000);

afterAll(async () => {
	await server?.stop();
});

describe('a grade with a word most titles hold', () => {
	it.each([
		[3, 'the first walk fills the page'],
		[4, 'the longer walk finds it'],
		[5, 'the walks fall short and a bitmap query finds it']
	])('lớp %i: every page in the exact order (%s)', async (grade) => {
		const found = await searchAll(`lớp ${grade} phiếu`);
		expect(found).toEqual(expected[grade]);
	});

	it('walks the rest of the catalog too when all its words are common (lớp 7 đề kiểm)', async () => {
		const found = await searchAll('lớp 7 đề kiểm', 4);
		expect(found).toEqual(grade7.slice(0, 48));
	});

	it('keeps the side-by-side and description tiers in place on the first page', async () => {
		const res = await request(server.url, `/api/v1/search?${new URLSearchParams({ q: 'lớp 3 phiếu', pageSize: '3' })}`);
		expect(res.status).toBe(200);
		expect(res.body.data.map((h: { title: string }) => h.title)).toEqual(['Ôn tập lớp 3 phiếu số 1', 'Ôn tập lớp 3 phiếu số 2', 'Phiếu bài tập Toán số 1']);
		expect(res.body.hasMore).toBe(true);
	});
});
