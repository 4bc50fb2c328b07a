/**
 * Staff sale windows and flash sales over HTTP against the built server: what
 * staff set is what the public catalog charges at once, each change audited,
 * each bad input refused in Vietnamese with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { serverNow } from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

const send = (method: string, path: string, json: unknown, who: TestUser = staff) =>
	request(base, path, { method, json, headers: { origin: base, cookie: who.cookie } });
const get = (path: string, who: TestUser = staff) => request(base, path, { headers: { cookie: who.cookie } });
const audited = async (targetId: string) => (await get(`/api/v1/admin/audit?targetId=${targetId}`)).body.data.map((a: { action: string }) => a.action);
/** The envelope's message and every field message: where a Vietnamese explanation may stand. */
const messages = (error: { message: string; details?: { fields?: { message: string }[] } }) => [error.message, ...(error.details?.fields ?? []).map((f) => f.message)];
const minutesFromNow = async (m: number) => new Date((await serverNow(base)).getTime() + m * 60_000).toISOString();

/** What the public catalog says a buyer pays for the product now. */
async function publicPrice(productId: string) {
	const fullPath = (await get(`/api/v1/admin/products/${productId}`)).body.data.fullPath;
	const res = await request(base, `/api/v1/catalog/products/${fullPath}`);
	expect(res.status, res.text).toBe(200);
	const { priceVnd, salePriceVnd, isOnSale, flashSale } = res.body.data.product;
	return { priceVnd, salePriceVnd, isOnSale, flashSale };
}

beforeAll(async () => {
	server = await startServer();
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

describe('sale window', () => {
	it('puts a product on sale until a time, refuses a price at or above the list price, and ends it', async () => {
		const { id } = await sellable(base, { priceVnd: '50000' });
		expect((await get(`/api/v1/admin/products/${id}/sale`)).body.data).toMatchObject({ listPriceVnd: '50000', salePriceVnd: null, running: false });

		const endsAt = await minutesFromNow(60 * 24);
		const set = await send('PUT', `/api/v1/admin/products/${id}/sale`, { salePriceVnd: '35000', endsAt });
		expect(set.status, set.text).toBe(200);
		expect(set.body.data).toMatchObject({ productId: id, listPriceVnd: '50000', salePriceVnd: '35000', endsAt: new Date(endsAt).toISOString(), running: true });
		expect(await publicPrice(id)).toMatchObject({ priceVnd: '50000', salePriceVnd: '35000', isOnSale: true });
		// The studio and console read model shows what buyers pay now beside the list price.
		expect((await get(`/api/v1/admin/products/${id}`)).body.data).toMatchObject({ priceVnd: '50000', buyerPriceVnd: '35000' });

		const refusals: [unknown, string][] = [
			[{ salePriceVnd: '50000' }, 'Giá khuyến mãi phải thấp hơn giá niêm yết (50.000 ₫).'],
			[{ salePriceVnd: '20000.5' }, 'Giá phải là số tiền VND nguyên, chỉ gồm chữ số (không dấu chấm, dấu phẩy hay số thập phân), ví dụ "35000".'],
			[{ salePriceVnd: '20000', endsAt: await minutesFromNow(-1) }, 'Thời điểm kết thúc phải ở tương lai.'],
			[{ salePriceVnd: '20000', endsAt: '31/12/2026' }, 'Thời điểm không hợp lệ (ISO 8601, ví dụ 2026-12-01T08:00:00+07:00).']
		];
		for (const [body, message] of refusals) {
			const bad = await send('PUT', `/api/v1/admin/products/${id}/sale`, body);
			expect(bad.status, JSON.stringify(body)).toBe(400);
			expect(bad.body.error.code).toBe('validation_error');
			expect(messages(bad.body.error)).toContain(message);
		}
		expect((await get(`/api/v1/admin/products/${id}/sale`)).body.data.salePriceVnd).toBe('35000');
		expect((await send('PUT', `/api/v1/admin/products/${randomUUID()}/sale`, { salePriceVnd: '1000' })).status).toBe(404);

		const cleared = await send('DELETE', `/api/v1/admin/products/${id}/sale`, undefined);
		expect(cleared.status, cleared.text).toBe(200);
		expect(cleared.body.data).toMatchObject({ salePriceVnd: null, endsAt: null, running: false });
		expect(await publicPrice(id)).toMatchObject({ priceVnd: '50000', salePriceVnd: null, isOnSale: false });
		expect((await get(`/api/v1/admin/products/${id}`)).body.data.buyerPriceVnd).toBe('50000');
		// Ending it again changes nothing and is not audited twice.
		expect((await send('DELETE', `/api/v1/admin/products/${id}/sale`, undefined)).status).toBe(200);
		expect(await audited(id)).toEqual(['product.sale.clear', 'product.sale.set']);
	});

	it('is staff-only', async () => {
		const { id } = await sellable(base);
		const buyer = await createUser(base);
		expect((await send('PUT', `/api/v1/admin/products/${id}/sale`, { salePriceVnd: '1000' }, buyer)).status).toBe(403);
		expect((await request(base, `/api/v1/admin/products/${id}/sale`, { method: 'PUT', json: { salePriceVnd: '1000' }, headers: { origin: base } })).status).toBe(401);
		expect((await sql(base, 'SELECT sale_price_vnd FROM products WHERE id = $1', [id]))[0]).toEqual({ sale_price_vnd: null });
	});
});

describe('flash sales', () => {
	it('runs one with stock the catalog shows, refuses an overlapping window, and ends it early', async () => {
		const { id } = await sellable(base, { priceVnd: '50000' });
		const create = (body: Record<string, unknown>) => send('POST', '/api/v1/admin/flash-sales', { productId: id, ...body });
		const running = await create({ salePriceVnd: '19000', startsAt: await minutesFromNow(-1), endsAt: await minutesFromNow(120), stockCap: 3 });
		expect(running.status, running.text).toBe(200);
		expect(running.body.data).toMatchObject({ productId: id, salePriceVnd: '19000', listPriceVnd: '50000', stockCap: 3, stockLeft: 3, taken: 0, state: 'running' });
		const flashId = running.body.data.id;
		const shown = await publicPrice(id);
		expect(shown).toMatchObject({ salePriceVnd: '19000', isOnSale: true });
		expect(shown.flashSale).toMatchObject({ active: true, stockLeft: 3 });

		const overlap = await create({ salePriceVnd: '15000', startsAt: await minutesFromNow(60), endsAt: await minutesFromNow(180) });
		expect(overlap.status).toBe(409);
		expect(overlap.body.error).toMatchObject({ code: 'conflict', message: 'Học liệu này đã có flash sale trùng khung giờ; hãy kết thúc hoặc đổi giờ.' });
		const refusals: [Record<string, unknown>, number, string][] = [
			[{ salePriceVnd: '60000', startsAt: await minutesFromNow(200), endsAt: await minutesFromNow(260) }, 400, 'Giá flash sale phải thấp hơn giá niêm yết (50.000 ₫).'],
			[{ salePriceVnd: '9000', startsAt: await minutesFromNow(300), endsAt: await minutesFromNow(240) }, 400, 'Thời điểm kết thúc phải sau thời điểm bắt đầu.'],
			[{ salePriceVnd: '9000', startsAt: await minutesFromNow(300), endsAt: await minutesFromNow(360), stockCap: 0 }, 400, 'Số suất từ 1 đến 100000.'],
			[{ salePriceVnd: '9000', startsAt: await minutesFromNow(300), endsAt: await minutesFromNow(360), productId: randomUUID() }, 404, 'Không tìm thấy học liệu.']
		];
		for (const [body, status, message] of refusals) {
			const bad = await create(body);
			expect(bad.status, JSON.stringify(body)).toBe(status);
			expect(messages(bad.body.error)).toContain(message);
		}
		expect(await sql(base, 'SELECT count(*)::int AS n FROM flash_sales WHERE product_id = $1', [id])).toEqual([{ n: 1 }]);

		const listed = await get(`/api/v1/admin/flash-sales?state=running&productId=${id}`);
		expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([flashId]);

		const ended = await send('POST', `/api/v1/admin/flash-sales/${flashId}/end`, {});
		expect(ended.status, ended.text).toBe(200);
		expect(ended.body.data).toEqual({ id: flashId, outcome: 'ended' });
		expect(await publicPrice(id)).toMatchObject({ salePriceVnd: null, isOnSale: false, flashSale: null });
		expect((await get(`/api/v1/admin/flash-sales?state=ended&productId=${id}`)).body.data[0]).toMatchObject({ id: flashId, state: 'ended' });
		const again = await send('POST', `/api/v1/admin/flash-sales/${flashId}/end`, {});
		expect(again.status).toBe(409);
		expect(again.body.error).toMatchObject({ code: 'conflict', message: 'Flash sale này đã kết thúc.' });
		expect(await audited(flashId)).toEqual(['flash_sale.end', 'flash_sale.create']);
	});

	it('deletes one that has not started, and refuses one on a product that is not on sale', async () => {
		const { id } = await sellable(base, { priceVnd: '40000' });
		const upcoming = await send('POST', '/api/v1/admin/flash-sales', { productId: id, salePriceVnd: '10000', startsAt: await minutesFromNow(60), endsAt: await minutesFromNow(90) });
		expect(upcoming.body.data.state).toBe('upcoming');
		expect((await publicPrice(id)).flashSale).toMatchObject({ active: false });
		const removed = await send('POST', `/api/v1/admin/flash-sales/${upcoming.body.data.id}/end`, {});
		expect(removed.body.data).toEqual({ id: upcoming.body.data.id, outcome: 'deleted' });
		expect(await sql(base, 'SELECT id FROM flash_sales WHERE product_id = $1', [id])).toEqual([]);

		await sql(base, "UPDATE products SET status = 'unpublished', is_published = false WHERE id = $1", [id]);
		const off = await send('POST', '/api/v1/admin/flash-sales', { productId: id, salePriceVnd: '10000', startsAt: await minutesFromNow(1), endsAt: await minutesFromNow(90) });
		expect(off.status).toBe(409);
		expect(off.body.error).toMatchObject({ code: 'conflict', message: 'Chỉ tạo flash sale cho học liệu đang bán.' });
	});

	it('lets exactly one of several concurrent overlapping flash sales in', async () => {
		const { id } = await sellable(base, { priceVnd: '30000' });
		const startsAt = await minutesFromNow(10);
		const attempts = await Promise.all(
			Array.from({ length: 6 }, async (_, i) =>
				send('POST', '/api/v1/admin/flash-sales', { productId: id, salePriceVnd: String(10000 + i * 1000), startsAt, endsAt: await minutesFromNow(60 + i) })
			)
		);
		expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
		expect(await sql(base, 'SELECT count(*)::int AS n FROM flash_sales WHERE product_id = $1', [id])).toEqual([{ n: 1 }]);
	});
});
