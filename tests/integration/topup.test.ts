import { startOfNextMinute } from '../helpers/checkout';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createPromo, createTopup, creditWallet, denominationId, sweepPayments } from '../helpers/money';
import { postBankTransfer, payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
beforeAll(async () => {
	server = await startServer({ env: { WALLET_MAX_BALANCE_VND: '3000000', TOPUP_ORDER_RATE_LIMIT: '6', TOPUP_PROMO_RATE_LIMIT: '8' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const REF = /^HL[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;
const getOrder = (user: TestUser, id: string) => request(base, `/api/v1/topup/orders/${id}`, { headers: { cookie: user.cookie } });
const ledger = async (user: TestUser) => (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: user.cookie } })).body.data;

async function newTopup(user: TestUser, amountVnd = '200000', extra: Record<string, unknown> = {}) {
	const res = await createTopup(base, user, { denominationId: await denominationId(base, amountVnd), ...extra });
	expect(res.status, res.text).toBe(200);
	return res.body.data;
}

describe('GET /api/v1/topup/denominations', () => {
	it('lists the seeded active denominations by sortOrder, anonymously', async () => {
		const res = await request(base, '/api/v1/topup/denominations');
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['data']);
		const rows = res.body.data.map((d: any) => [d.amountVnd, d.bonusRatePct, d.isPopular, d.isActive]);
		expect(rows).toEqual([
			['50000', 0, false, true],
			['100000', 5, false, true],
			['200000', 10, true, true],
			['500000', 15, false, true],
			['1000000', 20, false, true]
		]);
		expect(res.body.data[2]).toMatchObject({ tag: 'Phổ biến', sortOrder: 30, id: expect.any(String) });
	});

	it('hides inactive denominations', async () => {
		await sql(base, `UPDATE topup_denominations SET is_active = false WHERE amount_vnd = 500000`);
		try {
			const res = await request(base, '/api/v1/topup/denominations');
			expect(res.body.data.map((d: any) => d.amountVnd)).toEqual(['50000', '100000', '200000', '1000000']);
		} finally {
			await sql(base, `UPDATE topup_denominations SET is_active = true WHERE amount_vnd = 500000`);
		}
	});
});

describe('POST /api/v1/topup/orders', () => {
	it('creates a pending VietQR top-up with bonus and expiry', async () => {
		const user = await createUser(base);
		const res = await createTopup(base, user, { denominationId: await denominationId(base, '200000'), returnTo: '/vi/vi-cua-toi' });
		expect(res.status, res.text).toBe(200);
		const order = res.body.data;
		expect(order).toMatchObject({
			status: 'PENDING',
			amountVnd: '200000',
			bonusVnd: '20000',
			promoDiscountVnd: '0',
			totalAmountVnd: '200000',
			paymentMethod: 'qr_direct',
			returnTo: '/vi/vi-cua-toi',
			paidAt: null
		});
		expect(order.qrUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{500,}$/);
		expect(order.paymentRef).toMatch(REF);
		expect(order.paymentInstructions).toContain(order.paymentRef);
		const ttl = Date.parse(order.expiresAt) - Date.parse(order.createdAt);
		expect(ttl).toBe(30 * 60_000);
		expect(res.headers.get('ratelimit-limit')).toBe('6');
		const [intent] = await sql(base, 'SELECT kind, reference, amount_vnd::text AS amount, status FROM payment_intents WHERE target_id = $1', [order.id]);
		expect(intent).toEqual({ kind: 'topup', reference: order.paymentRef, amount: '200000', status: 'PENDING' });
	});

	it('answers 401 without a session and 403 from another origin', async () => {
		const id = await denominationId(base, '50000');
		const anon = await request(base, '/api/v1/topup/orders', { method: 'POST', json: { denominationId: id } });
		expect(anon.status).toBe(401);
		expect(anon.body.error.code).toBe('unauthenticated');
		const user = await createUser(base);
		const foreign = await createTopup(base, user, { denominationId: id }, { origin: 'https://evil.example' });
		expect(foreign.status).toBe(403);
	});

	it.each([
		['an unknown denomination', { denominationId: '00000000-0000-4000-8000-000000000000' }],
		['a malformed denomination id', { denominationId: 'not-a-uuid' }],
		['a missing denomination id', { denominationId: undefined }],
		['a malformed promo code', { promoCode: 'có dấu cách' }],
		['a too long promo code', { promoCode: 'A'.repeat(41) }],
		['a too short promo code', { promoCode: 'AB' }],
		['an unknown promo code', { promoCode: 'KHONGCO' }],
		['an absolute returnTo', { returnTo: 'https://evil.example/' }],
		['a protocol-relative returnTo', { returnTo: '//evil.example/' }]
	])('answers 400 for %s', async (_, body) => {
		const user = await createUser(base);
		const res = await createTopup(base, user, { denominationId: await denominationId(base, '50000'), ...body });
		expect(res.status, res.text).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
		expect(await sql(base, 'SELECT 1 FROM topup_orders WHERE user_id = $1', [user.userId])).toEqual([]);
	});

	it('answers 400 for an inactive denomination', async () => {
		const id = await denominationId(base, '100000');
		await sql(base, `UPDATE topup_denominations SET is_active = false WHERE id = $1`, [id]);
		try {
			const res = await createTopup(base, await createUser(base), { denominationId: id });
			expect(res.status).toBe(400);
			expect(res.body.error.details.fields[0].path).toBe('denominationId');
		} finally {
			await sql(base, `UPDATE topup_denominations SET is_active = true WHERE id = $1`, [id]);
		}
	});

	it('applies a top-up promo: the buyer transfers less, the wallet gets the full amount and bonus', async () => {
		await createPromo(base, { code: 'NAPHE10', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 10, maxDiscountVnd: '15000', description: 'Giảm 10% tối đa 15.000 đ' });
		const user = await createUser(base);
		const order = await newTopup(user, '200000', { promoCode: 'naphe10' });
		expect(order).toMatchObject({ amountVnd: '200000', bonusVnd: '20000', promoDiscountVnd: '15000', totalAmountVnd: '185000' });
		const [promo] = await sql(base, `SELECT used FROM promos WHERE code = 'NAPHE10'`);
		expect(promo!.used).toBe(1);
		await payReference(base, order.paymentRef, 185000);
		expect(await balanceOf(base, user)).toEqual({ main: '200000', bonus: '20000', total: '220000' });
		const [redemption] = await sql(base, `SELECT status FROM promo_redemptions WHERE ref_id = $1`, [order.id]);
		expect(redemption!.status).toBe('CONSUMED');
	});

	it('refuses a top-up that would take the wallet over its maximum (422) and counts pending top-ups', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '1500000');
		await newTopup(user, '1000000'); // 1 500 000 + 1 000 000 + 200 000 bonus = 2 700 000 ≤ 3 000 000
		const res = await createTopup(base, user, { denominationId: await denominationId(base, '500000') });
		expect(res.status).toBe(422);
		expect(res.body.error).toMatchObject({
			code: 'wallet_balance_overflow',
			details: { maxBalance: '3000000', balance: '2700000', amount: '575000' }
		});
		expect(res.body.error.message).toContain('3.000.000 ₫');
	});

	it('rate-limits order creation per user with headers and 429 + Retry-After', async () => {
		const user = await createUser(base);
		const id = await denominationId(base, '50000');
		// Six requests straddling two limiter windows show one remaining count twice (the previous
		// window's count, weighted): the CI's Redis phase failed on ['5', '4', '3', '3', '2', '1'].
		await startOfNextMinute(base);
		const remaining: string[] = [];
		for (let i = 0; i < 6; i++) {
			const res = await createTopup(base, user, { denominationId: id });
			expect(res.status).toBe(200);
			remaining.push(res.headers.get('ratelimit-remaining')!);
		}
		expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
		const limited = await createTopup(base, user, { denominationId: id });
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(limited.headers.get('ratelimit-remaining')).toBe('0');
		// Another buyer is not affected.
		expect((await createTopup(base, await createUser(base), { denominationId: id })).status).toBe(200);
	});
});

describe('GET /api/v1/topup/orders/{id}', () => {
	it("returns the caller's own top-up and 404 for anyone else's or unknown ids", async () => {
		const owner = await createUser(base);
		const order = await newTopup(owner, '50000');
		const own = await getOrder(owner, order.id);
		expect(own.status).toBe(200);
		expect(own.body.data).toMatchObject({ id: order.id, status: 'PENDING', paymentRef: order.paymentRef, qrUrl: expect.stringMatching(/^data:image\/png/) });
		const other = await getOrder(await createUser(base), order.id);
		expect(other.status).toBe(404);
		expect(other.body.error.code).toBe('not_found');
		expect((await getOrder(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
		expect((await getOrder(owner, 'khong-phai-uuid')).status).toBe(404);
		expect((await request(base, `/api/v1/topup/orders/${order.id}`)).status).toBe(401);
	});
});

describe('bank-transfer webhook', () => {
	it('pays a top-up once: main and bonus credited with two ledger rows', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '200000');
		const id = `sepay-${order.id}`;
		const first = await payReference(base, order.paymentRef, 200000, { id });
		expect(first.body).toMatchObject({ success: true, status: 'matched' });
		const again = await payReference(base, order.paymentRef, 200000, { id });
		expect(again.body).toMatchObject({ success: true, status: 'duplicate' });

		expect(await balanceOf(base, user)).toEqual({ main: '200000', bonus: '20000', total: '220000' });
		const entries = await ledger(user);
		expect(entries.map((e: any) => [e.entryType, e.direction, e.pocket, e.amount, e.balanceAfter, e.refType, e.refId])).toEqual([
			['BONUS', 'CREDIT', 'bonus', '20000', '220000', 'topup', order.id],
			['TOPUP', 'CREDIT', 'main', '200000', '200000', 'topup', order.id]
		]);
		expect(entries[1].note).toBe(`Nạp 200.000 ₫ vào ví (mã ${order.paymentRef}).`);

		const polled = (await getOrder(user, order.id)).body.data;
		expect(polled).toMatchObject({ status: 'PAID', qrUrl: null, paymentInstructions: null });
		expect(polled.paidAt).toEqual(expect.any(String));
		const transfers = await sql(base, `SELECT match_status, needs_review, attempts FROM bank_transfers WHERE provider_txn_id = $1`, [id]);
		expect(transfers).toEqual([{ match_status: 'matched', needs_review: false, attempts: 1 }]);
	});

	it('finds the reference whatever case, spaces and dashes the bank adds', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '50000');
		const ref: string = order.paymentRef;
		const mangled = `chuyen tien ${ref.slice(0, 4).toLowerCase()}-${ref.slice(4, 7)} ${ref.slice(7).toLowerCase()} cam on`;
		const res = await payReference(base, ref, 50000, { content: mangled });
		expect(res.body.status).toBe('matched');
		expect((await getOrder(user, order.id)).body.data.status).toBe('PAID');
	});

	it('keeps an underpaid top-up pending, records the transfer for staff, and accepts a full payment later', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '100000');
		const under = await payReference(base, order.paymentRef, 99000);
		expect(under.body.status).toBe('underpaid');
		expect((await getOrder(user, order.id)).body.data.status).toBe('PENDING');
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '0', total: '0' });
		const [t] = await sql(base, `SELECT match_status, needs_review, credited_vnd::text AS credited, note FROM bank_transfers WHERE id = $1`, [under.body.transferId]);
		expect(t).toMatchObject({ match_status: 'underpaid', needs_review: true, credited: '0' });
		expect(t!.note).toContain('99.000 ₫');

		expect((await payReference(base, order.paymentRef, 100000)).body.status).toBe('matched');
		expect(await balanceOf(base, user)).toEqual({ main: '100000', bonus: '5000', total: '105000' });
	});

	it('credits the excess of an overpayment to the main pocket', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '50000');
		const res = await payReference(base, order.paymentRef, 80000);
		expect(res.body.status).toBe('overpaid');
		expect(await balanceOf(base, user)).toEqual({ main: '80000', bonus: '0', total: '80000' });
		const [t] = await sql(base, `SELECT credited_vnd::text AS credited, needs_review FROM bank_transfers WHERE id = $1`, [res.body.transferId]);
		expect(t).toEqual({ credited: '30000', needs_review: false });
		const notes = (await ledger(user)).map((e: any) => e.note);
		expect(notes[0]).toContain('Chuyển thừa 30.000 ₫');
	});

	it('credits a second payment of an already-paid top-up to the main pocket', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '100000');
		await payReference(base, order.paymentRef, 100000);
		const second = await payReference(base, order.paymentRef, 100000);
		expect(second.body.status).toBe('duplicate_payment');
		expect(await balanceOf(base, user)).toEqual({ main: '200000', bonus: '5000', total: '205000' });
	});

	it('credits a transfer after expiry to the main pocket without the bonus and expires the top-up', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '200000');
		await advanceClock(base, 31 * 60_000);
		const res = await payReference(base, order.paymentRef, 200000);
		expect(res.body.status).toBe('late');
		expect(await balanceOf(base, user)).toEqual({ main: '200000', bonus: '0', total: '200000' });
		expect((await getOrder(user, order.id)).body.data.status).toBe('EXPIRED');
		const [entry] = await ledger(user);
		expect(entry).toMatchObject({ entryType: 'TOPUP', refType: 'bank_transfer', refId: res.body.transferId });
		expect(entry.note).toContain('hết hạn');
	});

	it('records transfers it cannot match, and outgoing ones, without crediting anyone', async () => {
		const unmatched = await postBankTransfer(base, 'HLZZZZZZZZ', 150000, { content: 'ung ho quy lop 5A' });
		expect(unmatched.status).toBe(200);
		expect(unmatched.body.status).toBe('unmatched');
		const unknownRef = await postBankTransfer(base, 'HLZZZZZZZZ', 150000);
		expect(unknownRef.body.status).toBe('unmatched');
		const outgoing = await postBankTransfer(base, 'HLZZZZZZZZ', 150000, { transferType: 'out', content: 'phi dich vu' });
		expect(outgoing.body.status).toBe('outgoing');
		const rows = await sql(base, `SELECT match_status, needs_review FROM bank_transfers WHERE id IN ($1, $2, $3)`, [
			unmatched.body.transferId,
			unknownRef.body.transferId,
			outgoing.body.transferId
		]);
		expect(rows.map((r) => [r.match_status, r.needs_review]).sort()).toEqual([
			['outgoing', false],
			['unmatched', true],
			['unmatched', true]
		]);
	});

	it('keeps a transfer whose processing failed, answers 5xx, and applies it on the next delivery', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '50000');
		// Sabotage: a ledger row already holding this top-up's credit makes crediting fail.
		await sql(base, `INSERT INTO wallets (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [user.userId]);
		await sql(base, `INSERT INTO wallet_ledger (user_id, entry_type, direction, pocket, amount, balance_after, ref_type, ref_id) VALUES ($1, 'TOPUP', 'CREDIT', 'main', 1, 1, 'topup', $2)`, [user.userId, order.id]);
		const id = `sepay-retry-${order.id}`;
		const failed = await postBankTransfer(base, order.paymentRef, 50000, { id });
		expect(failed.status).toBe(500);
		const [kept] = await sql(base, `SELECT match_status, needs_review, attempts FROM bank_transfers WHERE provider_txn_id = $1`, [id]);
		expect(kept).toEqual({ match_status: 'error', needs_review: true, attempts: 1 });
		expect((await getOrder(user, order.id)).body.data.status).toBe('PENDING');

		await sql(base, `DELETE FROM wallet_ledger WHERE ref_id = $1`, [order.id]);
		const retried = await payReference(base, order.paymentRef, 50000, { id });
		expect(retried.body.status).toBe('matched');
		const [done] = await sql(base, `SELECT match_status, needs_review, attempts FROM bank_transfers WHERE provider_txn_id = $1`, [id]);
		expect(done).toEqual({ match_status: 'matched', needs_review: false, attempts: 2 });
		expect(await balanceOf(base, user)).toEqual({ main: '50000', bonus: '0', total: '50000' });
		expect((await payReference(base, order.paymentRef, 50000, { id })).body.status).toBe('duplicate');
	});

	it('refuses notifications without the right key (401) and malformed ones (400)', async () => {
		const user = await createUser(base);
		const order = await newTopup(user, '50000');
		const wrong = await postBankTransfer(base, order.paymentRef, 50000, { secret: 'x'.repeat(51) });
		expect(wrong.status).toBe(401);
		expect(wrong.body.error.code).toBe('unauthenticated');
		const missing = await request(base, '/api/payments/bank-transfer/webhook', { method: 'POST', json: { id: 1, transferType: 'in', transferAmount: 50000, content: order.paymentRef } });
		expect(missing.status).toBe(401);
		const bearer = await request(base, '/api/payments/bank-transfer/webhook', {
			method: 'POST',
			json: { id: 1, transferType: 'in', transferAmount: 50000, content: order.paymentRef },
			headers: { authorization: 'Bearer hoclieu-demo-webhook-secret-never-use-in-production' }
		});
		expect(bearer.status).toBe(401);
		const malformed = await postBankTransfer(base, order.paymentRef, -5);
		expect(malformed.status).toBe(400);
		expect(malformed.body.error.code).toBe('validation_error');
		expect((await getOrder(user, order.id)).body.data.status).toBe('PENDING');
		expect(await sql(base, `SELECT 1 FROM bank_transfers WHERE content LIKE $1`, [`%${order.paymentRef}%`])).toEqual([]);
	});
});

describe('expiry', () => {
	it('the sweep expires unpaid top-ups and gives their promo use back', async () => {
		await createPromo(base, { code: 'HETHAN1', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000', totalCap: 1 });
		const user = await createUser(base);
		const order = await newTopup(user, '50000', { promoCode: 'HETHAN1' });
		expect(order.totalAmountVnd).toBe('45000');
		const blocked = await createTopup(base, await createUser(base), { denominationId: await denominationId(base, '50000'), promoCode: 'HETHAN1' });
		expect(blocked.status).toBe(409); // the only use is reserved
		expect(blocked.body.error.code).toBe('promo_cap_reached');

		await advanceClock(base, 30 * 60_000 + 1000);
		expect((await sweepPayments(base)).expired).toBeGreaterThanOrEqual(1);
		const [row] = await sql(base, `SELECT t.status, r.status AS redemption, p.used FROM topup_orders t JOIN promo_redemptions r ON r.id = t.promo_redemption_id JOIN promos p ON p.id = r.promo_id WHERE t.id = $1`, [order.id]);
		expect(row).toEqual({ status: 'EXPIRED', redemption: 'RELEASED', used: 0 });
		expect((await getOrder(user, order.id)).body.data).toMatchObject({ status: 'EXPIRED', qrUrl: null });

		const reused = await createTopup(base, await createUser(base), { denominationId: await denominationId(base, '50000'), promoCode: 'HETHAN1' });
		expect(reused.status, reused.text).toBe(200);
		// Sweeping again changes nothing.
		await sweepPayments(base);
		expect((await sql(base, `SELECT used FROM promos WHERE code = 'HETHAN1'`))[0]!.used).toBe(1);
	});

	it('a read past expiry reports EXPIRED and expires the top-up without waiting for the sweep', async () => {
		await createPromo(base, { code: 'HETHAN2', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000', totalCap: 3 });
		const user = await createUser(base);
		const order = await newTopup(user, '50000', { promoCode: 'HETHAN2' });
		await advanceClock(base, 30 * 60_000 + 1000);
		const polled = await getOrder(user, order.id);
		expect(polled.body.data).toMatchObject({ status: 'EXPIRED', qrUrl: null, paymentInstructions: null });
		const [row] = await sql(base, `SELECT t.status, i.status AS intent, p.used FROM topup_orders t JOIN payment_intents i ON i.target_id = t.id, promos p WHERE t.id = $1 AND p.code = 'HETHAN2'`, [order.id]);
		expect(row).toEqual({ status: 'EXPIRED', intent: 'EXPIRED', used: 0 });
	});
});

describe('POST /api/v1/topup/promos/validate', () => {
	const validate = (user: TestUser | null, json: unknown) =>
		request(base, '/api/v1/topup/promos/validate', { method: 'POST', json, headers: user ? { cookie: user.cookie } : {} });

	beforeAll(async () => {
		await createPromo(base, { code: 'GIAM10', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 10, maxDiscountVnd: '15000', description: 'Giảm 10% tối đa 15.000 đ' });
		await createPromo(base, { code: 'TRU20K', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '20000', minAmountVnd: '100000' });
		await createPromo(base, { code: 'HETLUOT', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '1000', totalCap: 1 });
		await createPromo(base, { code: 'MOTLAN', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '1000', perUserCap: 1 });
		await createPromo(base, { code: 'CUAHANG', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 10 });
		await createPromo(base, { code: 'TATCA', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 100 });
		await createPromo(base, { code: 'CUOITUAN', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 5, startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-01-03T00:00:00Z' });
		await createPromo(base, { code: 'SAPTOI', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 5, startsAt: '2099-01-01T00:00:00Z' });
		await createPromo(base, { code: 'TATROI', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 5 });
		await sql(base, `UPDATE promos SET is_active = false WHERE code = 'TATROI'`);
		await sql(base, `UPDATE promos SET used = 1 WHERE code = 'HETLUOT'`);
	});

	it.each([
		['GIAM10', 200000, '15000', '185000'],
		['giam10', 100000, '10000', '90000'],
		[' Giam10 ', 99999, '9999', '90000'],
		['TRU20K', 100000, '20000', '80000']
	])('computes the discount of %s on %i', async (code, amountVnd, discountVnd, finalAmountVnd) => {
		const res = await validate(await createUser(base), { code, amountVnd });
		expect(res.status).toBe(200);
		expect(res.body.data).toMatchObject({ valid: true, discountVnd, finalAmountVnd });
		expect(res.headers.get('ratelimit-limit')).toBe('8');
	});

	it('returns the description', async () => {
		const res = await validate(await createUser(base), { code: 'GIAM10', amountVnd: 50000 });
		expect(res.body.data).toEqual({ valid: true, discountVnd: '5000', finalAmountVnd: '45000', description: 'Giảm 10% tối đa 15.000 đ' });
	});

	it.each([
		['an unknown code', 'KHONGCO', 100000],
		['an expired code', 'CUOITUAN', 100000],
		['a code not started yet', 'SAPTOI', 100000],
		['a deactivated code', 'TATROI', 100000],
		['an exhausted code', 'HETLUOT', 100000],
		['a checkout-only code', 'CUAHANG', 100000],
		['an amount under the minimum', 'TRU20K', 99999],
		['a zero amount', 'GIAM10', 0],
		['a discount of the whole amount', 'TATCA', 100000]
	])('answers 200 valid:false for %s', async (_, code, amountVnd) => {
		const res = await validate(await createUser(base), { code, amountVnd });
		expect(res.status).toBe(200);
		expect(res.body.data).toEqual({ valid: false, reason: 'invalid' });
	});

	it('applies the per-user cap to the user who used it only', async () => {
		const user = await createUser(base);
		expect((await validate(user, { code: 'MOTLAN', amountVnd: 50000 })).body.data.valid).toBe(true);
		await newTopup(user, '50000', { promoCode: 'MOTLAN' });
		expect((await validate(user, { code: 'MOTLAN', amountVnd: 50000 })).body.data).toEqual({ valid: false, reason: 'invalid' });
		expect((await validate(await createUser(base), { code: 'MOTLAN', amountVnd: 50000 })).body.data.valid).toBe(true);
	});

	it.each([
		['a too short code', { code: 'AB', amountVnd: 1000 }],
		['a too long code', { code: 'A'.repeat(41), amountVnd: 1000 }],
		['a code with spaces inside', { code: 'GIAM 10', amountVnd: 1000 }],
		['a negative amount', { code: 'GIAM10', amountVnd: -1 }],
		['a fractional amount', { code: 'GIAM10', amountVnd: 1000.5 }],
		['an amount as a string', { code: 'GIAM10', amountVnd: '1000' }],
		['a missing amount', { code: 'GIAM10' }]
	])('answers 400 for %s', async (_, body) => {
		const res = await validate(await createUser(base), body);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
	});

	it('answers 401 without a session', async () => {
		expect((await validate(null, { code: 'GIAM10', amountVnd: 1000 })).status).toBe(401);
	});

	it('rate-limits per user with 429 and Retry-After', async () => {
		const user = await createUser(base);
		await startOfNextMinute(base); // a burst straddling two limiter windows could let one more through
		for (let i = 0; i < 8; i++) expect((await validate(user, { code: 'KHONGCO', amountVnd: 1000 })).status).toBe(200);
		const limited = await validate(user, { code: 'GIAM10', amountVnd: 1000 });
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});
