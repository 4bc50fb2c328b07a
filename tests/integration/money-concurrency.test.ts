/**
 * Money under concurrency (architecture D8): many simultaneous requests at
 * the built server. PGlite serialises transactions, PostgreSQL runs them in
 * parallel (TEST_DATABASE_URL); the outcomes must be the same.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createGiftCodes, createPromo, createTopup, creditWallet, debitWallet, denominationId } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
beforeAll(async () => {
	// Limits high enough that they never decide these races.
	server = await startServer({ env: { GIFTCODE_FAILURE_LIMIT: '10000', TOPUP_ORDER_RATE_LIMIT: '1000', DATABASE_POOL_MAX: '20' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(base)));
const redeem = (user: TestUser, code: string) =>
	request(base, '/api/v1/giftcode/redeem', { method: 'POST', json: { code }, headers: { cookie: user.cookie } });
const statuses = (responses: { status: number }[]) =>
	responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe('gift codes', () => {
	it('50 concurrent redemptions of one single-use code by 50 users credit exactly once', async () => {
		const buyers = await users(50);
		const { codes, batchId } = await createGiftCodes(base, { amountVnd: '50000', count: 1 });
		const results = await Promise.all(buyers.map((u) => redeem(u, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 1, 400: 49 });
		expect(new Set(results.filter((r) => r.status === 400).map((r) => r.body.error.details.reason))).toEqual(new Set(['exhausted']));
		const credited = await sql(base, `SELECT count(*)::int AS n, COALESCE(SUM(amount), 0)::text AS total FROM wallet_ledger WHERE ref_type = 'giftcode' AND ref_id IN (SELECT r.id::text FROM gift_code_redemptions r JOIN gift_codes g ON g.id = r.gift_code_id WHERE g.batch_id = $1)`, [batchId]);
		expect(credited).toEqual([{ n: 1, total: '50000' }]);
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 1 }]);
	});

	it('50 concurrent redemptions of one code by the same user credit exactly once', async () => {
		const [user] = await users(1);
		const { codes } = await createGiftCodes(base, { amountVnd: '20000', count: 1, maxRedemptions: 5 });
		const results = await Promise.all(Array.from({ length: 50 }, () => redeem(user!, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 1, 400: 49 });
		expect(new Set(results.filter((r) => r.status === 400).map((r) => r.body.error.details.reason))).toEqual(new Set(['already_redeemed']));
		expect(await balanceOf(base, user!)).toEqual({ main: '0', bonus: '20000', total: '20000' });
	});

	it('50 concurrent redemptions of a 10-use code by 50 users credit exactly 10', async () => {
		const buyers = await users(50);
		const { codes, batchId } = await createGiftCodes(base, { amountVnd: '10000', count: 1, maxRedemptions: 10 });
		const results = await Promise.all(buyers.map((u) => redeem(u, codes[0]!)));
		expect(statuses(results)).toEqual({ 200: 10, 400: 40 });
		const balances = await Promise.all(buyers.map((u) => balanceOf(base, u)));
		expect(balances.filter((b) => b.total === '10000')).toHaveLength(10);
		expect(balances.filter((b) => b.total === '0')).toHaveLength(40);
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 10 }]);
	});
});

describe('bank-transfer webhook', () => {
	it('the same notification delivered 10 times concurrently credits once', async () => {
		const [user] = await users(1);
		const order = (await createTopup(base, user!, { denominationId: await denominationId(base, '200000') })).body.data;
		const id = `sepay-${order.id}`;
		const results = await Promise.all(Array.from({ length: 10 }, () => postBankTransfer(base, order.paymentRef, 200000, { id })));
		expect(statuses(results)).toEqual({ 200: 10 });
		const outcomes = results.map((r) => r.body.status).sort();
		expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'matched']);
		expect(await balanceOf(base, user!)).toEqual({ main: '200000', bonus: '20000', total: '220000' });
		expect(await sql(base, `SELECT count(*)::int AS n FROM bank_transfers WHERE provider_txn_id = $1`, [id])).toEqual([{ n: 1 }]);
	});

	it('10 different transfers for one top-up at once: one pays it, the other nine go to the main pocket', async () => {
		const [user] = await users(1);
		const order = (await createTopup(base, user!, { denominationId: await denominationId(base, '100000') })).body.data;
		const results = await Promise.all(Array.from({ length: 10 }, () => postBankTransfer(base, order.paymentRef, 100000)));
		const outcomes = results.map((r) => r.body.status);
		expect(outcomes.filter((s) => s === 'matched')).toHaveLength(1);
		expect(outcomes.filter((s) => s === 'duplicate_payment')).toHaveLength(9);
		expect(await balanceOf(base, user!)).toEqual({ main: '1000000', bonus: '5000', total: '1005000' });
	});
});

describe('promo caps', () => {
	it('a promo capped at 5 uses, used by 20 buyers at once, is reserved exactly 5 times', async () => {
		await createPromo(base, { code: 'CHOP5', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000', totalCap: 5 });
		const buyers = await users(20);
		const id = await denominationId(base, '50000');
		const results = await Promise.all(buyers.map((u) => createTopup(base, u, { denominationId: id, promoCode: 'CHOP5' })));
		expect(statuses(results)).toEqual({ 200: 5, 409: 15 });
		for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('promo_cap_reached');
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'CHOP5'`)).toEqual([{ used: 5 }]);
		expect(await sql(base, `SELECT count(*)::int AS n FROM promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'CHOP5' AND r.status = 'RESERVED'`)).toEqual([{ n: 5 }]);
	});

	it('a promo allowed twice per user, tried 10 times at once by one user, is reserved twice', async () => {
		await createPromo(base, { code: 'HAILAN', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 5, perUserCap: 2 });
		const [user] = await users(1);
		const id = await denominationId(base, '50000');
		const results = await Promise.all(Array.from({ length: 10 }, () => createTopup(base, user!, { denominationId: id, promoCode: 'HAILAN' })));
		expect(statuses(results)).toEqual({ 200: 2, 409: 8 });
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'HAILAN'`)).toEqual([{ used: 2 }]);
	});
});

describe('wallet debits', () => {
	it('50 concurrent purchases against one wallet never overdraw it', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '100000', 'main');
		await creditWallet(base, user!.userId, '50000', 'bonus');
		const results = await Promise.all(Array.from({ length: 50 }, () => debitWallet(base, user!.userId, '7000')));
		expect(statuses(results)).toEqual({ 200: 21, 422: 29 });
		expect(await balanceOf(base, user!)).toEqual({ main: '3000', bonus: '0', total: '3000' });
	});

	it('concurrent credits and debits on one wallet keep the ledger exact', async () => {
		const [user] = await users(1);
		await creditWallet(base, user!.userId, '10000', 'bonus');
		const ops = Array.from({ length: 40 }, (_, i) =>
			i % 2 === 0 ? creditWallet(base, user!.userId, '3000', i % 4 === 0 ? 'main' : 'bonus') : debitWallet(base, user!.userId, '2500')
		);
		await Promise.allSettled(ops);
		const b = await balanceOf(base, user!);
		const [sums] = await sql(base, `SELECT COALESCE(SUM(CASE WHEN direction = 'CREDIT' THEN amount ELSE -amount END), 0)::text AS total FROM wallet_ledger WHERE user_id = $1`, [user!.userId]);
		expect(sums!.total).toBe(b.total);
	});
});
