/**
 * Staff pricing over HTTP against the built server: top-up denominations,
 * promo codes and gift-code batches are created, changed and stopped through
 * /api/v1/admin/*, each change audited, each bad input refused in Vietnamese
 * with nothing written, and the buyer-facing endpoints follow at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

const send = (method: string, path: string, json: unknown, who: TestUser = staff) =>
	request(base, path, { method, json, headers: { origin: base, cookie: who.cookie } });
const get = (path: string, who: TestUser = staff) => request(base, path, { headers: { cookie: who.cookie } });
const audited = async (targetId: string) => (await get(`/api/v1/admin/audit?targetId=${targetId}`)).body.data.map((a: { action: string }) => a.action);

beforeAll(async () => {
	server = await startServer({ env: { CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

describe('top-up denominations', () => {
	it('adds one buyers see at once, refuses a duplicate or an odd amount, and hides a deactivated one', async () => {
		const created = await send('POST', '/api/v1/admin/topup-denominations', { amountVnd: '300000', bonusRatePct: 12.5, sortOrder: 35, tag: 'Mới' });
		expect(created.status, created.text).toBe(200);
		expect(created.body.data).toMatchObject({ amountVnd: '300000', bonusRatePct: 12.5, isActive: true, tag: 'Mới' });
		const id = created.body.data.id;
		const publicList = async () => (await request(base, '/api/v1/topup/denominations')).body.data.map((d: { amountVnd: string }) => d.amountVnd);
		expect(await publicList()).toContain('300000');

		const dup = await send('POST', '/api/v1/admin/topup-denominations', { amountVnd: '300000' });
		expect(dup.status).toBe(409);
		expect(dup.body.error.message).toBe('Đã có mệnh giá 300.000 ₫; hãy sửa mệnh giá đó thay vì tạo mới.');
		for (const amountVnd of ['12345', '5000', '100000.5', '-20000']) {
			const bad = await send('POST', '/api/v1/admin/topup-denominations', { amountVnd });
			expect(bad.status, amountVnd).toBe(400);
			expect(bad.body.error.code).toBe('validation_error');
		}
		expect((await send('POST', '/api/v1/admin/topup-denominations', { amountVnd: '12345' })).body.error.message).toMatch(/^Mệnh giá phải là bội số của 1\.000 ₫/);
		expect((await send('POST', '/api/v1/admin/topup-denominations', { amountVnd: '400000', bonusRatePct: 150 })).body.error.code).toBe('validation_error');
		expect(await sql(base, "SELECT 1 FROM topup_denominations WHERE amount_vnd IN (12345, 5000, 400000)")).toEqual([]);

		const off = await send('PATCH', `/api/v1/admin/topup-denominations/${id}`, { isActive: false });
		expect(off.status, off.text).toBe(200);
		expect(off.body.data.isActive).toBe(false);
		expect(await publicList()).not.toContain('300000');
		expect((await get('/api/v1/admin/topup-denominations')).body.data.find((d: { id: string }) => d.id === id)).toMatchObject({ isActive: false });
		expect((await send('PATCH', `/api/v1/admin/topup-denominations/${randomUUID()}`, { isActive: true })).status).toBe(404);
		expect(await audited(id)).toEqual(['denomination.update', 'denomination.create']);
	});
});

describe('promo codes', () => {
	it('creates a capped promo that checkout accepts, refuses a duplicate in any case, and stops it', async () => {
		const product = await sellable(base, { priceVnd: '100000' });
		const created = await send('POST', '/api/v1/admin/promos', { code: 'khaigiang', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 20, maxDiscountVnd: '15000', totalCap: 2, perUserCap: 1, productType: 'LESSON_PLAN' });
		expect(created.status, created.text).toBe(200);
		expect(created.body.data).toMatchObject({ code: 'KHAIGIANG', totalCap: 2, perUserCap: 1, used: 0, isActive: true });
		const buyer = await createUser(base);
		const validate = () => request(base, '/api/v1/promos/validate', { method: 'POST', json: { code: 'KhaiGiang', productId: product.id }, headers: { cookie: buyer.cookie } });
		expect((await validate()).body.data).toMatchObject({ valid: true, discountVnd: '15000', finalPriceVnd: '85000' });

		const dup = await send('POST', '/api/v1/admin/promos', { code: 'KHAIGIANG', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000' });
		expect(dup.status).toBe(409);
		expect(dup.body.error.message).toBe('Mã khuyến mãi KHAIGIANG đã tồn tại.');

		const off = await send('POST', `/api/v1/admin/promos/${created.body.data.id}/deactivate`, {});
		expect(off.status, off.text).toBe(200);
		expect(off.body.data.isActive).toBe(false);
		expect((await validate()).body.data).toMatchObject({ valid: false });
		expect((await get('/api/v1/admin/promos')).body.data.find((p: { code: string }) => p.code === 'KHAIGIANG')).toMatchObject({ isActive: false });
		expect((await send('POST', `/api/v1/admin/promos/${randomUUID()}/deactivate`, {})).status).toBe(404);
		expect(await audited(created.body.data.id)).toEqual(['promo.deactivate', 'promo.create']);
	});

	it('explains a bad promo in Vietnamese and writes nothing', async () => {
		for (const [body, message] of [
			[{ code: 'QUA100', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 150 }, 'Phần trăm giảm từ 1 đến 100.'],
			[{ code: 'A', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 10 }, 'Mã gồm 3–40 chữ cái không dấu, chữ số, “-” hoặc “_”.'],
			[{ code: 'LE5K', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000.5' }, 'Số tiền giảm phải là số tiền nguyên (đồng), không có dấu chấm hay phần lẻ.'],
			[{ code: 'THIEU', appliesTo: 'CHECKOUT', kind: 'FIXED' }, 'Mã giảm số tiền cố định cần số tiền giảm lớn hơn 0 (và không có phần trăm hay mức giảm tối đa).'],
			[{ code: 'NGUOC', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'Thời điểm kết thúc phải sau thời điểm bắt đầu.']
		] as const) {
			const res = await send('POST', '/api/v1/admin/promos', body);
			expect(res.status, body.code).toBe(400);
			expect(JSON.stringify(res.body.error), body.code).toContain(message);
		}
		expect(await sql(base, "SELECT code FROM promos WHERE code IN ('QUA100', 'A', 'LE5K', 'THIEU', 'NGUOC')")).toEqual([]);
	});
});

describe('gift-code batches', () => {
	it('creates a batch whose codes come back once (and as CSV), redeem, and stop together', async () => {
		const created = await send('POST', '/api/v1/admin/giftcode-batches', { amountVnd: '20000', count: 3, note: 'Hội thảo giáo viên Huế' });
		expect(created.status, created.text).toBe(200);
		const { batchId, codes, csv } = created.body.data as { batchId: string; codes: string[]; csv: string };
		expect(codes).toHaveLength(3);
		expect(csv.charCodeAt(0)).toBe(0xfeff);
		const lines = csv.slice(1).trim().split('\r\n');
		expect(lines[0]).toBe('ma_qua_tang,gia_tri_vnd,so_lan_dung,het_han');
		expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(codes);
		// Only keyed hashes are stored: no plain code anywhere in the table.
		const stored = JSON.stringify(await sql(base, 'SELECT * FROM gift_codes WHERE batch_id = $1', [batchId]));
		for (const code of codes) expect(stored).not.toContain(code);

		const buyer = await createUser(base);
		const redeem = (code: string) => request(base, '/api/v1/giftcode/redeem', { method: 'POST', json: { code }, headers: { origin: base, cookie: buyer.cookie } });
		expect((await redeem(codes[0]!)).status).toBe(200);
		const listed = (await get('/api/v1/admin/giftcode-batches')).body.data.find((b: { batchId: string }) => b.batchId === batchId);
		expect(listed).toMatchObject({ amountVnd: '20000', count: 3, activeCount: 3, redeemed: 1, maxRedemptions: 1, note: 'Hội thảo giáo viên Huế' });

		const off = await send('POST', `/api/v1/admin/giftcode-batches/${batchId}/deactivate`, {});
		expect(off.body.data).toEqual({ batchId, deactivated: 3 });
		const refused = await redeem(codes[1]!);
		expect(refused.status).toBe(400);
		expect(refused.body.error.details).toMatchObject({ reason: 'expired' });
		expect((await send('POST', `/api/v1/admin/giftcode-batches/${randomUUID()}/deactivate`, {})).status).toBe(404);
		expect(await audited(batchId)).toEqual(['giftcodes.deactivate_batch', 'giftcodes.create']);
	});

	it('refuses a batch that is too large or not in whole VND, and writes nothing', async () => {
		const before = (await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM gift_codes'))[0]!.n;
		for (const body of [
			{ amountVnd: '20000', count: 1001 },
			{ amountVnd: '20000.5', count: 1 },
			{ amountVnd: '20000', count: 0 }
		]) {
			const res = await send('POST', '/api/v1/admin/giftcode-batches', body);
			expect(res.status).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		expect((await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM gift_codes'))[0]!.n).toBe(before);
	});
});
