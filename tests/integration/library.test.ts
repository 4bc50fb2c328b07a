/**
 * "Thư viện của tôi" over tRPC against the built server: what an account owns,
 * newest first, with its order number; a title search that ignores accents
 * and đ and treats % and _ literally; keyset pages whose cursor is bound to
 * its search; nobody else's products; a refund takes the product out, a
 * product taken off sale stays (without a page). And "Yêu thích": saving is
 * idempotent, only products on sale can be saved, the list is priced like the
 * catalog and capped, and it is private.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let buyer: TestUser;
const bought: { id: string; title: string; orderId: string; orderNumber: string }[] = [];
const titles = ['Giáo án Toán lớp 1 – Đếm đến 10', 'Bài giảng Tiếng Việt lớp 2 (100% tương tác)', 'Đề kiểm tra Ngữ văn 10 giữa kì'];

const trpcGet = (user: TestUser | null, path: string, input?: unknown) =>
	request(base, `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers: user ? { cookie: user.cookie } : {} });
const trpcPost = (user: TestUser, path: string, input: unknown) =>
	request(base, `/api/trpc/${path}`, { method: 'POST', json: input, headers: { origin: base, cookie: user.cookie } });

async function library(user: TestUser | null, input: Record<string, unknown> = {}) {
	return request(base, `/api/trpc/storefront.library?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: user ? { cookie: user.cookie } : {} });
}

const titlesOf = (res: Awaited<ReturnType<typeof library>>) => res.body.result.data.items.map((i: { title: string }) => i.title);

beforeAll(async () => {
	server = await startServer({ env: { CHECKOUT_RATE_LIMIT: '1000', WISHLIST_MAX_ITEMS: '3' } });
	base = server.url;
	buyer = await createUser(base);
	await creditWallet(base, buyer.userId, '200000');
	for (const title of titles) {
		const product = await sellable(base, { priceVnd: '20000', title });
		const res = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(res.status, res.text).toBe(200);
		bought.push({ id: product.id, title, orderId: res.body.data.id, orderNumber: res.body.data.orderNumber });
		// Distinct ownership times, so "newest first" is observable.
		await sql(base, 'UPDATE product_ownerships SET created_at = $1 WHERE product_id = $2', [new Date(Date.UTC(2026, 9, bought.length)).toISOString(), product.id]);
	}
}, 120_000);
afterAll(async () => {
	if (base) await expectMoneyInvariants(base);
	await server?.stop();
});

describe('my library', () => {
	it('lists what the account owns, newest first, with the order and its number', async () => {
		const res = await library(buyer);
		expect(res.status, res.text).toBe(200);
		const { items, hasMore } = res.body.result.data;
		expect(items.map((i: { title: string }) => i.title)).toEqual([...titles].reverse());
		expect(hasMore).toBe(false);
		expect(items[0]).toMatchObject({ productId: bought[2]!.id, source: 'purchase', orderId: bought[2]!.orderId, orderNumber: bought[2]!.orderNumber, type: 'LESSON_PLAN' });
		expect(items[0].fullPath).toMatch(/\//);
	});

	it('finds titles typed without accents, with đ as d, and takes % literally', async () => {
		expect(titlesOf(await library(buyer, { q: 'giao an toan' }))).toEqual([titles[0]]);
		expect(titlesOf(await library(buyer, { q: 'de kiem tra' }))).toEqual([titles[2]]);
		expect(titlesOf(await library(buyer, { q: 'DEM DEN' }))).toEqual([titles[0]]);
		expect(titlesOf(await library(buyer, { q: '100%' }))).toEqual([titles[1]]);
		expect(titlesOf(await library(buyer, { q: '%' }))).toEqual([titles[1]]);
		expect(titlesOf(await library(buyer, { q: '_' }))).toEqual([]);
	});

	it('pages with a cursor that only continues its own search', async () => {
		const first = (await library(buyer, { pageSize: 2 })).body.result.data;
		expect(first.items).toHaveLength(2);
		expect(first.hasMore).toBe(true);
		const second = (await library(buyer, { pageSize: 2, cursor: first.nextCursor })).body.result.data;
		expect(second.items.map((i: { title: string }) => i.title)).toEqual([titles[0]]);
		expect(second.hasMore).toBe(false);
		const wrong = await library(buyer, { pageSize: 2, cursor: first.nextCursor, q: 'toan' });
		expect(wrong.status).toBe(400);
		expect(wrong.body.error.message).toBe('Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.');
	});

	it('is nobody else\'s business', async () => {
		const other = await createUser(base);
		expect((await library(other)).body.result.data.items).toEqual([]);
		expect((await library(null)).status).toBe(401);
	});

	it('keeps a product taken off sale (without a page) and drops a refunded one', async () => {
		await sql(base, "UPDATE products SET status = 'unpublished' WHERE id = $1", [bought[1]!.id]);
		const staff = await createUser(base, { role: 'staff' });
		const refund = await request(base, `/api/v1/admin/orders/${bought[0]!.orderId}/refund`, {
			method: 'POST',
			json: { reason: 'Khách mua nhầm, hoàn tiền' },
			headers: { origin: base, cookie: staff.cookie }
		});
		expect(refund.status, refund.text).toBe(200);
		const items = (await library(buyer)).body.result.data.items;
		expect(items.map((i: { title: string }) => i.title)).toEqual([titles[2], titles[1]]);
		expect(items[1].fullPath).toBeNull();
	});
});

describe('yêu thích', () => {
	it('saves once however often it is tapped, lists newest first at the current price, and unsaves', async () => {
		const fan = await createUser(base);
		const [a, b] = [await sellable(base, { priceVnd: '30000', title: 'Bài giảng Khoa học lớp 4' }), await sellable(base, { priceVnd: '25000', title: 'Giáo án Âm nhạc lớp 3' })];
		for (const p of [a, b, a]) {
			const res = await trpcPost(fan, 'wishlist.save', { productId: p.id });
			expect(res.status, res.text).toBe(200);
			expect(res.body.result.data).toEqual({ saved: true });
		}
		await sql(base, 'UPDATE wishlist_items SET created_at = $1 WHERE product_id = $2', ['2026-10-01T00:00:00Z', a.id]);
		let list = (await trpcGet(fan, 'wishlist.list')).body.result.data;
		expect(list.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
		expect(list[1]).toMatchObject({ title: 'Bài giảng Khoa học lớp 4', priceVnd: '30000', salePriceVnd: null });
		expect((await trpcGet(fan, 'wishlist.savedIds', { ids: [a.id, bought[0]!.id] })).body.result.data).toEqual([a.id]);

		// A sale shows in the list at once; a product taken off sale drops out, and comes back.
		await sql(base, "UPDATE products SET sale_price_vnd = 20000, sale_ends_at = now() + interval '1 day' WHERE id = $1", [a.id]);
		expect((await trpcGet(fan, 'wishlist.list')).body.result.data[1].salePriceVnd).toBe('20000');
		await sql(base, "UPDATE products SET status = 'unpublished' WHERE id = $1", [b.id]);
		expect((await trpcGet(fan, 'wishlist.list')).body.result.data.map((p: { id: string }) => p.id)).toEqual([a.id]);
		await sql(base, "UPDATE products SET status = 'published' WHERE id = $1", [b.id]);

		expect((await trpcPost(fan, 'wishlist.remove', { productId: a.id })).body.result.data).toEqual({ saved: false });
		expect((await trpcPost(fan, 'wishlist.remove', { productId: a.id })).body.result.data).toEqual({ saved: false });
		list = (await trpcGet(fan, 'wishlist.list')).body.result.data;
		expect(list.map((p: { id: string }) => p.id)).toEqual([b.id]);
		// Nobody else sees it; signed out there is no list.
		expect((await trpcGet(buyer, 'wishlist.list')).body.result.data).toEqual([]);
		expect((await trpcGet(null, 'wishlist.list')).status).toBe(401);
	});

	it('refuses a product that is not on sale, and a full list, in Vietnamese', async () => {
		const fan = await createUser(base);
		const hidden = await sellable(base, { priceVnd: '10000' });
		await sql(base, "UPDATE products SET status = 'unpublished' WHERE id = $1", [hidden.id]);
		for (const productId of [hidden.id, crypto.randomUUID()]) {
			const res = await trpcPost(fan, 'wishlist.save', { productId });
			expect(res.status).toBe(404);
			expect(res.body.error.message).toBe('Không tìm thấy học liệu này, có thể học liệu đã được gỡ xuống.');
		}
		// This server caps a list at 3 (WISHLIST_MAX_ITEMS): the fourth is refused and nothing is written.
		for (let i = 0; i < 3; i++) expect((await trpcPost(fan, 'wishlist.save', { productId: (await sellable(base, { priceVnd: '10000' })).id })).status).toBe(200);
		const spare = await sellable(base, { priceVnd: '10000' });
		const full = await trpcPost(fan, 'wishlist.save', { productId: spare.id });
		expect(full.status).toBe(422);
		expect(full.body.error.message).toBe('Danh sách yêu thích đã đủ 3 học liệu. Hãy bỏ bớt trước khi lưu thêm.');
		expect(await sql(base, 'SELECT 1 FROM wishlist_items WHERE user_id = $1 AND product_id = $2', [fan.userId, spare.id])).toEqual([]);
	});
});
