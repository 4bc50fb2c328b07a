/**
 * Vietnamese keyword search over HTTP (GET /api/v1/search): with and without diacritics,
 * đ/d, typos, prefix-as-you-type, multi-word queries, relevance ranking,
 * filters, sorts and keyset pages in both the full-text and the fallback mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertFlashSale, insertProducts, serverNow, type CategoryFixture } from '../helpers/catalog';
import { advanceClock, request, sql } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let lop1: CategoryFixture;
let toan1: CategoryFixture;
let lop2: CategoryFixture;
let hidden: CategoryFixture;
const ids: Record<string, string> = {};

const DAY = 86_400_000;

interface Hit {
	id: string;
	title: string;
}

async function search(query: Record<string, string | number>) {
	const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
	return request(server.url, `/api/v1/search?${qs}`);
}

async function titles(q: string, extra: Record<string, string | number> = {}): Promise<string[]> {
	const res = await search({ q, pageSize: 50, ...extra });
	expect(res.status).toBe(200);
	return res.body.data.map((h: Hit) => h.title);
}

beforeAll(async () => {
	// Search is limited to 30 per minute by default; this suite is about matching.
	server = await startServer({ env: { RATE_LIMIT_SEARCH_MAX: '100000' } });
	const base = server.url;
	lop1 = await insertCategory(base, { name: 'Lớp 1', slug: 'lop-1' });
	toan1 = await insertCategory(base, { name: 'Toán', slug: 'toan', parent: lop1 });
	lop2 = await insertCategory(base, { name: 'Lớp 2', slug: 'lop-2' });
	hidden = await insertCategory(base, { name: 'Lưu trữ', slug: 'luu-tru', isActive: false });
	const now = await serverNow(base);
	const fixtures = [
		{ key: 'toan1', categoryId: toan1.id, title: 'Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10', slug: 'giao-an-toan-lop-1-bai-5', type: 'LESSON_PLAN', priceVnd: 45_000, popularity: 10, ratingAvg: 4.1, createdAt: new Date(now.getTime() - 10 * DAY) },
		{ key: 'toan1slide', categoryId: toan1.id, title: 'Bài giảng PowerPoint Toán lớp 1 – Hình vuông, hình tròn', slug: 'bai-giang-toan-lop-1-hinh', type: 'SLIDE', priceVnd: 60_000, popularity: 50, ratingAvg: 4.8, createdAt: new Date(now.getTime() - 3 * DAY) },
		{ key: 'toan10', categoryId: lop2.id, title: 'Giáo án Toán lớp 10 – Hàm số bậc hai', slug: 'giao-an-toan-lop-10', type: 'LESSON_PLAN', priceVnd: 80_000, popularity: 30, ratingAvg: 3.9, createdAt: new Date(now.getTime() - 1 * DAY) },
		{ key: 'daoduc', categoryId: lop2.id, title: 'Giáo án Đạo đức lớp 2 – Em yêu gia đình', slug: 'giao-an-dao-duc-lop-2', type: 'LESSON_PLAN', priceVnd: 0, popularity: 70, ratingAvg: 5, createdAt: new Date(now.getTime() - 20 * DAY) },
		{ key: 'daohamtitle', categoryId: lop2.id, title: 'Video bài giảng Đạo hàm', slug: 'video-dao-ham', type: 'VIDEO', priceVnd: 99_000, description: 'Bài giảng về đạo hàm, dạy học theo định hướng giáo dục phổ thông.', popularity: 5, createdAt: new Date(now.getTime() - 2 * DAY) },
		// "hình học": in the title, in a tag, and only in the description.
		{ key: 'hinhTitle', categoryId: lop2.id, title: 'Chuyên đề Hình học phẳng', slug: 'chuyen-de-hinh-hoc', type: 'COMBO', priceVnd: 150_000, popularity: 1, createdAt: new Date(now.getTime() - 40 * DAY) },
		{ key: 'hinhTag', categoryId: lop2.id, title: 'Phiếu bài tập cuối tuần', slug: 'phieu-bai-tap', type: 'LESSON_PLAN', tags: ['Hình học', 'Lớp 2'], priceVnd: 20_000, popularity: 90, createdAt: new Date(now.getTime() - 5 * DAY) },
		{ key: 'hinhDesc', categoryId: lop2.id, title: 'Bộ đề kiểm tra giữa kì', slug: 'bo-de-kiem-tra', type: 'COMBO', description: 'Gồm các dạng bài số học và hình học, có đáp án chi tiết. Hình học chiếm một nửa, hình học không gian có hình vẽ.', priceVnd: 120_000, popularity: 99, createdAt: new Date(now.getTime() - 6 * DAY) },
		{ key: 'music', categoryId: lop2.id, title: 'Bài hát “Quê hương tươi đẹp” – Âm nhạc lớp 2', slug: 'bai-hat-que-huong-tuoi-dep', type: 'MUSIC', priceVnd: 15_000, popularity: 40, createdAt: new Date(now.getTime() - 7 * DAY) },
		// Filed under its grade, not under Toán: a subject named in a query ranks by category.
		{ key: 'tiengviet', categoryId: lop1.id, title: 'Tiếng Việt lớp 1 – Vần ươn, ương', slug: 'tieng-viet-van-uon', type: 'SLIDE', priceVnd: 30_000, popularity: 0, createdAt: new Date(now.getTime() - 8 * DAY) },
		{ key: 'hiddenToan', categoryId: hidden.id, title: 'Giáo án Toán lớp 1 cũ', slug: 'giao-an-toan-lop-1-cu', priceVnd: 10_000, createdAt: now },
		{ key: 'draftToan', categoryId: toan1.id, title: 'Giáo án Toán lớp 1 bản nháp', slug: 'ban-nhap', isPublished: false, createdAt: now }
	] as const;
	const inserted = await insertProducts(base, fixtures.map(({ key: _k, ...p }) => p));
	fixtures.forEach((f, i) => (ids[f.key] = inserted[i]!));
	// A running flash sale puts the 80k lesson plan at 25k.
	await insertFlashSale(base, { productId: ids.toan10!, startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY), salePriceVnd: 25_000 });
	// Bulk for paging: 40 "Phiếu học tập Toán" products.
	await insertProducts(
		base,
		Array.from({ length: 40 }, (_, i) => ({
			categoryId: toan1.id,
			title: `Phiếu học tập Toán số ${i + 1}`,
			slug: `phieu-hoc-tap-toan-${i + 1}`,
			priceVnd: 5_000 * (i % 4),
			popularity: i % 5,
			ratingAvg: [4, 4.5, 4.5, 5][i % 4],
			ratingCount: i % 3,
			createdAt: new Date(now.getTime() - (i % 3) * DAY)
		}))
	);
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /api/v1/search: Vietnamese matching', () => {
	it('finds "Giáo án Toán lớp 1" with and without diacritics, best match first', async () => {
		for (const q of ['giao an toan lop 1', 'Giáo án Toán lớp 1', 'GIÁO ÁN TOÁN LỚP 1', 'giáo an toan lớp 1']) {
			const found = await titles(q);
			expect(found[0]).toBe('Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10');
			// "lớp 1" is exact: lớp 10 does not count as lớp 1.
			expect(found).not.toContain('Giáo án Toán lớp 10 – Hàm số bậc hai');
		}
	});

	it('folds đ to d: "dao duc" finds "Đạo đức"', async () => {
		for (const q of ['dao duc', 'Đạo đức', 'ĐẠO ĐỨC', 'đao đuc']) {
			expect((await titles(q))[0]).toBe('Giáo án Đạo đức lớp 2 – Em yêu gia đình');
		}
	});

	it('matches text typed with combining accents (NFD) like precomposed text', async () => {
		const nfd = 'Giáo án Toán'.normalize('NFD');
		expect(nfd).not.toBe('Giáo án Toán');
		expect(await titles(nfd)).toContain('Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10');
	});

	it('tolerates a typo through the trigram fallback', async () => {
		const found = await titles('giáo án toná');
		expect(found.length).toBeGreaterThan(0);
		expect(found[0]).toMatch(/^Giáo án Toán/);
		expect(await titles('dao dưc lop 2 em yeu gia dinhh')).toContain('Giáo án Đạo đức lớp 2 – Em yêu gia đình');
	});

	it('matches the last word as a prefix while typing', async () => {
		expect(await titles('toa')).toEqual(expect.arrayContaining(['Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10', 'Giáo án Toán lớp 10 – Hàm số bậc hai']));
		expect((await titles('giao an dao d'))[0]).toBe('Giáo án Đạo đức lớp 2 – Em yêu gia đình');
		expect(await titles('que huong tuoi d')).toEqual(['Bài hát “Quê hương tươi đẹp” – Âm nhạc lớp 2']);
		expect(await titles('vần ươ')).toEqual(['Tiếng Việt lớp 1 – Vần ươn, ương']);
	});

	it('requires every word of a multi-word query', async () => {
		expect(await titles('toan lop 1 phep cong')).toEqual(['Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10']);
		expect(await titles('toan hinh vuong')).toEqual(['Bài giảng PowerPoint Toán lớp 1 – Hình vuông, hình tròn']);
	});

	it('ranks title matches above tag matches above description matches', async () => {
		const found = await titles('hinh hoc');
		expect(found.slice(0, 3)).toEqual(['Chuyên đề Hình học phẳng', 'Phiếu bài tập cuối tuần', 'Bộ đề kiểm tra giữa kì']);
		const dao = await titles('dao ham');
		expect(dao[0]).toBe('Video bài giảng Đạo hàm');
	});

	it('searches descriptions and tags too', async () => {
		expect(await titles('dap an chi tiet')).toEqual(['Bộ đề kiểm tra giữa kì']);
	});

	it('leaves out unpublished products and products of inactive categories', async () => {
		const found = await titles('giao an toan lop 1');
		expect(found).not.toContain('Giáo án Toán lớp 1 cũ');
		expect(found).not.toContain('Giáo án Toán lớp 1 bản nháp');
	});

	it('treats operators and quotes as plain text, and finds nothing for nonsense', async () => {
		for (const q of ["toan & | ! :* ' \\", "'); DROP TABLE products; --", 'toán (lớp 1)']) {
			const res = await search({ q });
			expect(res.status).toBe(200);
		}
		expect(await titles('qzxwv')).toEqual([]);
		const punctuation = await search({ q: '!!!' });
		expect(punctuation.body).toEqual({ data: [], nextCursor: null, hasMore: false });
	});
});

describe('GET /api/v1/search: filters, sorts and pages', () => {
	it('filters by type, category subtree and effective price', async () => {
		expect(await titles('toan', { type: 'SLIDE' })).toEqual(['Bài giảng PowerPoint Toán lớp 1 – Hình vuông, hình tròn']);
		const inLop1 = await titles('giao an', { categoryId: lop1.id });
		expect(inLop1).toEqual(['Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10']);
		// The flash sale puts Toán lớp 10 at 25 000 đ although its price is 80 000 đ.
		const cheap = await titles('giao an toan', { maxPrice: 30_000 });
		expect(cheap).toEqual(['Giáo án Toán lớp 10 – Hàm số bậc hai']);
		expect(await titles('giao an toan', { minPrice: 40_000, maxPrice: 50_000 })).toEqual(['Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10']);
		expect(await titles('giao an', { maxPrice: 0 })).toEqual(['Giáo án Đạo đức lớp 2 – Em yêu gia đình']);
		expect(await titles('toan', { categoryId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
	});

	it('sorts by newest, popular and rating', async () => {
		const q = 'giao an';
		expect(await titles(q, { sort: 'newest' })).toEqual([
			'Giáo án Toán lớp 10 – Hàm số bậc hai',
			'Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10',
			'Giáo án Đạo đức lớp 2 – Em yêu gia đình'
		]);
		expect(await titles(q, { sort: 'popular' })).toEqual([
			'Giáo án Đạo đức lớp 2 – Em yêu gia đình',
			'Giáo án Toán lớp 10 – Hàm số bậc hai',
			'Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10'
		]);
		expect(await titles(q, { sort: 'rating' })).toEqual([
			'Giáo án Đạo đức lớp 2 – Em yêu gia đình',
			'Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10',
			'Giáo án Toán lớp 10 – Hàm số bậc hai'
		]);
	});

	it('defaults to 24 per page and walks every page exactly once in every order', async () => {
		const first = await search({ q: 'phieu hoc tap toan' });
		expect(first.body.data).toHaveLength(24);
		expect(first.body.hasMore).toBe(true);
		for (const sort of [undefined, 'newest', 'popular', 'rating']) {
			const all = await titles('phieu hoc tap toan', sort ? { sort } : {});
			const walked: string[] = [];
			let cursor: string | null = null;
			let pages = 0;
			do {
				const res = await search({ q: 'phieu hoc tap toan', pageSize: 7, ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) });
				expect(res.status).toBe(200);
				walked.push(...res.body.data.map((h: Hit) => h.title));
				cursor = res.body.nextCursor;
				pages++;
			} while (cursor);
			expect(walked).toHaveLength(40);
			expect(new Set(walked).size).toBe(40);
			expect(walked).toEqual(all);
			expect(pages).toBe(6);
		}
	});

	it('walks relevance tiers and sorts exactly once for a common query (past the index probe)', async () => {
		// 2 600 products, more than the rare-query threshold: a phrase match in
		// the title for most, the words out of order (title, no phrase) for a
		// few at the bottom of the popularity order, and the words only in the
		// tags or the description for others.
		const fixtures = Array.from({ length: 2600 }, (_, i) => {
			const kind = i % 100 === 99 ? 'title' : i % 100 === 98 ? 'tags' : i % 100 === 97 ? 'description' : 'phrase';
			return {
				categoryId: lop2.id,
				title: kind === 'phrase' ? `Đề ôn tập cuối kì số ${i}` : kind === 'title' ? `Tập đề ôn cuối kì ${i}` : `Tài liệu ${i}`,
				slug: `de-on-tap-${i}`,
				tags: kind === 'tags' ? ['Đề ôn tập'] : [],
				description: kind === 'description' ? 'Bộ đề ôn tập có đáp án.' : '',
				popularity: kind === 'phrase' ? 50 + (i % 300) : i % 5,
				kind
			};
		});
		const inserted = await insertProducts(server.url, fixtures.map(({ kind: _k, ...f }) => f));
		const tierOf = { phrase: 3, title: 2, tags: 1, description: 0 } as const;
		const expected = fixtures
			.map((f, i) => ({ id: inserted[i]!, tier: tierOf[f.kind as keyof typeof tierOf], popularity: f.popularity }))
			.sort((a, b) => b.tier - a.tier || b.popularity - a.popularity || (a.id < b.id ? 1 : -1))
			.map((r) => r.id);
		const walk = async (extra: Record<string, string>) => {
			const walked: string[] = [];
			let cursor: string | null = null;
			do {
				const res = await search({ q: 'de on tap', pageSize: 50, ...extra, ...(cursor ? { cursor } : {}) });
				expect(res.status).toBe(200);
				walked.push(...res.body.data.map((h: Hit) => h.id));
				cursor = res.body.nextCursor;
			} while (cursor);
			return walked;
		};
		expect(await walk({})).toEqual(expected);
		const popular = await walk({ sort: 'popular' });
		expect(popular).toHaveLength(2600);
		expect(new Set(popular)).toEqual(new Set(expected));
	});

	it('walks further down the popularity order, or sorts, when the first stretch holds few matches', async () => {
		// Two phrases, each with more matches than the rare-query threshold but only 10 of them
		// among the 500 most popular products. Omega's next matches follow 1 000 fillers, so a
		// second, longer walk fills its page; Sigma's come last, so that walk falls short and
		// the matches are sorted instead. Either way the order must be exact.
		const group = (word: string, top: number, rest: number) =>
			Array.from({ length: 2100 }, (_, i) => ({
				categoryId: lop2.id,
				title: `Sổ tay ${word} luyện chữ ${i}`,
				slug: `so-tay-${word.toLowerCase()}-${i}`,
				popularity: i < 10 ? top + i : rest + (i % 700)
			}));
		const fillers = Array.from({ length: 1000 }, (_, i) => ({ categoryId: lop2.id, title: `Vở mẫu Kappa ${i}`, slug: `vo-mau-kappa-${i}`, popularity: 20_000 + i }));
		const omega = group('Omega', 50_000, 10_000);
		const sigma = group('Sigma', 60_000, 1_000);
		const ids = await insertProducts(server.url, [...fillers, ...omega, ...sigma]);
		const expected = (products: typeof omega, offset: number) =>
			products
				.map((m, i) => ({ id: ids[offset + i]!, popularity: m.popularity }))
				.sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? 1 : -1))
				.map((r) => r.id);
		// The first pages: past the 10 at the top, every page comes from a later stretch of the order.
		const firstPages = async (q: string) => {
			const walked: string[] = [];
			let cursor: string | null = null;
			for (let page = 0; page < 12; page++) {
				const res = await search({ q, ...(cursor ? { cursor } : {}) });
				expect(res.status).toBe(200);
				expect(res.body.data).toHaveLength(24);
				walked.push(...res.body.data.map((h: Hit) => h.id));
				cursor = res.body.nextCursor;
			}
			return walked;
		};
		expect(await firstPages('so tay omega')).toEqual(expected(omega, fillers.length).slice(0, 12 * 24));
		expect(await firstPages('so tay sigma')).toEqual(expected(sigma, fillers.length + omega.length).slice(0, 12 * 24));
	});

	it('keeps paging inside the typo fallback', async () => {
		const first = await search({ q: 'phieu hoc tap toná', pageSize: 15 });
		expect(first.status).toBe(200);
		expect(first.body.data).toHaveLength(15);
		const second = await search({ q: 'phieu hoc tap toná', pageSize: 15, cursor: first.body.nextCursor });
		expect(second.status).toBe(200);
		const both = [...first.body.data, ...second.body.data].map((h: Hit) => h.id);
		expect(new Set(both).size).toBe(both.length);
		expect(second.body.data.every((h: Hit) => h.title.startsWith('Phiếu học tập Toán'))).toBe(true);
	});

	it('refuses a cursor from another query or sort', async () => {
		const page = await search({ q: 'phieu hoc tap toan', pageSize: 5 });
		const cursor = page.body.nextCursor;
		const others: Record<string, string>[] = [{ q: 'phieu hoc tap' }, { q: 'phieu hoc tap toan', sort: 'newest' }, { q: 'phieu hoc tap toan', type: 'VIDEO' }];
		for (const other of others) {
			const res = await search({ ...other, cursor });
			expect(res.status).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		// Accents and case do not change the query: the cursor still fits.
		expect((await search({ q: 'PHIẾU học tập Toán', pageSize: 5, cursor })).status).toBe(200);
	});

	it.each([
		['no q', {}, 'q'],
		['an empty q', { q: '' }, 'q'],
		['a q of spaces', { q: '   ' }, 'q'],
		['a q over 128 characters', { q: 'a'.repeat(129) }, 'q'],
		['an unknown type', { q: 'toan', type: 'EBOOK' }, 'type'],
		['a malformed categoryId', { q: 'toan', categoryId: 'lop-1' }, 'categoryId'],
		['minPrice > maxPrice', { q: 'toan', minPrice: 10, maxPrice: 5 }, 'minPrice'],
		['a negative price', { q: 'toan', maxPrice: -5 }, 'maxPrice'],
		['pageSize=0', { q: 'toan', pageSize: 0 }, 'pageSize'],
		['pageSize=51', { q: 'toan', pageSize: 51 }, 'pageSize'],
		['an unknown sort', { q: 'toan', sort: 'relevance' }, 'sort'],
		['a forged cursor', { q: 'toan', cursor: 'eyJ2IjoxfQ.c2lnbmF0dXJl' }, 'cursor']
	])('answers 400 validation_error for %s', async (_, query, field) => {
		const res = await search(query as Record<string, string | number>);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
		expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(field);
	});

	it('accepts a q of exactly 128 characters and trims it', async () => {
		expect((await search({ q: 'a'.repeat(128) })).status).toBe(200);
		expect((await titles('   toan lop 1 phep cong   '))).toEqual(['Giáo án Toán lớp 1 – Bài 5: Phép cộng trong phạm vi 10']);
	});
});

describe('GET /api/v1/search: reused hits (search/hit-cache.ts)', () => {
	const popular = async (q: string) => (await search({ q, sort: 'popular', pageSize: 50 })).body.data as (Hit & { flashSale: { stockLeft: number | null } | null })[];

	it('reuses the chosen hits until the catalog changes or the entry expires, and always reads the page fresh', async () => {
		const base = server.url;
		const now = await serverNow(base);
		const [rex, raptor] = await insertProducts(base, [
			{ categoryId: lop2.id, title: 'Khủng long bạo chúa – tranh tô màu', slug: 'khung-long-bao-chua', priceVnd: 10_000, popularity: 1, createdAt: now },
			{ categoryId: lop2.id, title: 'Khủng long ăn cỏ – tranh tô màu', slug: 'khung-long-an-co', priceVnd: 10_000, popularity: 2, createdAt: now }
		]);
		await insertFlashSale(base, { productId: rex!, startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + DAY), salePriceVnd: 5_000, stockCap: 10, stockLeft: 10 });
		expect((await popular('khung long')).map((h) => h.id)).toEqual([raptor, rex]);

		// Popularity and flash-sale stock do not move the catalog version: the hits are
		// reused (same order), but the page is read fresh (the stock shown is current).
		await sql(base, 'UPDATE products SET popularity = 100 WHERE id = $1::uuid', [rex]);
		await sql(base, 'UPDATE flash_sales SET stock_left = 3 WHERE product_id = $1::uuid', [rex]);
		const reused = await popular('khung long');
		expect(reused.map((h) => h.id)).toEqual([raptor, rex]);
		expect(reused[1]!.flashSale!.stockLeft).toBe(3);

		// Past SEARCH_CACHE_SECONDS (30 s by default) on the service clock, the hits are chosen again.
		await advanceClock(base, 31_000);
		expect((await popular('khung long')).map((h) => h.id)).toEqual([rex, raptor]);

		// A catalog change is seen at once: a new product, then an unpublished one.
		const [trex] = await insertProducts(base, [
			{ categoryId: lop2.id, title: 'Khủng long bay – tranh tô màu', slug: 'khung-long-bay', priceVnd: 10_000, popularity: 50, createdAt: now }
		]);
		expect((await popular('khung long')).map((h) => h.id)).toEqual([rex, trex, raptor]);
		await sql(base, 'UPDATE products SET is_published = false WHERE id = $1::uuid', [trex]);
		expect((await popular('khung long')).map((h) => h.id)).toEqual([rex, raptor]);
	});

	it('expands a typed prefix with words a new product brings, although the expansion was remembered', async () => {
		const base = server.url;
		const now = await serverNow(base);
		const product = (title: string, slug: string) => ({ categoryId: lop2.id, title, slug, priceVnd: 10_000, createdAt: now });
		const [xylophone] = await insertProducts(base, [product('Đàn xylophone cho lớp 2', 'dan-xylophone')]);
		// "xyl" completes to the one word "xylophone": the search runs on that word alone.
		expect((await popular('đàn xyl')).map((h) => h.id)).toEqual([xylophone]);
		const [xylanh] = await insertProducts(base, [product('Đàn xylanh tự chế', 'dan-xylanh')]);
		expect((await popular('đàn xyl')).map((h) => h.id).sort()).toEqual([xylophone, xylanh].sort());
	});
});
