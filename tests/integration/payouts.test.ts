/**
 * Author statements and staff payouts over HTTP against the built server:
 * sales and refunds land in the Vietnam-time month they happened, the
 * author's share is floor(amount × 70 / 100) per line and a refund takes it
 * back, a payout pays what is owed up to the end of its month exactly once,
 * and a refund after a paid month comes off the next one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;
let author: TestUser;
let buyer: TestUser;
const order: Record<'a' | 'b' | 'house', string> = { a: '', b: '', house: '' };

const as = (who: TestUser, path: string, init: { method?: string; json?: unknown } = {}) =>
	request(base, path, { ...init, headers: { origin: base, cookie: who.cookie } });

async function walletOrder(productId: string): Promise<string> {
	const res = await checkout(base, { productId, paymentMethod: 'wallet' }, { user: buyer });
	expect(res.status, res.text).toBe(200);
	expect(res.body.data.status).toBe('PAID');
	return res.body.data.id;
}

beforeAll(async () => {
	server = await startServer({ env: { AUTHOR_REVENUE_SHARE_PERCENT: '70', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	[staff, author, buyer] = await Promise.all([createUser(base, { role: 'staff' }), createUser(base, { role: 'author', name: 'Cô Lan' }), createUser(base)]);
	await creditWallet(base, buyer.userId, '500000');
	const [a, b, house] = await Promise.all([sellable(base, { priceVnd: '45000' }), sellable(base, { priceVnd: '30001' }), sellable(base, { priceVnd: '20000' })]);
	await sql(base, 'UPDATE products SET author_id = $1 WHERE id IN ($2, $3)', [author.userId, a.id, b.id]);
	order.a = await walletOrder(a.id);
	order.b = await walletOrder(b.id);
	order.house = await walletOrder(house.id);
	const refund = await as(staff, `/api/v1/admin/orders/${order.a}/refund`, { method: 'POST', json: { reason: 'Tệp bị lỗi, khách yêu cầu hoàn tiền' } });
	expect(refund.status, refund.text).toBe(200);
	// Place the lines (the sql hook binds parameters in the order they appear) around a month boundary in Vietnam time (UTC+7): 16:59:59Z on 30 Sep is 23:59:59 in Hà Nội.
	await sql(base, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-30T16:59:59Z', order.a]);
	await sql(base, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-30T17:00:00Z', order.b]);
	await sql(base, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-15T00:00:00Z', order.house]);
	await sql(base, 'UPDATE order_refunds SET created_at = $1 WHERE order_id = $2', ['2026-10-05T00:00:00Z', order.a]);
}, 120_000);
afterAll(async () => {
	if (base) await expectMoneyInvariants(base);
	await server?.stop();
});

describe('the author statement', () => {
	it('counts a sale at 23:59:59 on the last day, Vietnam time, in that month, with the share rounded down', async () => {
		const res = await as(author, '/api/v1/studio/statement?month=2026-09');
		expect(res.status, res.text).toBe(200);
		const s = res.body.data;
		expect(s).toMatchObject({ month: '2026-09', sharePercent: 70, salesCount: 1, grossVnd: '45000', refundsCount: 0, refundsVnd: '0', netVnd: '45000', authorShareVnd: '31500', owedVnd: '31500', payout: null });
		expect(s.lines).toEqual([expect.objectContaining({ kind: 'sale', orderId: order.a, amountVnd: '45000', authorShareVnd: '31500', at: '2026-09-30T16:59:59.000Z' })]);
	});

	it('puts the refund in the month it happened and takes back exactly the share its sale gave', async () => {
		const s = (await as(author, '/api/v1/studio/statement?month=2026-10')).body.data;
		expect(s).toMatchObject({ salesCount: 1, grossVnd: '30001', refundsCount: 1, refundsVnd: '45000', netVnd: '-14999', authorShareVnd: '-10500' });
		// 30001 × 70 / 100 = 21000.7 → 21000; the refund takes back the September sale's 31500.
		expect(s.lines.map((l: any) => [l.kind, l.orderId, l.authorShareVnd])).toEqual([
			['sale', order.b, '21000'],
			['refund', order.a, '-31500']
		]);
		expect(s.owedVnd).toBe('21000');
	});

	it('sums the months, newest first, and never counts the house catalog', async () => {
		const e = (await as(author, '/api/v1/studio/earnings')).body.data;
		expect(e.balanceVnd).toBe('21000');
		expect(e.months.map((m: any) => [m.month, m.salesCount, m.authorShareVnd])).toEqual([
			['2026-10', 1, '-10500'],
			['2026-09', 1, '31500']
		]);
	});

	it('refuses a malformed month with a Vietnamese message and a buyer with 403', async () => {
		const bad = await as(author, '/api/v1/studio/statement?month=2026-13');
		expect(bad.status).toBe(400);
		expect(bad.body.error.code).toBe('validation_error');
		expect(bad.text).toContain('Tháng phải có dạng YYYY-MM');
		expect((await as(buyer, '/api/v1/studio/statement?month=2026-09')).status).toBe(403);
		expect((await request(base, '/api/v1/studio/earnings')).status).toBe(401);
	});
});

describe('payouts', () => {
	it('lists what each author is owed for a month, without the house catalog', async () => {
		const res = await as(staff, '/api/v1/admin/payouts?month=2026-09');
		expect(res.status, res.text).toBe(200);
		expect(res.body.data.monthEnded).toBe(true);
		expect(res.body.data.items).toEqual([
			{ authorId: author.userId, email: author.email, name: 'Cô Lan', salesCount: 1, monthShareVnd: '31500', owedVnd: '31500', payout: null, payoutDetails: null }
		]);
	});

	it('marks a month paid exactly once when two staff mark it at the same time, and audits it', async () => {
		const mark = () => as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: '2026-09', reference: 'FT26275000123' } });
		const results = await Promise.all([mark(), mark()]);
		expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
		const ok = results.find((r) => r.status === 200)!;
		expect(ok.body.data).toMatchObject({ authorId: author.userId, month: '2026-09', amountVnd: '31500', reference: 'FT26275000123' });
		expect(results.find((r) => r.status === 409)!.body.error.code).toBe('conflict');
		const rows = await sql<{ amount_vnd: string }>(base, 'SELECT amount_vnd::text FROM author_payouts WHERE author_id = $1', [author.userId]);
		expect(rows).toEqual([{ amount_vnd: '31500' }]);
		const audit = await sql<{ action: string; actor_user_id: string }>(base, "SELECT action, actor_user_id FROM audit_log WHERE action = 'payout.mark_paid' AND target_id = $1", [author.userId]);
		expect(audit).toEqual([{ action: 'payout.mark_paid', actor_user_id: staff.userId }]);
		const statement = (await as(author, '/api/v1/studio/statement?month=2026-09')).body.data;
		expect(statement.payout).toMatchObject({ amountVnd: '31500', reference: 'FT26275000123' });
	});

	it('nets a refund of an already paid sale against the next month, which then owes nothing', async () => {
		const list = (await as(staff, '/api/v1/admin/payouts?month=2026-10')).body.data;
		expect(list.items).toEqual([expect.objectContaining({ authorId: author.userId, monthShareVnd: '-10500', owedVnd: '-10500', payout: null })]);
		const res = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: '2026-10', reference: 'FT26306000001' } });
		expect(res.status, res.text).toBe(422);
		expect(res.body.error.details.reason).toBe('nothing_owed');
		expect((await as(author, '/api/v1/studio/earnings')).body.data.balanceVnd).toBe('-10500');
	});

	it('refuses a month that has not ended and a reference that is too short', async () => {
		const thisMonth = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
		const open = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: thisMonth, reference: 'FT1234' } });
		expect(open.status, open.text).toBe(422);
		expect(open.body.error.details.reason).toBe('month_not_ended');
		const short = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: '2026-08', reference: 'x' } });
		expect(short.status).toBe(400);
		expect(short.text).toContain('mã giao dịch');
	});
});
