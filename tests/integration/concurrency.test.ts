/**
 * The concurrency suite (docs/architecture.md#money-invariants): every race the money, checkout and
 * music code must win, in one place. Each race fires at least 50 requests at
 * once over HTTP at the built server, then checks what the database holds —
 * counts equal to caps, one credit per code or transfer — and after every
 * race the money invariants (tests/helpers/invariants.ts: ledger sums equal
 * the pockets, no pocket below zero, every balanceAfter a running total).
 *
 * PGlite serialises transactions; PostgreSQL (TEST_DATABASE_URL) runs them in
 * parallel. The outcomes must be the same. Limits that are not under test are
 * raised for this server so that they never decide a race. The suite prints
 * how many concurrent requests each race fired and a total.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartClient } from '../helpers/cart';
import { checkout, createFlashSale, deliverReceipts, eventually, sellable, stockLeft } from '../helpers/checkout';
import { advanceClock, createUsers, request, sql, type JsonResponse, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createGiftCodes, createPromo, createTopup, creditWallet, debitWallet, denominationId, sweepPayments } from '../helpers/money';
import { createFreeTrack, musicDownload, musicQuota, serverNow, setUsed } from '../helpers/music-fixtures';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { staffMoneyRaces } from './races/staff-money';
import { vietnamMonthWindow } from '../../src/lib/server/music/quota-window';

/** The fewest concurrent requests any race fires. */
const N = 50;

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
beforeAll(async () => {
	smtp = await startSmtpReceiver();
	// Limits high enough that they never decide these races, and waits long enough that neither does a
	// loaded machine: a rate-limit store answer or a new connection slower than the defaults' 0.5 s and
	// 5 s is a 503 by design (fail closed), which a full local run saw twice (two of the 50 checkouts)
	// with Playwright running beside this suite.
	server = await startServer({
		env: {
			SMTP_URL: smtp.url,
			TRUST_PROXY: 'true',
			CHECKOUT_RATE_LIMIT: '1000',
			GIFTCODE_FAILURE_LIMIT: '10000',
			GIFTCODE_FAILURE_IP_LIMIT: '10000',
			TOPUP_ORDER_RATE_LIMIT: '1000',
			MUSIC_DOWNLOAD_RATE_PER_MINUTE: '1000',
			DATABASE_POOL_MAX: '20',
			RATE_LIMIT_STORE_TIMEOUT_MS: '30000',
			DATABASE_TIMEOUT_MS: '30000',
			// Fifty requests queue on one PGlite connection, and npm test runs Playwright beside this suite:
			// the last of them may pass the 10 s request and 5 s statement limits (503 by design). What is
			// tested here is who wins a race, not how fast, so the limits only catch a hang.
			REQUEST_TIMEOUT_MS: '120000',
			DATABASE_STATEMENT_TIMEOUT_MS: '60000'
		}
	});
	base = server.url;
});

/** What each race fired, for the summary. */
const fired: { race: string; requests: number }[] = [];
/** Races that failed any of their checks, the money invariants included. */
let violations = 0;
let logsBefore = 0;

beforeEach(({ onTestFailed }) => {
	logsBefore = server?.logs.length ?? 0;
	// Runs after afterEach, so a broken money invariant counts as well.
	onTestFailed(() => {
		violations++;
	});
});
afterEach(async () => {
	if (!base) return;
	await expectMoneyInvariants(base);
	// A deadlock or any other unexpected failure would surface as a 500 somewhere; none may happen.
	expect(server.logs.slice(logsBefore).filter((l) => /unexpected error|deadlock|bank transfer processing failed/i.test(l))).toEqual([]);
});
afterAll(async () => {
	const requests = fired.reduce((n, f) => n + f.requests, 0);
	console.log(
		[
			...fired.map((f) => `concurrency: ${f.requests} concurrent requests: ${f.race}`),
			`concurrency: ${fired.length} races, ${requests} concurrent requests, ${violations} invariant violations`
		].join('\n')
	);
	await server?.stop();
	await smtp?.stop();
});

/** Starts every request at once, waits for all the answers and records how many were fired. */
async function race<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
	expect(requests.length, 'requests in one race').toBeGreaterThanOrEqual(N);
	const results = await Promise.all(requests.map((start) => start()));
	fired.push({ race: expect.getState().currentTestName ?? 'unnamed race', requests: requests.length });
	return results;
}
const times = <T>(n: number, start: (i: number) => Promise<T>): (() => Promise<T>)[] => Array.from({ length: n }, (_, i) => () => start(i));

/** The buyers a race needs, made in one request to the test hooks (the race is what is under test, not their making). */
const users = (n: number) => createUsers(base, n);
const statuses = (responses: { status: number }[]) =>
	responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
const count = async (query: string, params: unknown[] = []) => (await sql<{ n: number }>(base, `SELECT count(*)::int AS n FROM ${query}`, params))[0]!.n;
const redeem = (user: TestUser, code: string) =>
	request(base, '/api/v1/giftcode/redeem', { method: 'POST', json: { code }, headers: { cookie: user.cookie } });

describe('single-use gift codes', () => {
	it('50 concurrent redemptions of one single-use code by 50 users credit exactly once', async () => {
		const buyers = await users(N);
		const { codes, batchId } = await createGiftCodes(base, { amountVnd: '50000', count: 1 });
		const results = await race(buyers.map((u) => () => redeem(u, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 1, 400: N - 1 });
		expect(new Set(results.filter((r) => r.status === 400).map((r) => r.body.error.details.reason))).toEqual(new Set(['exhausted']));
		const credited = await sql(base, `SELECT count(*)::int AS n, COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE ref_type = 'giftcode' AND ref_id IN (SELECT r.id::text FROM gift_code_redemptions r JOIN gift_codes g ON g.id = r.gift_code_id WHERE g.batch_id = $1)`, [batchId]);
		expect(credited).toEqual([{ n: 1, total: '50000' }]);
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 1 }]);
		expect(await count(`gift_code_redemptions r JOIN gift_codes g ON g.id = r.gift_code_id WHERE g.batch_id = $1`, [batchId])).toBe(1);
	});

	it('50 concurrent redemptions of one code by the same user credit exactly once', async () => {
		const [user] = await users(1);
		const { codes } = await createGiftCodes(base, { amountVnd: '20000', count: 1, maxRedemptions: 5 });
		const results = await race(times(N, () => redeem(user!, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 1, 400: N - 1 });
		expect(new Set(results.filter((r) => r.status === 400).map((r) => r.body.error.details.reason))).toEqual(new Set(['already_redeemed']));
		expect(await balanceOf(base, user!)).toEqual({ main: '0', bonus: '20000', total: '20000' });
		expect(await count(`wallet_ledger WHERE user_id = $1 AND ref_type = 'giftcode'`, [user!.userId])).toBe(1);
	});

	it('50 concurrent redemptions of a 10-use code by 50 users credit exactly 10', async () => {
		const buyers = await users(N);
		const { codes, batchId } = await createGiftCodes(base, { amountVnd: '10000', count: 1, maxRedemptions: 10 });
		const results = await race(buyers.map((u) => () => redeem(u, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 10, 400: N - 10 });
		const balances = await Promise.all(buyers.map((u) => balanceOf(base, u)));
		expect(balances.filter((b) => b.total === '10000')).toHaveLength(10);
		expect(balances.filter((b) => b.total === '0')).toHaveLength(N - 10);
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 10 }]);
		expect(await count(`gift_code_redemptions r JOIN gift_codes g ON g.id = r.gift_code_id WHERE g.batch_id = $1`, [batchId])).toBe(10);
	});
});

describe('flash-sale stock', () => {
	it('stock 5, 50 concurrent buyers: exactly 5 orders, stock 0 and never negative; expiring them gives all 5 back once', async () => {
		const product = await sellable(base, { priceVnd: '99000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '9000', stock: 5 });
		const buyers = await users(N);
		const results = await race(buyers.map((user) => () => checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })));
		expect(statuses(results)).toEqual({ 200: 5, 409: N - 5 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('flash_sale_sold_out');
		for (const r of results.filter((x) => x.status === 200)) expect(r.body.data.amountVnd).toBe('9000');
		expect(await stockLeft(base, flash)).toBe(0);
		expect(await count(`orders WHERE product_id = $1 AND flash_sale_unit_held`, [product.id])).toBe(5);
		expect(await count(`orders WHERE product_id = $1`, [product.id])).toBe(5);

		await advanceClock(base, 16 * 60_000);
		// Several sweeps at once, as several server instances would run them.
		const sweeps = await Promise.all(Array.from({ length: 4 }, () => sweepPayments(base)));
		expect(sweeps.reduce((n, s) => n + s.expired, 0)).toBeGreaterThanOrEqual(5);
		expect(await stockLeft(base, flash)).toBe(5);
		expect(await sql(base, `SELECT status, count(*)::int AS n FROM orders WHERE product_id = $1 GROUP BY status`, [product.id])).toEqual([{ status: 'EXPIRED', n: 5 }]);
	});

	it('the last unit, raced by 50 wallet buyers, is sold once and paid once', async () => {
		const product = await sellable(base, { priceVnd: '50000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '5000', stock: 1 });
		const buyers = await users(N);
		await Promise.all(buyers.map((u) => creditWallet(base, u.userId, '5000', 'main')));
		const results = await race(buyers.map((user) => () => checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('flash_sale_sold_out');
		expect(await stockLeft(base, flash)).toBe(0);
		const balances = await Promise.all(buyers.map((u) => balanceOf(base, u)));
		expect(balances.filter((b) => b.total === '0')).toHaveLength(1);
		expect(balances.filter((b) => b.total === '5000')).toHaveLength(N - 1);
		expect(await sql(base, `SELECT status, count(*)::int AS n FROM orders WHERE product_id = $1 GROUP BY status`, [product.id])).toEqual([{ status: 'PAID', n: 1 }]);
		expect(await count(`product_ownerships WHERE product_id = $1`, [product.id])).toBe(1);
	});
});

describe('promo caps', () => {
	it('a checkout promo capped at 3, used by 50 buyers at once: exactly 3 orders', async () => {
		await createPromo(base, { code: 'BAMOTLAN', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', totalCap: 3 });
		const product = await sellable(base, { priceVnd: '30000' });
		const buyers = await users(N);
		const results = await race(buyers.map((user) => () => checkout(base, { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'BAMOTLAN' }, { user })));
		expect(statuses(results)).toEqual({ 200: 3, 409: N - 3 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('promo_cap_reached');
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'BAMOTLAN'`)).toEqual([{ used: 3 }]);
		expect(await count(`promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'BAMOTLAN' AND r.status = 'RESERVED'`)).toBe(3);
		expect(await count(`orders WHERE promo_code = 'BAMOTLAN'`)).toBe(3);
	});

	it('a top-up promo capped at 5 uses, used by 50 buyers at once, is reserved exactly 5 times', async () => {
		await createPromo(base, { code: 'CHOP5', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000', totalCap: 5 });
		const buyers = await users(N);
		const id = await denominationId(base, '50000');
		const results = await race(buyers.map((u) => () => createTopup(base, u, { denominationId: id, promoCode: 'CHOP5' })));
		expect(statuses(results)).toEqual({ 200: 5, 409: N - 5 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('promo_cap_reached');
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'CHOP5'`)).toEqual([{ used: 5 }]);
		expect(await count(`promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'CHOP5' AND r.status = 'RESERVED'`)).toBe(5);
		expect(await count(`topup_orders t JOIN promo_redemptions r ON r.id = t.promo_redemption_id JOIN promos p ON p.id = r.promo_id WHERE p.code = 'CHOP5'`)).toBe(5);
	});

	it('a promo allowed twice per user, tried 50 times at once by one user, is reserved twice', async () => {
		await createPromo(base, { code: 'HAILAN', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 5, perUserCap: 2 });
		const [user] = await users(1);
		const id = await denominationId(base, '50000');
		const results = await race(times(N, () => createTopup(base, user!, { denominationId: id, promoCode: 'HAILAN' })));
		expect(statuses(results)).toEqual({ 200: 2, 409: N - 2 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('promo_cap_reached');
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'HAILAN'`)).toEqual([{ used: 2 }]);
		expect(await count(`promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'HAILAN' AND r.user_id = $1`, [user!.userId])).toBe(2);
	});
});

describe('wallet double-spend', () => {
	it('money for 2 purchases, 50 concurrent wallet checkouts of different products: exactly 2 PAID, never below zero', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '30000', 'main');
		await creditWallet(base, user!.userId, '10000', 'bonus');
		const products = await Promise.all(Array.from({ length: N }, () => sellable(base, { priceVnd: '20000' })));
		const results = await race(products.map((p) => () => checkout(base, { productId: p.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 2, 422: N - 2 });
		for (const r of results.filter((x) => x.status === 422)) {
			expect(r.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'insufficient_funds', required: '20000' } });
		}
		expect(results.filter((r) => r.status === 200).every((r) => r.body.data.status === 'PAID')).toBe(true);
		expect(await balanceOf(base, user!)).toEqual({ main: '0', bonus: '0', total: '0' });
		expect(await count(`orders WHERE user_id = $1`, [user!.userId])).toBe(2);
		expect(await count(`product_ownerships WHERE user_id = $1`, [user!.userId])).toBe(2);
		const [purchases] = await sql(base, `SELECT COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId]);
		expect(purchases!.total).toBe('40000');
	});

	// Without an Idempotency-Key the purchase is one statement outside a transaction (checkout_wallet); with one, the
	// opening read, the key and the paying statement run in a transaction. Both must hold the same money rules.
	it.each([
		['one statement, no Idempotency-Key', () => ({})],
		['in a transaction, with an Idempotency-Key', () => ({ 'idempotency-key': crypto.randomUUID() })]
	])('the folded wallet statement (%s): money for 17 of 50 different products (half on flash sale), bought at once by one user: 17 PAID, 33 refused, nothing held by the refused', async (_, headers) => {
		const [user] = await users(1);
		// 51 000 = 17 × 3 000: three purchases from the bonus pocket, one split across both pockets, thirteen from main.
		await creditWallet(base, user!.userId, '40000', 'main');
		await creditWallet(base, user!.userId, '11000', 'bonus');
		const products = await Promise.all(Array.from({ length: N }, (_, i) => sellable(base, { priceVnd: i % 2 === 0 ? '3000' : '9000' })));
		// The odd ones cost 3 000 only through a flash sale with one unit: the paying statement takes it, a refusal gives it back.
		const flashed = products.filter((_, i) => i % 2 === 1);
		const flashIds = await Promise.all(flashed.map((p) => createFlashSale(base, p.id, { priceVnd: '3000', stock: 1 })));
		const flash = new Map(flashed.map((p, i) => [p.id, flashIds[i]!]));
		const results = await race(products.map((p) => () => checkout(base, { productId: p.id, paymentMethod: 'wallet' }, { user, headers: headers() })));
		expect(statuses(results)).toEqual({ 200: 17, 422: N - 17 });
		for (const r of results.filter((x) => x.status === 422)) {
			expect(r.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'insufficient_funds', required: '3000' } });
		}
		const paid = products.filter((_, i) => results[i]!.status === 200).map((p) => p.id);
		for (const r of results.filter((x) => x.status === 200)) expect(r.body.data).toMatchObject({ status: 'PAID', amountVnd: '3000' });
		expect(await balanceOf(base, user!)).toEqual({ main: '0', bonus: '0', total: '0' });
		expect(await count(`orders WHERE user_id = $1 AND status = 'PAID'`, [user!.userId])).toBe(17);
		expect(await count(`orders WHERE user_id = $1`, [user!.userId])).toBe(17);
		expect(await count(`product_ownerships WHERE user_id = $1 AND source = 'purchase'`, [user!.userId])).toBe(17);
		// One row per pocket that paid: one of the orders was paid from both.
		expect(await count(`wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId])).toBe(18);
		const [spent] = await sql(base, `SELECT COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId]);
		expect(spent!.total).toBe('51000');
		const ledgerPerOrder = await sql<{ n: number }>(
			base,
			`SELECT count(l.id)::int AS n FROM orders o LEFT JOIN wallet_ledger l ON l.ref_type = 'order' AND l.ref_id = o.id::text WHERE o.user_id = $1 GROUP BY o.id ORDER BY n`,
			[user!.userId]
		);
		expect(ledgerPerOrder.map((r) => r.n)).toEqual([...Array.from({ length: 16 }, () => 1), 2]);
		// A flash-sale unit belongs to each paid flash-sale order and to nobody else.
		const left = await Promise.all([...flash.values()].map((flashId) => stockLeft(base, flashId)));
		for (const [i, productId] of [...flash.keys()].entries()) expect(left[i], productId).toBe(paid.includes(productId) ? 0 : 1);
		expect(await count(`orders WHERE user_id = $1 AND flash_sale_unit_held`, [user!.userId])).toBe(paid.filter((id) => flash.has(id)).length);
		// The receipts the paying statement claimed are all sent.
		await eventually(
			() => count(`orders WHERE user_id = $1 AND receipt_status = 'sent'`, [user!.userId]),
			(n) => n === 17
		);
		expect(await count(`orders WHERE user_id = $1 AND receipt_status = 'sent'`, [user!.userId])).toBe(17);
	});

	it('the same product bought 50 times at once by one user: one order, paid once', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '100000', 'main');
		const product = await sellable(base, { priceVnd: '20000' });
		const results = await race(times(N, () => checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user })));
		expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('already_owned');
		expect(await balanceOf(base, user!)).toEqual({ main: '80000', bonus: '0', total: '80000' });
		expect(await count(`orders WHERE user_id = $1`, [user!.userId])).toBe(1);
		expect(await count(`product_ownerships WHERE user_id = $1`, [user!.userId])).toBe(1);
		expect(await count(`wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId])).toBe(1);
	});

	it('50 concurrent purchases against one wallet never overdraw it', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '100000', 'main');
		await creditWallet(base, user!.userId, '50000', 'bonus');
		const results = await race(times(N, () => debitWallet(base, user!.userId, '7000')));
		// 150 000 covers 21 purchases of 7 000.
		expect(statuses(results)).toEqual({ 200: 21, 422: N - 21 });
		expect(await balanceOf(base, user!)).toEqual({ main: '3000', bonus: '0', total: '3000' });
		const [spent] = await sql(base, `SELECT COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE user_id = $1 AND entry_type = 'PURCHASE'`, [user!.userId]);
		expect(spent!.total).toBe('147000');
	});

	it('50 concurrent credits and debits on one wallet keep the ledger exact', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '10000', 'bonus');
		const results = await race(
			times(N, (i): Promise<'credited' | 'debited' | number> =>
				i % 2 === 0
					? creditWallet(base, user!.userId, '3000', i % 4 === 0 ? 'main' : 'bonus').then(() => 'credited')
					: debitWallet(base, user!.userId, '2500').then((r) => (r.status === 200 ? 'debited' : r.status))
			)
		);
		const b = await balanceOf(base, user!);
		const [sums] = await sql(base, `SELECT COALESCE(SUM(CASE WHEN direction = 'CREDIT' THEN amount ELSE -amount END), 0)::text AS total FROM wallet_ledger WHERE user_id = $1`, [user!.userId]);
		expect(sums!.total).toBe(b.total);
		// Every credit lands; each debit either lands or is refused for want of money, nothing else.
		expect(results.filter((r) => r === 'credited')).toHaveLength(N / 2);
		expect(results.every((r) => r === 'credited' || r === 'debited' || r === 422)).toBe(true);
		const debited = results.filter((r) => r === 'debited').length;
		expect(BigInt(b.total)).toBe(10000n + 3000n * BigInt(N / 2) - 2500n * BigInt(debited));
	});
});

describe('bank-transfer webhook replays', () => {
	it('the same order notification 50 times at once: one PAID order and one receipt email', async () => {
		const [user] = await users(1);
		const product = await sellable(base, { priceVnd: '45000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data;
		const since = smtp.messages.length;
		const id = `sepay-${order.id}`;
		const results = await race(times(N, () => postBankTransfer(base, order.paymentRef, 45000, { id })));
		expect(statuses(results)).toEqual({ 200: N });
		expect(results.map((r) => r.body.status).sort()).toEqual([...Array(N - 1).fill('duplicate'), 'matched']);
		await smtp.next(user!.email, since);
		await deliverReceipts(base); // anything still due would go out now
		expect(smtp.messages.slice(since).filter((m) => m.to.includes(user!.email))).toHaveLength(1);
		const polled = await request(base, `/api/v1/checkout/${order.id}`, { headers: { cookie: user!.cookie } });
		expect(polled.body.data).toMatchObject({ status: 'PAID', receiptStatus: 'sent' });
		expect(await count(`bank_transfers WHERE provider_txn_id = $1`, [id])).toBe(1);
		expect(await count(`product_ownerships WHERE user_id = $1`, [user!.userId])).toBe(1);
		// Paid by the transfer: nothing was refunded to the wallet.
		expect(await count(`wallet_ledger WHERE user_id = $1`, [user!.userId])).toBe(0);
	});

	it('the same top-up notification 50 times at once credits once', async () => {
		const [user] = await users(1);
		const order = (await createTopup(base, user!, { denominationId: await denominationId(base, '200000') })).body.data;
		const id = `sepay-${order.id}`;
		const results = await race(times(N, () => postBankTransfer(base, order.paymentRef, 200000, { id })));
		expect(statuses(results)).toEqual({ 200: N });
		expect(results.map((r) => r.body.status).sort()).toEqual([...Array(N - 1).fill('duplicate'), 'matched']);
		expect(await balanceOf(base, user!)).toEqual({ main: '200000', bonus: '20000', total: '220000' });
		expect(await count(`bank_transfers WHERE provider_txn_id = $1`, [id])).toBe(1);
		// The amount and its bonus: two ledger rows, once.
		expect(await count(`wallet_ledger WHERE user_id = $1 AND ref_type = 'topup'`, [user!.userId])).toBe(2);
	});

	it('50 different transfers for one order at once: one pays it, 49 are refunded to the wallet', async () => {
		const [user] = await users(1);
		const product = await sellable(base, { priceVnd: '10000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data;
		const results = await race(times(N, () => postBankTransfer(base, order.paymentRef, 10000)));
		const outcomes = results.map((r) => r.body.status);
		expect(outcomes.filter((s) => s === 'matched')).toHaveLength(1);
		expect(outcomes.filter((s) => s === 'duplicate_payment')).toHaveLength(N - 1);
		expect(await balanceOf(base, user!)).toEqual({ main: String(10000 * (N - 1)), bonus: '0', total: String(10000 * (N - 1)) });
		expect(await count(`wallet_ledger WHERE user_id = $1 AND entry_type = 'REFUND'`, [user!.userId])).toBe(N - 1);
		expect(await count(`orders WHERE user_id = $1 AND status = 'PAID'`, [user!.userId])).toBe(1);
	});

	it('50 different transfers for one top-up at once: one pays it, the other 49 go to the main pocket', async () => {
		const [user] = await users(1);
		const order = (await createTopup(base, user!, { denominationId: await denominationId(base, '100000') })).body.data;
		const results = await race(times(N, () => postBankTransfer(base, order.paymentRef, 100000)));
		const outcomes = results.map((r) => r.body.status);
		expect(outcomes.filter((s) => s === 'matched')).toHaveLength(1);
		expect(outcomes.filter((s) => s === 'duplicate_payment')).toHaveLength(N - 1);
		// The top-up (100 000 and its 5 000 bonus) and 49 × 100 000 unapplied.
		expect(await balanceOf(base, user!)).toEqual({ main: String(100000 * N), bonus: '5000', total: String(100000 * N + 5000) });
		expect(await sql(base, `SELECT b.match_status, count(*)::int AS n FROM bank_transfers b JOIN payment_intents i ON i.id = b.intent_id WHERE i.reference = $1 GROUP BY b.match_status ORDER BY 1`, [order.paymentRef])).toEqual([
			{ match_status: 'duplicate_payment', n: N - 1 },
			{ match_status: 'matched', n: 1 }
		]);
	});

	it('25 transfers paying pending orders while their 25 buyers pay the same products by wallet: each product is paid for once', async () => {
		const buyers = await users(N / 2);
		const products = await Promise.all(buyers.map(() => sellable(base, { priceVnd: '20000' })));
		await Promise.all(buyers.map((u) => creditWallet(base, u.userId, '20000', 'main')));
		const pending = await Promise.all(buyers.map(async (user, i) => (await checkout(base, { productId: products[i]!.id, paymentMethod: 'qr_direct' }, { user })).body.data));
		// Half the pairs send the transfer first, half the wallet checkout, so that either may win.
		const results = await race<JsonResponse<any>>(
			buyers.flatMap((user, i) => {
				const pair = [
					() => postBankTransfer(base, pending[i]!.paymentRef, 20000),
					() => checkout(base, { productId: products[i]!.id, paymentMethod: 'wallet' }, { user })
				];
				return i % 2 === 0 ? pair : pair.reverse();
			})
		);
		// What each buyer ended with, read for all of them at once (the race is over; the reads only look).
		const outcomes = await Promise.all(
			buyers.map((buyer) =>
				Promise.all([
					sql(base, `SELECT payment_method FROM orders WHERE user_id = $1 AND status = 'PAID'`, [buyer.userId]),
					balanceOf(base, buyer).then((b) => b.total),
					count(`product_ownerships WHERE user_id = $1`, [buyer.userId])
				])
			)
		);
		for (const [i, [paid, balance, owned]] of outcomes.entries()) {
			const [first, second] = [results[2 * i]!, results[2 * i + 1]!];
			const [transfer, wallet] = i % 2 === 0 ? [first, second] : [second, first];
			if (transfer.body.status === 'matched') {
				// The transfer won: the wallet checkout found the product owned.
				expect([wallet.status, wallet.body.error?.code, paid, balance]).toEqual([409, 'already_owned', [{ payment_method: 'qr_direct' }], '20000']);
			} else {
				// The wallet won: the pending order was cancelled and its late transfer refunded.
				expect([transfer.body.status, wallet.status, paid, balance]).toEqual(['late', 200, [{ payment_method: 'wallet' }], '20000']);
			}
			expect(owned).toBe(1);
		}
	});

	it('50 transfers racing the expiry sweep each either pay their order or are refunded, never both and never neither', async () => {
		const buyers = await users(N);
		const product = await sellable(base, { priceVnd: '15000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '12000', stock: N });
		const orders = await Promise.all(buyers.map(async (user) => (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data));
		// The clock stops just before the first order expires, and passes the last one's expiry while the transfers arrive.
		const [span] = await sql<{ first: number; last: number }>(
			base,
			`SELECT (extract(epoch FROM min(expires_at)) * 1000)::float8 AS first, (extract(epoch FROM max(expires_at)) * 1000)::float8 AS last FROM orders WHERE product_id = $1`,
			[product.id]
		);
		await advanceClock(base, span!.first - (await serverNow(base)).getTime() - 50);
		const [transfers] = await Promise.all([
			race(orders.map((o) => () => postBankTransfer(base, o.paymentRef, 12000))),
			advanceClock(base, span!.last - span!.first + 100).then(() => Promise.all([sweepPayments(base), sweepPayments(base)]))
		]);
		const after = await Promise.all(
			orders.map((o, i) => Promise.all([sql<{ status: string }>(base, 'SELECT status FROM orders WHERE id = $1', [o.id]), balanceOf(base, buyers[i]!)]))
		);
		for (const [i, t] of transfers.entries()) {
			const [[row], balance] = after[i]!;
			if (t.body.status === 'matched') expect([row!.status, balance.total]).toEqual(['PAID', '0']);
			else expect([t.body.status, row!.status, balance.total]).toEqual(['late', 'EXPIRED', '12000']);
		}
		const paid = transfers.filter((t) => t.body.status === 'matched').length;
		expect(await stockLeft(base, flash)).toBe(N - paid);
		expect(await count(`product_ownerships WHERE product_id = $1`, [product.id])).toBe(paid);
	});
});

describe('music quota', () => {
	it('with 1 unit left, 50 concurrent downloads give exactly 1 grant and 49 × 429', async () => {
		const [user] = await users(1);
		const window = vietnamMonthWindow(await serverNow(base));
		await setUsed(base, user!.userId, window.start.toISOString(), 9);
		const id = await createFreeTrack(base);
		const results = await race(times(N, () => musicDownload(base, id, user)));
		expect(statuses(results)).toEqual({ 200: 1, 429: N - 1 });
		for (const r of results.filter((x) => x.status === 429)) expect(r.body.error).toMatchObject({ code: 'quota_exceeded', used: 10, limit: 10 });
		expect((await musicQuota(base, user)).body).toMatchObject({ used: 10, limit: 10 });
		expect(await sql(base, 'SELECT used FROM music_quota_usage WHERE user_id = $1', [user!.userId])).toEqual([{ used: 10 }]);
		expect(await count('music_download_logs WHERE user_id = $1', [user!.userId])).toBe(1);
	});

	it('a fresh month, 50 concurrent downloads: exactly the monthly limit is granted and used', async () => {
		const [user] = await users(1);
		const { limit } = (await musicQuota(base, user)).body as { limit: number };
		expect(limit).toBe(10);
		const id = await createFreeTrack(base);
		// No usage row exists yet: the first downloads race to create it.
		const results = await race(times(N, () => musicDownload(base, id, user)));
		expect(statuses(results)).toEqual({ 200: limit, 429: N - limit });
		for (const r of results.filter((x) => x.status === 429)) expect(r.body.error).toMatchObject({ code: 'quota_exceeded', used: limit, limit });
		expect(await sql(base, 'SELECT used FROM music_quota_usage WHERE user_id = $1', [user!.userId])).toEqual([{ used: limit }]);
		expect(await count('music_download_logs WHERE user_id = $1', [user!.userId])).toBe(limit);
		expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.logId)).size).toBe(limit);
	});
});

describe('cart checkouts', () => {
	it('50 carts and 10 single orders at once over shared flash-sale units and a capped promo: no unit or use twice, each cart whole or nothing; expiry gives all back', async () => {
		const flashed = await sellable(base, { priceVnd: '99000' });
		const promoted = await sellable(base, { priceVnd: '30000' });
		const plain = await sellable(base, { priceVnd: '20000' });
		const flash = await createFlashSale(base, flashed.id, { priceVnd: '9000', stock: 5 });
		await createPromo(base, { code: 'GIOCHUNG', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', totalCap: 6, productId: promoted.id });
		const buyers = await users(N + 10);
		// Carts of [flash, promoted] and [promoted, plain] alternate: each takes the promoted line's use, half of them a unit too.
		const carts = buyers.slice(0, N).map((user) => new CartClient(base, user));
		// Each cart is filled in order; different buyers' carts are filled at once (filling holds nothing, checkout does).
		await Promise.all(carts.map((cart, i) => cart.fill(i % 2 === 0 ? [flashed.id, promoted.id] : [promoted.id, plain.id])));
		const singles = buyers.slice(N);
		const results = await race([
			...carts.map((cart) => () => cart.checkout({ paymentMethod: 'qr_direct', promoCode: 'GIOCHUNG' })),
			...singles.map((user, i) =>
				i % 2 === 0
					? () => checkout(base, { productId: flashed.id, paymentMethod: 'qr_direct' }, { user })
					: () => checkout(base, { productId: promoted.id, paymentMethod: 'qr_direct', promoCode: 'GIOCHUNG' }, { user })
			)
		]);
		const codes = results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body?.error?.code}`);
		expect(codes.filter((c) => c !== '409 flash_sale_sold_out' && c !== '409 promo_cap_reached')).toEqual([]);
		const held = await count(`orders WHERE product_id = $1 AND flash_sale_unit_held AND status = 'PENDING'`, [flashed.id]);
		expect(held).toBeLessThanOrEqual(5);
		expect(await stockLeft(base, flash)).toBe(5 - held);
		const [promo] = await sql<{ used: number }>(base, `SELECT used FROM promos WHERE code = 'GIOCHUNG'`);
		expect(promo!.used).toBe(6);
		expect(await count(`promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'GIOCHUNG' AND r.status = 'RESERVED'`)).toBe(6);
		expect(await count(`orders WHERE promo_code = 'GIOCHUNG' AND status = 'PENDING'`)).toBe(6);
		// A cart is all of its lines or none: every cart checkout has its two orders, all on its one intent.
		const made = results.slice(0, N).filter((r) => r.status === 200).map((r) => r.body.data);
		for (const co of made) expect(co.orders).toHaveLength(2);
		expect(await count(`cart_checkouts c WHERE (SELECT count(*) FROM orders o WHERE o.cart_checkout_id = c.id AND o.payment_intent_id = c.payment_intent_id) <> 2 AND c.id = ANY($1::uuid[])`, [`{${made.map((c) => c.id).join(',')}}`])).toBe(0);

		await advanceClock(base, 16 * 60_000);
		await Promise.all(Array.from({ length: 4 }, () => sweepPayments(base)));
		expect(await stockLeft(base, flash)).toBe(5);
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'GIOCHUNG'`)).toEqual([{ used: 0 }]);
		expect(await count(`orders WHERE product_id = ANY($1::uuid[]) AND status = 'PENDING'`, [`{${[flashed.id, promoted.id, plain.id].join(',')}}`])).toBe(0);
	});

	it('50 wallet carts at once over 3 flash-sale units: exactly 3 carts paid whole, wallets never below zero', async () => {
		const flashed = await sellable(base, { priceVnd: '50000' });
		const other = await sellable(base, { priceVnd: '10000' });
		const flash = await createFlashSale(base, flashed.id, { priceVnd: '5000', stock: 3 });
		const buyers = await users(N);
		await Promise.all(buyers.map((u) => creditWallet(base, u.userId, '15000', 'main')));
		const carts = buyers.map((user) => new CartClient(base, user));
		await Promise.all(carts.map((cart) => cart.fill([flashed.id, other.id])));
		const results = await race(carts.map((cart) => () => cart.checkout({ paymentMethod: 'wallet' })));
		expect(statuses(results)).toEqual({ 200: 3, 409: N - 3 });
		expect(await stockLeft(base, flash)).toBe(0);
		const balances = await Promise.all(buyers.map((u) => balanceOf(base, u)));
		expect(balances.filter((b) => b.total === '0')).toHaveLength(3);
		expect(balances.filter((b) => b.total === '15000')).toHaveLength(N - 3);
		expect(await count(`product_ownerships WHERE product_id = ANY($1::uuid[])`, [`{${flashed.id},${other.id}}`])).toBe(6);
	});
});

staffMoneyRaces({ base: () => base, N, race, statuses });
