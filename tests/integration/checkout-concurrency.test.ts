/**
 * Checkout under concurrency (architecture D8): many simultaneous requests
 * at the built server. PGlite serialises transactions; PostgreSQL
 * (TEST_DATABASE_URL) runs them in parallel. The outcomes must be the same:
 * no oversold stock, no promo past its cap, no wallet below zero, no order
 * paid twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkout, createFlashSale, deliverReceipts, sellable, stockLeft } from '../helpers/checkout';
import { advanceClock, createUser, request, sql } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createPromo, creditWallet, sweepPayments } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
beforeAll(async () => {
	smtp = await startSmtpReceiver();
	// Limits high enough that they never decide these races.
	server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000', DATABASE_POOL_MAX: '20' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
	// A deadlock or any other unexpected failure would surface as a 500 somewhere; none may happen.
	expect(server.logs.filter((l) => /unexpected error|deadlock|bank transfer processing failed/i.test(l))).toEqual([]);
});

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(base)));
const statuses = (responses: { status: number }[]) =>
	responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe('flash-sale stock', () => {
	it('stock 5, 50 concurrent buyers: exactly 5 orders, stock 0 and never negative; expiring them gives all 5 back once', async () => {
		const product = await sellable(base, { priceVnd: '99000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '9000', stock: 5 });
		const buyers = await users(50);
		const results = await Promise.all(buyers.map((user) => checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })));
		expect(statuses(results)).toEqual({ 200: 5, 409: 45 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('flash_sale_sold_out');
		for (const r of results.filter((x) => x.status === 200)) expect(r.body.data.amountVnd).toBe('9000');
		expect(await stockLeft(base, flash)).toBe(0);
		expect(await sql(base, `SELECT count(*)::int AS n FROM orders WHERE product_id = $1 AND flash_sale_unit_held`, [product.id])).toEqual([{ n: 5 }]);

		await advanceClock(base, 16 * 60_000);
		// Several sweeps at once, as several server instances would run them.
		const sweeps = await Promise.all(Array.from({ length: 4 }, () => sweepPayments(base)));
		expect(sweeps.reduce((n, s) => n + s.expired, 0)).toBeGreaterThanOrEqual(5);
		expect(await stockLeft(base, flash)).toBe(5);
		expect(await sql(base, `SELECT status, count(*)::int AS n FROM orders WHERE product_id = $1 GROUP BY status`, [product.id])).toEqual([{ status: 'EXPIRED', n: 5 }]);
	});

	it('the last unit, raced by wallet buyers, is sold once and paid once', async () => {
		const product = await sellable(base, { priceVnd: '50000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '5000', stock: 1 });
		const buyers = await users(20);
		await Promise.all(buyers.map((u) => creditWallet(base, u.userId, '5000', 'main')));
		const results = await Promise.all(buyers.map((user) => checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 1, 409: 19 });
		expect(await stockLeft(base, flash)).toBe(0);
		const balances = await Promise.all(buyers.map((u) => balanceOf(base, u)));
		expect(balances.filter((b) => b.total === '0')).toHaveLength(1);
	});
});

describe('promo caps', () => {
	it('a promo capped at 3, used by 20 buyers at once: exactly 3 orders', async () => {
		await createPromo(base, { code: 'BAMOTLAN', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', totalCap: 3 });
		const product = await sellable(base, { priceVnd: '30000' });
		const buyers = await users(20);
		const results = await Promise.all(buyers.map((user) => checkout(base, { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'BAMOTLAN' }, { user })));
		expect(statuses(results)).toEqual({ 200: 3, 409: 17 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('promo_cap_reached');
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'BAMOTLAN'`)).toEqual([{ used: 3 }]);
		expect(await sql(base, `SELECT count(*)::int AS n FROM promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'BAMOTLAN' AND r.status = 'RESERVED'`)).toEqual([{ n: 3 }]);
	});
});

describe('one wallet', () => {
	it('money for 2 purchases, 20 concurrent wallet checkouts of different products: exactly 2 PAID, never below zero', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '30000', 'main');
		await creditWallet(base, user!.userId, '10000', 'bonus');
		const products = await Promise.all(Array.from({ length: 20 }, () => sellable(base, { priceVnd: '20000' })));
		const results = await Promise.all(products.map((p) => checkout(base, { productId: p.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 2, 422: 18 });
		for (const r of results.filter((x) => x.status === 422)) {
			expect(r.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'insufficient_funds', required: '20000' } });
		}
		expect(results.filter((r) => r.status === 200).every((r) => r.body.data.status === 'PAID')).toBe(true);
		expect(await balanceOf(base, user!)).toEqual({ main: '0', bonus: '0', total: '0' });
		expect(await sql(base, `SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [user!.userId])).toEqual([{ n: 2 }]);
		expect(await sql(base, `SELECT count(*)::int AS n FROM product_ownerships WHERE user_id = $1`, [user!.userId])).toEqual([{ n: 2 }]);
		const [purchases] = await sql(base, `SELECT COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId]);
		expect(purchases!.total).toBe('40000');
	});

	it('the same product bought 10 times at once by one user: one order, paid once', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '100000', 'main');
		const product = await sellable(base, { priceVnd: '20000' });
		const results = await Promise.all(Array.from({ length: 10 }, () => checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 1, 409: 9 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('already_owned');
		expect(await balanceOf(base, user!)).toEqual({ main: '80000', bonus: '0', total: '80000' });
	});
});

describe('bank-transfer webhook', () => {
	it('the same notification 10 times at once: one PAID order and one receipt email', async () => {
		const [user] = await users(1);
		const product = await sellable(base, { priceVnd: '45000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data;
		const since = smtp.messages.length;
		const id = `sepay-${order.id}`;
		const results = await Promise.all(Array.from({ length: 10 }, () => postBankTransfer(base, order.paymentRef, 45000, { id })));
		expect(statuses(results)).toEqual({ 200: 10 });
		expect(results.map((r) => r.body.status).sort()).toEqual([...Array(9).fill('duplicate'), 'matched']);
		await smtp.next(user!.email, since);
		await deliverReceipts(base); // anything still due would go out now
		expect(smtp.messages.slice(since).filter((m) => m.to.includes(user!.email))).toHaveLength(1);
		const polled = await request(base, `/api/v1/checkout/${order.id}`, { headers: { cookie: user!.cookie } });
		expect(polled.body.data).toMatchObject({ status: 'PAID', receiptStatus: 'sent' });
		expect(await sql(base, `SELECT count(*)::int AS n FROM bank_transfers WHERE provider_txn_id = $1`, [id])).toEqual([{ n: 1 }]);
		expect(await sql(base, `SELECT count(*)::int AS n FROM product_ownerships WHERE user_id = $1`, [user!.userId])).toEqual([{ n: 1 }]);
	});

	it('10 different transfers for one order at once: one pays it, nine are refunded to the wallet', async () => {
		const [user] = await users(1);
		const product = await sellable(base, { priceVnd: '10000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data;
		const results = await Promise.all(Array.from({ length: 10 }, () => postBankTransfer(base, order.paymentRef, 10000)));
		const outcomes = results.map((r) => r.body.status);
		expect(outcomes.filter((s) => s === 'matched')).toHaveLength(1);
		expect(outcomes.filter((s) => s === 'duplicate_payment')).toHaveLength(9);
		expect(await balanceOf(base, user!)).toEqual({ main: '90000', bonus: '0', total: '90000' });
	});

	it('a transfer paying a pending order while its buyer pays the same product by wallet: the product is paid for once', async () => {
		const buyers = await users(8);
		const products = await Promise.all(buyers.map(() => sellable(base, { priceVnd: '20000' })));
		await Promise.all(buyers.map((u) => creditWallet(base, u.userId, '20000', 'main')));
		const pending = await Promise.all(buyers.map(async (user, i) => (await checkout(base, { productId: products[i]!.id, paymentMethod: 'qr_direct' }, { user })).body.data));
		const raced = await Promise.all(
			buyers.map((user, i) =>
				Promise.all([postBankTransfer(base, pending[i]!.paymentRef, 20000), checkout(base, { productId: products[i]!.id, paymentMethod: 'wallet' }, { user })])
			)
		);
		for (const [i, [transfer, wallet]] of raced.entries()) {
			const paid = await sql(base, `SELECT payment_method FROM orders WHERE user_id = $1 AND status = 'PAID'`, [buyers[i]!.userId]);
			const balance = (await balanceOf(base, buyers[i]!)).total;
			if (transfer.body.status === 'matched') {
				// The transfer won: the wallet checkout found the product owned.
				expect([wallet.status, wallet.body.error?.code, paid, balance]).toEqual([409, 'already_owned', [{ payment_method: 'qr_direct' }], '20000']);
			} else {
				// The wallet won: the pending order was cancelled and its late transfer refunded.
				expect([transfer.body.status, wallet.status, paid, balance]).toEqual(['late', 200, [{ payment_method: 'wallet' }], '20000']);
			}
		}
	});

	it('a transfer racing the expiry sweep either pays the order or is refunded, never both and never neither', async () => {
		const buyers = await users(10);
		const product = await sellable(base, { priceVnd: '15000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '12000', stock: 10 });
		const orders = await Promise.all(buyers.map(async (user) => (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data));
		await advanceClock(base, 15 * 60_000 - 50);
		const [transfers] = await Promise.all([
			Promise.all(orders.map((o) => postBankTransfer(base, o.paymentRef, 12000))),
			advanceClock(base, 100).then(() => Promise.all([sweepPayments(base), sweepPayments(base)]))
		]);
		for (const [i, t] of transfers.entries()) {
			const [row] = await sql<{ status: string }>(base, 'SELECT status FROM orders WHERE id = $1', [orders[i]!.id]);
			const balance = await balanceOf(base, buyers[i]!);
			if (t.body.status === 'matched') expect([row!.status, balance.total]).toEqual(['PAID', '0']);
			else expect([t.body.status, row!.status, balance.total]).toEqual(['late', 'EXPIRED', '12000']);
		}
		const paid = transfers.filter((t) => t.body.status === 'matched').length;
		expect(await stockLeft(base, flash)).toBe(10 - paid);
	});
});
