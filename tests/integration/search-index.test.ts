/**
 * The in-memory search index (ADR 018) chooses exactly the hits PostgreSQL
 * does: over the seeded catalog, every query below answers the same ids in
 * the same order with the same cursors, page after page, whether the index is
 * off (PostgreSQL's tiers, intent levels, corrections and walks) or on. The
 * queries come from the catalog itself: title windows of one to four words,
 * accented and folded, with the last word cut to a prefix, with a typo, and
 * queries naming grades, subjects and series.
 *
 * /metrics proves which path answered: with the index on and built for the
 * current catalog, no unfiltered search reaches the database to choose its
 * hits, and a filtered one still does.
 *
 * Popularity orders the lists but does not move the catalog version: the
 * index checks it once SEARCH_CACHE_SECONDS have passed and rebuilds when it
 * moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../helpers/catalog';
import { advanceClock, metricValue, request, sql, type JsonResponse } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

const METRICS_TOKEN = 'metrics-token-for-search-index-tests-0123456789';

let server: TestServer;

interface Listed {
	data: { id: string; title: string }[];
	nextCursor: string | null;
}

interface Page {
	ids: string[];
	nextCursor: string | null;
}

async function searchPages(q: string, pages: number, extra: Record<string, string> = {}): Promise<Page[]> {
	const out: Page[] = [];
	let cursor: string | null = null;
	for (let i = 0; i < pages; i++) {
		const params: URLSearchParams = new URLSearchParams({ q, pageSize: '7', ...extra, ...(cursor ? { cursor } : {}) });
		const res: JsonResponse<Listed> = await request(server.url, `/api/v1/search?${params}`);
		expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
		out.push({ ids: res.body.data.map((p) => p.id), nextCursor: res.body.nextCursor });
		cursor = res.body.nextCursor;
		if (!cursor) break;
	}
	return out;
}

async function setIndex(enabled: boolean): Promise<{ products: number | null }> {
	const res = await request(server.url, '/api/v1/_test/search-index', { method: 'POST', json: { enabled } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.data;
}

const fetches = (by: 'index' | 'database') => metricValue(server.url, METRICS_TOKEN, `hoclieu_search_fetches_total{by="${by}"}`);

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[đĐ]/g, 'd');

/** Every published title, most popular first, through the root listing. */
async function allTitles(): Promise<string[]> {
	const titles: string[] = [];
	let cursor: string | null = null;
	do {
		const params: URLSearchParams = new URLSearchParams({ pageSize: '50', sort: 'popular', ...(cursor ? { cursor } : {}) });
		const res: JsonResponse<Listed> = await request(server.url, `/api/v1/catalog/categories/?${params}`);
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		titles.push(...res.body.data.map((p) => p.title));
		cursor = res.body.nextCursor;
	} while (cursor);
	return titles;
}

/** Queries drawn from the titles at a fixed stride, so the set is the same on every run of the same seed. */
function queriesFrom(titles: string[]): string[] {
	const queries = new Set<string>([
		'toán lớp 1',
		'tieng viet lop 2 canh dieu',
		'ngữ văn 10 kết nối',
		'lớp 3 phiếu',
		'lop 6',
		'giáo án',
		'giao an toan',
		'đề kiểm tra',
		'bai tap',
		'h',
		'toan lop 1 canh',
		'zzzz không có'
	]);
	const stride = Math.max(1, Math.floor(titles.length / 40));
	for (let i = 0, n = 0; i < titles.length; i += stride, n++) {
		const words = titles[i]!.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
		if (words.length === 0) continue;
		const length = 1 + (n % 4);
		const start = n % Math.max(1, words.length - length + 1);
		const window = words.slice(start, start + length);
		queries.add(window.join(' '));
		queries.add(fold(window.join(' ')).toLowerCase());
		const last = window.at(-1)!;
		if (last.length > 3) queries.add([...window.slice(0, -1), last.slice(0, 3)].join(' '));
		// A typo in the first word: nothing matches, so the corrected query answers (both ways).
		const first = window[0]!;
		if (first.length > 3) queries.add([`${first.slice(0, 2)}x${first.slice(3)}`, ...window.slice(1)].join(' '));
	}
	return [...queries];
}

beforeAll(async () => {
	server = await startServer({
		env: {
			SEED_ON_EMPTY: 'true',
			SEED_PRODUCTS: '1000',
			SEED_VALUE: undefined,
			RATE_LIMIT_SEARCH_MAX: '100000',
			METRICS_TOKEN,
			// The comparison must not outlive the index's own bound on popularity drift.
			SEARCH_CACHE_SECONDS: '3600'
		}
	});
}, 300_000);

afterAll(async () => {
	await server?.stop();
});

describe('hits from the in-memory index', () => {
	it('are ready when the server has started: the first search is answered by the index built then', async () => {
		const builds = () => server.logs.filter((l) => l.includes('"search index built"')).length;
		// No search has been made yet: the build is the server's own, started once the database was ready.
		for (let waited = 0; builds() === 0 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
		expect(builds()).toBe(1);
		expect([await fetches('index'), await fetches('database')]).toEqual([0, 0]);
		// The seed's catalog notifications were heard before the build read its version (the seed's last
		// steps, statistics and files, run after its catalog commit), so the first search finds that version.
		expect((await searchPages('giáo án', 1))[0]!.ids.length).toBeGreaterThan(0);
		expect([await fetches('index'), await fetches('database')]).toEqual([1, 0]);
		expect(builds()).toBe(1);
	});

	it('are the hits PostgreSQL chooses, page after page, and no unfiltered search asks the database', async () => {
		const titles = await allTitles();
		expect(titles.length).toBeGreaterThan(900);
		const queries = queriesFrom(titles);
		expect(queries.length).toBeGreaterThan(120);

		expect(await setIndex(false)).toEqual({ products: null });
		const byDatabase = new Map<string, Page[]>();
		for (const q of queries) byDatabase.set(q, await searchPages(q, 3));

		expect(await setIndex(true)).toEqual({ products: titles.length });
		const [indexBefore, databaseBefore] = [await fetches('index'), await fetches('database')];
		for (const q of queries) {
			expect(await searchPages(q, 3), q).toEqual(byDatabase.get(q));
		}
		expect(await fetches('index')).toBeGreaterThanOrEqual(indexBefore + queries.length);
		expect(await fetches('database')).toBe(databaseBefore);

		// Most queries found something: the comparison is not of empty pages.
		const found = [...byDatabase.values()].filter((pages) => pages[0]!.ids.length > 0).length;
		expect(found).toBeGreaterThan(queries.length * 0.8);
	}, 300_000);

	it('leaves filtered searches to the database', async () => {
		expect(await setIndex(true)).toEqual({ products: expect.any(Number) });
		const before = await fetches('database');
		const pages = await searchPages('giáo án', 1, { type: 'LESSON_PLAN' });
		expect(pages[0]!.ids.length).toBeGreaterThan(0);
		expect(await fetches('database')).toBe(before + 1);
	});

	it('follows a change of popularity once SEARCH_CACHE_SECONDS have passed', async () => {
		const [category] = await sql<{ id: string }>(server.url, 'SELECT id::text AS id FROM categories WHERE is_active AND depth = 0 LIMIT 1');
		const ids = await insertProducts(
			server.url,
			[1, 2, 3].map((popularity) => ({ categoryId: category!.id, title: `Phiếu zyqxv số ${popularity}`, slug: `phieu-zyqxv-${popularity}`, popularity }))
		);
		await setIndex(true);
		const page = async (pageSize: number) => (await searchPages('phiếu zyqxv', 1, { pageSize: String(pageSize) }))[0]!.ids;
		expect(await page(5)).toEqual([ids[2], ids[1], ids[0]]);

		await sql(server.url, 'UPDATE products SET popularity = 1000000 WHERE id = $1::uuid', [ids[0]]);
		// Within the bound the index keeps its order (a new page size: no remembered hits).
		expect(await page(6)).toEqual([ids[2], ids[1], ids[0]]);

		const builds = () => server.logs.filter((l) => l.includes('"search index built"')).length;
		const before = builds();
		await advanceClock(server.url, 3_601_000);
		// This search starts the check and is answered by the index it checks.
		expect(await page(7)).toEqual([ids[2], ids[1], ids[0]]);
		for (let waited = 0; builds() === before && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
		expect(builds()).toBe(before + 1);
		const databaseBefore = await fetches('database');
		expect(await page(8)).toEqual([ids[0], ids[2], ids[1]]);
		expect(await fetches('database')).toBe(databaseBefore);
	}, 120_000);
});
