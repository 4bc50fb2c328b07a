/**
 * "Thư viện của tôi" over tRPC against the built server: what an account owns,
 * newest first, with its order number; a title search that ignores accents
 * and đ and treats % and _ literally; keyset pages whose cursor is bound to
 * its search; nobody else's products; a refund takes the product out, a
 * product taken off sale stays (without a page).
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

async function library(user: TestUser | null, input: Record<string, unknown> = {}) {
	return request(base, `/api/trpc/storefront.library?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: user ? { cookie: user.cookie } : {} });
}

const titlesOf = (res: Awaited<ReturnType<typeof library>>) => res.body.result.data.items.map((i: { title: string }) => i.title);

beforeAll(async () => {
	server = await startServer({ env: { CHECKOUT_RATE_LIMIT: '1000' } });
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
		expect(wrong.body.error.message).toBe('Con trỏ phân trang không hợp lệ.');
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
