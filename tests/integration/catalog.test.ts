/**
 * Catalog endpoints over HTTP (/api/v1/catalog/*): product detail with aliases and
 * ownership, category listing with every filter and sort, keyset page walking,
 * effective prices during flash sales, and the category tree.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
	insertAlias,
	insertCategory,
	insertFlashSale,
	insertProducts,
	resetClock,
	serverNow,
	type CategoryFixture,
	type ProductFixture
} from '../helpers/catalog';
import { checkout } from '../helpers/checkout';
import { advanceClock, createUser, request, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
const get = (path: string, init?: RequestInit) => request(server.url, path, init);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let lop1: CategoryFixture;
let toan: CategoryFixture;
let kntt: CategoryFixture;
let tiengViet: CategoryFixture;
let lop2: CategoryFixture;
let hiddenGrade: CategoryFixture;
let hiddenChild: CategoryFixture;

/** Every published product of the lop-1 subtree, as inserted. */
const lop1Products: (ProductFixture & { id: string })[] = [];
let mainId: string;
let hiddenProductId: string;
let draftId: string;
let lop2Id: string;

const TYPES = ['LESSON_PLAN', 'SLIDE', 'VIDEO', 'MUSIC', 'COMBO'] as const;

beforeAll(async () => {
	server = await startServer();
	const base = server.url;
	lop1 = await insertCategory(base, { name: 'Lớp 1', slug: 'lop-1', sortOrder: 1 });
	lop2 = await insertCategory(base, { name: 'Lớp 2', slug: 'lop-2', sortOrder: 2 });
	hiddenGrade = await insertCategory(base, { name: 'Lớp 3', slug: 'lop-3', sortOrder: 3, isActive: false });
	// Sort order puts Tiếng Việt before Toán although "Toán" sorts first by name.
	toan = await insertCategory(base, { name: 'Toán', slug: 'toan', parent: lop1, sortOrder: 2 });
	tiengViet = await insertCategory(base, { name: 'Tiếng Việt', slug: 'tieng-viet', parent: lop1, sortOrder: 1 });
	kntt = await insertCategory(base, { name: 'Kết nối tri thức với cuộc sống', slug: 'ket-noi-tri-thuc', parent: toan });
	hiddenChild = await insertCategory(base, { name: 'Toán', slug: 'toan', parent: hiddenGrade });

	const now = await serverNow(base);
	const [main] = await insertProducts(base, [
		{
			categoryId: kntt.id,
			title: 'Giáo án Toán lớp 1 – Bài 1: Các số 0, 1, 2, 3, 4, 5',
			slug: 'giao-an-toan-lop-1-bai-1',
			type: 'LESSON_PLAN',
			description: 'Giáo án soạn theo Chương trình giáo dục phổ thông 2018.',
			// A tag with a comma, quotes and a backslash: summaries carry tags as JSON arrays (product-query.ts).
			tags: ['Toán', 'Lớp 1', 'Đề "giữa kỳ", \\ 2024'],
			priceVnd: 45_000,
			ratingAvg: 4.5,
			ratingCount: 12,
			popularity: 300,
			createdAt: new Date(now.getTime() - 400 * DAY)
		}
	]);
	mainId = main!;
	lop1Products.push({ id: mainId, categoryId: kntt.id, title: 'main', slug: 'giao-an-toan-lop-1-bai-1', priceVnd: 45_000, ratingAvg: 4.5, ratingCount: 12, popularity: 300, type: 'LESSON_PLAN', createdAt: new Date(now.getTime() - 400 * DAY) });

	// 29 more across the subtree: repeated ratings, popularity and one repeated
	// creation time, so ids must break ties for pages to be exact.
	const more: ProductFixture[] = [];
	const leafs = [toan, kntt, tiengViet];
	for (let i = 0; i < 29; i++) {
		more.push({
			categoryId: leafs[i % 3]!.id,
			title: `Học liệu thử số ${i}`,
			slug: `hoc-lieu-thu-${i}`,
			type: TYPES[i % 5],
			priceVnd: i % 7 === 0 ? 0 : 10_000 * (1 + (i % 10)),
			ratingAvg: [3.5, 4.7, 5, 4.7][i % 4],
			ratingCount: i % 3,
			popularity: (i * 37) % 11,
			createdAt: new Date(now.getTime() - (i % 6 === 0 ? 5 * DAY : (i + 1) * HOUR))
		});
	}
	const ids = await insertProducts(base, more);
	more.forEach((p, i) => lop1Products.push({ ...p, id: ids[i]! }));

	[lop2Id, hiddenProductId, draftId] = (await insertProducts(base, [
		{ categoryId: lop2.id, title: 'Giáo án Đạo đức lớp 2', slug: 'giao-an-dao-duc-lop-2' },
		{ categoryId: hiddenChild.id, title: 'Ẩn', slug: 'an' },
		{ categoryId: toan.id, title: 'Bản nháp', slug: 'ban-nhap', isPublished: false }
	])) as [string, string, string];
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /api/v1/catalog/products/{fullPath}', () => {
	const mainPath = () => `${kntt.path}/giao-an-toan-lop-1-bai-1`;

	it('answers 200 with the product, its category and isPurchased=false anonymously', async () => {
		const res = await get(`/api/v1/catalog/products/${mainPath()}`);
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['data']);
		const { product, category, isPurchased } = res.body.data;
		expect(isPurchased).toBe(false);
		expect(product).toMatchObject({
			id: mainId,
			title: 'Giáo án Toán lớp 1 – Bài 1: Các số 0, 1, 2, 3, 4, 5',
			slug: 'giao-an-toan-lop-1-bai-1',
			fullPath: mainPath(),
			type: 'LESSON_PLAN',
			priceVnd: '45000',
			salePriceVnd: null,
			isOnSale: false,
			saleEndsAt: null,
			flashSale: null,
			ratingAvg: 4.5,
			ratingCount: 12,
			coverImageUrl: null,
			previewImageUrls: [],
			tags: ['Toán', 'Lớp 1', 'Đề "giữa kỳ", \\ 2024'],
			description: 'Giáo án soạn theo Chương trình giáo dục phổ thông 2018.'
		});
		expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
		expect(category).toEqual({
			id: kntt.id,
			name: 'Kết nối tri thức với cuộc sống',
			slug: 'ket-noi-tri-thuc',
			path: 'lop-1/toan/ket-noi-tri-thuc',
			parent: { id: toan.id, name: 'Toán' }
		});
	});

	it('sets isPurchased only for the signed-in owner', async () => {
		const owner = await createUser(server.url);
		const other = await createUser(server.url);
		await sql(server.url, `INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1::uuid, $2::uuid, 'purchase')`, [owner.userId, mainId]);
		const mine = await get(`/api/v1/catalog/products/${mainPath()}`, { headers: { cookie: owner.cookie } });
		expect(mine.body.data.isPurchased).toBe(true);
		const theirs = await get(`/api/v1/catalog/products/${mainPath()}`, { headers: { cookie: other.cookie } });
		expect(theirs.body.data.isPurchased).toBe(false);
		const anonymous = await get(`/api/v1/catalog/products/${mainPath()}`);
		expect(anonymous.body.data.isPurchased).toBe(false);
	});

	it('answers 308 to the current path for a historical alias, chains in one hop', async () => {
		// Renamed once (old slug), then moved into the series (old category): both old paths point at the product.
		await insertAlias(server.url, `${toan.path}/giao-an-toan-lop-1-bai-1-cu`, mainId);
		await insertAlias(server.url, `${kntt.path}/giao-an-toan-lop-1-bai-1-cu`, mainId);
		for (const old of [`${toan.path}/giao-an-toan-lop-1-bai-1-cu`, `${kntt.path}/giao-an-toan-lop-1-bai-1-cu`]) {
			const res = await get(`/api/v1/catalog/products/${old}`);
			expect(res.status).toBe(308);
			expect(res.headers.get('location')).toBe(`/api/v1/catalog/products/${mainPath()}`);
			const followed = await get(res.headers.get('location')!);
			expect(followed.status).toBe(200);
			expect(followed.body.data.product.id).toBe(mainId);
		}
	});

	it('follows a rename done later: the alias points at the product, not at the path it had', async () => {
		const fixture = { categoryId: tiengViet.id, title: 'Đổi tên', slug: 'ten-moi', type: 'LESSON_PLAN', priceVnd: 50_000, ratingAvg: 0, ratingCount: 0, popularity: 0, createdAt: new Date(Date.now() - 30 * DAY) } as const;
		const [id] = await insertProducts(server.url, [fixture]);
		lop1Products.push({ ...fixture, id: id! });
		await insertAlias(server.url, `${tiengViet.path}/ten-goc`, id!);
		await sql(server.url, `UPDATE products SET slug = 'ten-moi-nhat' WHERE id = $1::uuid`, [id]);
		await insertAlias(server.url, `${tiengViet.path}/ten-moi`, id!);
		for (const old of ['ten-goc', 'ten-moi']) {
			const res = await get(`/api/v1/catalog/products/${tiengViet.path}/${old}`);
			expect(res.status).toBe(308);
			expect(res.headers.get('location')).toBe(`/api/v1/catalog/products/${tiengViet.path}/ten-moi-nhat`);
		}
	});

	it.each([
		['an unknown slug', 'lop-1/toan/khong-co'],
		['an unknown category', 'lop-9/toan/giao-an-toan-lop-1-bai-1'],
		['a single segment', 'lop-1'],
		['a product under an inactive ancestor', 'lop-3/toan/an'],
		['an unpublished product', 'lop-1/toan/ban-nhap']
	])('answers 404 not_found for %s', async (_, path) => {
		const res = await get(`/api/v1/catalog/products/${path}`);
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe('not_found');
		expect(res.body.error.message).toMatch(/Không tìm thấy/);
	});

	it('answers 404 for an alias whose product is unpublished', async () => {
		await insertAlias(server.url, 'lop-1/toan/ban-nhap-cu', draftId);
		const res = await get('/api/v1/catalog/products/lop-1/toan/ban-nhap-cu');
		expect(res.status).toBe(404);
	});

	it.each([
		['an empty segment', 'lop-1//giao-an'],
		['a trailing slash', 'lop-1/toan/'],
		['upper-case letters', 'Lop-1/toan/giao-an'],
		['disallowed characters', 'lop-1/to%40n/giao-an'],
		['a space', 'lop-1/toan/giao%20an'],
		['diacritics', 'lop-1/to%C3%A1n/giao-an'],
		['an over-long path', `lop-1/${'a'.repeat(600)}`],
		['an empty path', '']
	])('answers 400 validation_error for %s', async (_, path) => {
		const res = await get(`/api/v1/catalog/products/${path}`);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
	});
});

type Summary = { id: string; priceVnd: string; salePriceVnd: string | null; isOnSale: boolean; type: string; createdAt: string; ratingAvg: number; ratingCount: number };

async function walk(path: string, query: string, pageSize: number): Promise<{ ids: string[]; pages: number }> {
	const ids: string[] = [];
	let cursor: string | null = null;
	let pages = 0;
	do {
		const res = await get(`/api/v1/catalog/categories/${path}?${query}&pageSize=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
		expect(res.status).toBe(200);
		expect(res.body.data.length).toBeLessThanOrEqual(pageSize);
		ids.push(...res.body.data.map((p: Summary) => p.id));
		expect(res.body.hasMore).toBe(res.body.nextCursor !== null);
		cursor = res.body.nextCursor;
		pages++;
	} while (cursor && pages < 100);
	return { ids, pages };
}

const published = () => lop1Products;

function expectedOrder(sort: 'newest' | 'popular' | 'rating'): string[] {
	const rows = published().map((p) => ({ ...p }));
	const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
	if (sort === 'newest') rows.sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime() || byId(a, b));
	if (sort === 'popular') rows.sort((a, b) => b.popularity! - a.popularity! || byId(a, b));
	if (sort === 'rating') rows.sort((a, b) => b.ratingAvg! - a.ratingAvg! || b.ratingCount! - a.ratingCount! || byId(a, b));
	return rows.map((r) => r.id);
}

describe('GET /api/v1/catalog/categories/{...path}', () => {
	it('lists the whole subtree with category and breadcrumbs, 12 per page by default', async () => {
		const res = await get('/api/v1/catalog/categories/lop-1');
		expect(res.status).toBe(200);
		expect(res.body.data).toHaveLength(12);
		expect(res.body.hasMore).toBe(true);
		expect(typeof res.body.nextCursor).toBe('string');
		expect(res.body.category).toEqual({ id: lop1.id, name: 'Lớp 1', slug: 'lop-1', path: 'lop-1', parent: null });
		expect(res.body.breadcrumbs).toEqual([{ id: lop1.id, name: 'Lớp 1', path: 'lop-1' }]);
		const deep = await get('/api/v1/catalog/categories/lop-1/toan/ket-noi-tri-thuc?pageSize=50');
		expect(deep.body.breadcrumbs.map((b: { path: string }) => b.path)).toEqual(['lop-1', 'lop-1/toan', 'lop-1/toan/ket-noi-tri-thuc']);
		expect(deep.body.category.parent).toEqual({ id: toan.id, name: 'Toán' });
		const expected = published().filter((p) => p.categoryId === kntt.id).map((p) => p.id);
		expect(deep.body.data.map((p: Summary) => p.id).sort()).toEqual(expected.sort());
	});

	it('lists everything visible at the root (empty path), never hidden or unpublished products', async () => {
		const { ids } = await walk('', 'sort=newest', 50);
		expect(ids).toContain(lop2Id);
		expect(ids).not.toContain(hiddenProductId);
		expect(ids).not.toContain(draftId);
		const res = await get('/api/v1/catalog/categories/?pageSize=1');
		expect(res.body.category).toMatchObject({ id: 'root', path: '', parent: null });
		expect(res.body.breadcrumbs).toEqual([]);
	});

	it.each(['newest', 'popular', 'rating'] as const)('sorts by %s and walks every page exactly once', async (sort) => {
		for (const pageSize of [1, 4, 7, 50]) {
			const { ids, pages } = await walk('lop-1', `sort=${sort}`, pageSize);
			expect(ids).toEqual(expectedOrder(sort));
			expect(new Set(ids).size).toBe(ids.length);
			expect(pages).toBe(Math.max(1, Math.ceil(ids.length / pageSize)));
		}
	});

	it('keeps pages stable when products are inserted while walking', async () => {
		const first = await get('/api/v1/catalog/categories/lop-1?sort=newest&pageSize=5');
		const seen = first.body.data.map((p: Summary) => p.id);
		// A newer product lands before the cursor, an older one after it.
		const now = await serverNow(server.url);
		const [newer, older] = await insertProducts(server.url, [
			{ categoryId: toan.id, title: 'Mới chen vào', slug: 'moi-chen-vao', createdAt: new Date(now.getTime() + DAY) },
			{ categoryId: toan.id, title: 'Cũ chen vào', slug: 'cu-chen-vao', createdAt: new Date(now.getTime() - 1000 * DAY) }
		]);
		let cursor = first.body.nextCursor;
		while (cursor) {
			const res = await get(`/api/v1/catalog/categories/lop-1?sort=newest&pageSize=5&cursor=${encodeURIComponent(cursor)}`);
			seen.push(...res.body.data.map((p: Summary) => p.id));
			cursor = res.body.nextCursor;
		}
		expect(seen).toEqual([...expectedOrder('newest'), older]);
		expect(seen).not.toContain(newer);
		await sql(server.url, `DELETE FROM products WHERE id IN ($1::uuid, $2::uuid)`, [newer, older]);
	});

	it('filters by type', async () => {
		for (const type of TYPES) {
			const { ids } = await walk('lop-1', `type=${type}`, 50);
			expect(ids.sort()).toEqual(published().filter((p) => (p.type ?? 'LESSON_PLAN') === type).map((p) => p.id).sort());
		}
	});

	it('filters by price bounds (inclusive) and finds free products with maxPriceVnd=0', async () => {
		const { ids } = await walk('lop-1', 'minPriceVnd=30000&maxPriceVnd=60000', 50);
		const expected = published().filter((p) => p.priceVnd! >= 30_000 && p.priceVnd! <= 60_000);
		expect(ids.sort()).toEqual(expected.map((p) => p.id).sort());
		const free = await walk('lop-1', 'maxPriceVnd=0', 50);
		expect(free.ids.sort()).toEqual(published().filter((p) => p.priceVnd === 0).map((p) => p.id).sort());
		expect(free.ids.length).toBeGreaterThan(0);
	});

	it.each([
		['minPriceVnd > maxPriceVnd', 'minPriceVnd=50000&maxPriceVnd=10000', 'minPriceVnd'],
		['a negative price', 'minPriceVnd=-1', 'minPriceVnd'],
		['a non-integer price', 'maxPriceVnd=1.5', 'maxPriceVnd'],
		['an unknown type', 'type=EBOOK', 'type'],
		['an unknown sort', 'sort=cheapest', 'sort'],
		['pageSize=0', 'pageSize=0', 'pageSize'],
		['pageSize=51', 'pageSize=51', 'pageSize'],
		['onSale=yes', 'onSale=yes', 'onSale'],
		['a garbage cursor', 'cursor=abc', 'cursor']
	])('answers 400 validation_error for %s', async (_, query, field) => {
		const res = await get(`/api/v1/catalog/categories/lop-1?${query}`);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
		expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(field);
	});

	it('accepts pageSize 1 and 50', async () => {
		expect((await get('/api/v1/catalog/categories/lop-1?pageSize=1')).body.data).toHaveLength(1);
		expect((await get('/api/v1/catalog/categories/lop-1?pageSize=50')).body.data).toHaveLength(lop1Products.length);
	});

	it('refuses tampered cursors and cursors from another sort, path or filter', async () => {
		const res = await get('/api/v1/catalog/categories/lop-1?sort=newest&pageSize=2');
		const cursor: string = res.body.nextCursor;
		const [payload, signature] = [cursor.slice(0, cursor.lastIndexOf('.')), cursor.slice(cursor.lastIndexOf('.') + 1)];
		const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
		decoded.k[0] = '2000-01-01 00:00:00+00';
		const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
		for (const url of [
			`/api/v1/catalog/categories/lop-1?sort=newest&cursor=${encodeURIComponent(forged)}`,
			`/api/v1/catalog/categories/lop-1?sort=popular&cursor=${encodeURIComponent(cursor)}`,
			`/api/v1/catalog/categories/lop-1/toan?sort=newest&cursor=${encodeURIComponent(cursor)}`,
			`/api/v1/catalog/categories/lop-1?sort=newest&type=VIDEO&cursor=${encodeURIComponent(cursor)}`
		]) {
			const r = await get(url);
			expect(r.status).toBe(400);
			expect(r.body.error.code).toBe('validation_error');
		}
		// The same cursor with another page size is fine.
		expect((await get(`/api/v1/catalog/categories/lop-1?sort=newest&pageSize=3&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
	});

	it.each([
		['an unknown category', 'lop-9'],
		['an unknown child', 'lop-1/hoa-hoc'],
		['an inactive category', 'lop-3'],
		['a child of an inactive category', 'lop-3/toan']
	])('answers 404 not_found for %s', async (_, path) => {
		const res = await get(`/api/v1/catalog/categories/${path}`);
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe('not_found');
	});

	it.each([
		['an empty segment', 'lop-1//toan'],
		['upper-case letters', 'LOP-1'],
		['disallowed characters', 'lop_1']
	])('answers 400 for a malformed path: %s', async (_, path) => {
		const res = await get(`/api/v1/catalog/categories/${path}`);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
	});
});

describe('pages past the index probe (more rows than one index walk covers)', () => {
	let bulk: CategoryFixture;
	const rows: { id: string; type: string; popularity: number; createdAt: number; priceVnd: number }[] = [];

	beforeAll(async () => {
		bulk = await insertCategory(server.url, { name: 'Kho lớn', slug: 'kho-lon', parent: lop2 });
		const now = await serverNow(server.url);
		// 1 200 products; VIDEO is rare and sits at the bottom of the popularity order.
		const fixtures: ProductFixture[] = Array.from({ length: 1200 }, (_, i) => ({
			categoryId: bulk.id,
			title: `Kho ${i}`,
			slug: `kho-${i}`,
			type: i % 150 === 149 ? 'VIDEO' : 'LESSON_PLAN',
			popularity: i % 150 === 149 ? i % 7 : 100 + ((i * 7919) % 1000),
			priceVnd: 1000 * (i % 50),
			createdAt: new Date(now.getTime() - ((i * 104729) % 100_000) * 60_000)
		}));
		const ids = await insertProducts(server.url, fixtures);
		fixtures.forEach((f, i) => rows.push({ id: ids[i]!, type: f.type!, popularity: f.popularity!, createdAt: f.createdAt!.getTime(), priceVnd: f.priceVnd! }));
	});

	const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : -1);

	it.each([
		['popular, every product', 'sort=popular', () => rows],
		['popular, only the rare type', 'sort=popular&type=VIDEO', () => rows.filter((r) => r.type === 'VIDEO')],
		['newest, a price band', 'sort=newest&minPriceVnd=10000&maxPriceVnd=12000', () => rows.filter((r) => r.priceVnd >= 10_000 && r.priceVnd <= 12_000)]
	])('walks %s exactly once, in order', async (_, query, expected) => {
		const sorted = [...expected()].sort((a, b) =>
			query.startsWith('sort=newest') ? b.createdAt - a.createdAt || byId(a, b) : b.popularity - a.popularity || byId(a, b)
		);
		const { ids } = await walk('lop-2/kho-lon', query, 50);
		expect(ids).toEqual(sorted.map((r) => r.id));
	});
});

describe('effective prices: sales and flash sales', () => {
	let saleCategory: CategoryFixture;
	let flashId: string;
	let saleId: string;
	let plainId: string;
	let soldOutId: string;
	let upcomingId: string;

	beforeAll(async () => {
		saleCategory = await insertCategory(server.url, { name: 'Khuyến mãi', slug: 'khuyen-mai', parent: lop2 });
		const now = await serverNow(server.url);
		[flashId, saleId, plainId, soldOutId, upcomingId] = await insertProducts(server.url, [
			{ categoryId: saleCategory.id, title: 'Flash', slug: 'flash', priceVnd: 100_000 },
			{ categoryId: saleCategory.id, title: 'Giảm giá', slug: 'giam-gia', priceVnd: 80_000, salePriceVnd: 40_000, saleEndsAt: new Date(now.getTime() + 3 * HOUR) },
			{ categoryId: saleCategory.id, title: 'Giá gốc', slug: 'gia-goc', priceVnd: 35_000 },
			{ categoryId: saleCategory.id, title: 'Hết suất', slug: 'het-suat', priceVnd: 90_000 },
			{ categoryId: saleCategory.id, title: 'Sắp mở', slug: 'sap-mo', priceVnd: 70_000 }
		]) as [string, string, string, string, string];
		await insertFlashSale(server.url, { productId: flashId, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + HOUR), salePriceVnd: 30_000, stockCap: 50, stockLeft: 7 });
		await insertFlashSale(server.url, { productId: soldOutId, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + HOUR), salePriceVnd: 10_000, stockCap: 5, stockLeft: 0 });
		await insertFlashSale(server.url, { productId: upcomingId, startsAt: new Date(now.getTime() + 2 * HOUR), endsAt: new Date(now.getTime() + 5 * HOUR), salePriceVnd: 20_000 });
	});

	afterEach(async () => {
		await resetClock(server.url);
	});

	const listing = async (query = '') => {
		const res = await get(`/api/v1/catalog/categories/lop-2/khuyen-mai?pageSize=50${query}`);
		expect(res.status).toBe(200);
		return new Map<string, Summary & { flashSale: { active: boolean; endTime: string; stockLeft: number | null } | null; saleEndsAt: string | null }>(
			res.body.data.map((p: Summary) => [p.id, p])
		);
	};

	it('reports the flash-sale price while it runs, and filters on it', async () => {
		const now = await serverNow(server.url);
		const all = await listing();
		expect(all.get(flashId)).toMatchObject({ priceVnd: '100000', salePriceVnd: '30000', isOnSale: true, flashSale: { active: true, stockLeft: 7 } });
		expect(Date.parse(all.get(flashId)!.saleEndsAt!)).toBeCloseTo(now.getTime() + HOUR, -4);
		expect(all.get(saleId)).toMatchObject({ salePriceVnd: '40000', isOnSale: true, flashSale: null });
		expect(all.get(plainId)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: null, saleEndsAt: null });
		expect(all.get(soldOutId)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: { active: false, stockLeft: 0 } });
		expect(all.get(upcomingId)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: { active: false, stockLeft: null } });

		// Effective prices now: flash 30k, sale 40k, plain 35k, sold out 90k, upcoming 70k.
		expect([...(await listing('&maxPriceVnd=35000')).keys()].sort()).toEqual([flashId, plainId].sort());
		expect([...(await listing('&minPriceVnd=36000&maxPriceVnd=80000')).keys()].sort()).toEqual([saleId, upcomingId].sort());
		expect([...(await listing('&onSale=true')).keys()].sort()).toEqual([flashId, saleId].sort());
		expect((await listing('&onSale=false')).size).toBe(5);
		// The product detail agrees with the listing.
		const detail = await get('/api/v1/catalog/products/lop-2/khuyen-mai/flash');
		expect(detail.body.data.product).toMatchObject({ salePriceVnd: '30000', isOnSale: true, flashSale: { active: true } });
	});

	it('returns to the regular price once the flash sale and the sale are over', async () => {
		await advanceClock(server.url, 2.5 * HOUR);
		const during = await listing();
		expect(during.get(flashId)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: null });
		expect(during.get(upcomingId)).toMatchObject({ salePriceVnd: '20000', isOnSale: true, flashSale: { active: true } });
		expect([...(await listing('&maxPriceVnd=35000')).keys()].sort()).toEqual([plainId, upcomingId].sort());

		await advanceClock(server.url, 3 * HOUR);
		const after = await listing('&onSale=true');
		expect(after.size).toBe(0);
		const all = await listing();
		expect(all.get(saleId)).toMatchObject({ salePriceVnd: null, isOnSale: false, saleEndsAt: null });
	});
	it('shows the price checkout charges: the cheapest running flash sale with stock, and none for a capped sale with no stock set', async () => {
		const now = await serverNow(server.url);
		const [overlapId, unsetId] = (await insertProducts(server.url, [
			{ categoryId: saleCategory.id, title: 'Hai đợt flash', slug: 'hai-dot-flash', priceVnd: 100_000 },
			{ categoryId: saleCategory.id, title: 'Chưa đặt suất', slug: 'chua-dat-suat', priceVnd: 60_000 }
		])) as [string, string];
		// The earlier sale is dearer; a cheaper one started later and runs alongside it.
		await insertFlashSale(server.url, { productId: overlapId, startsAt: new Date(now.getTime() - 2 * HOUR), endsAt: new Date(now.getTime() + HOUR), salePriceVnd: 50_000, stockCap: 10, stockLeft: 3 });
		await insertFlashSale(server.url, { productId: overlapId, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + 2 * HOUR), salePriceVnd: 25_000 });
		await insertFlashSale(server.url, { productId: unsetId, startsAt: new Date(now.getTime() - HOUR), endsAt: new Date(now.getTime() + HOUR), salePriceVnd: 5_000, stockCap: 20, stockLeft: null });

		const all = await listing();
		expect(all.get(overlapId)).toMatchObject({ salePriceVnd: '25000', isOnSale: true, flashSale: { active: true, stockLeft: null } });
		expect(Date.parse(all.get(overlapId)!.flashSale!.endTime)).toBe(now.getTime() + 2 * HOUR);
		expect(all.get(unsetId)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: { active: false, stockLeft: 0 } });
		const detail = await get('/api/v1/catalog/products/lop-2/khuyen-mai/hai-dot-flash');
		expect(detail.body.data.product).toMatchObject({ salePriceVnd: '25000', flashSale: { active: true } });
		// Checkout charges that price, and refuses the capped sale with no stock rather than charge more.
		const buyer = await createUser(server.url);
		await creditWallet(server.url, buyer.userId, '100000');
		const bought = await checkout(server.url, { productId: overlapId, paymentMethod: 'wallet' }, { user: buyer });
		expect(bought.body.data).toMatchObject({ status: 'PAID', amountVnd: '25000' });
		const refused = await checkout(server.url, { productId: unsetId, paymentMethod: 'wallet' }, { user: buyer });
		expect(refused.status).toBe(409);
		expect(refused.body.error.code).toBe('flash_sale_sold_out');

		// Once the cheaper one is sold out (capped at 0 left), the dearer one with stock is the price.
		await sql(server.url, 'UPDATE flash_sales SET stock_cap = 1, stock_left = 0 WHERE product_id = $1::uuid AND sale_price_vnd = 25000', [overlapId]);
		expect((await listing()).get(overlapId)).toMatchObject({ salePriceVnd: '50000', flashSale: { active: true, stockLeft: 3 } });
	});
});

describe('GET /api/v1/catalog/categories', () => {
	it('returns the whole tree depth-first in display order, inactive ones flagged', async () => {
		const res = await get('/api/v1/catalog/categories');
		expect(res.status).toBe(200);
		const paths = res.body.data.map((c: { fullPath: string }) => c.fullPath);
		expect(paths).toEqual(['lop-1', 'lop-1/tieng-viet', 'lop-1/toan', 'lop-1/toan/ket-noi-tri-thuc', 'lop-2', 'lop-2/kho-lon', 'lop-2/khuyen-mai', 'lop-3', 'lop-3/toan']);
		expect(res.body.data[3]).toEqual({
			id: kntt.id,
			name: 'Kết nối tri thức với cuộc sống',
			slug: 'ket-noi-tri-thuc',
			parentId: toan.id,
			fullPath: 'lop-1/toan/ket-noi-tri-thuc',
			depth: 2,
			isActive: true
		});
		expect(res.body.data.find((c: { fullPath: string }) => c.fullPath === 'lop-3').isActive).toBe(false);
	});
});
