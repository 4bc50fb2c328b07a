import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createGiftCodes, createTopup, creditWallet, debitWallet, denominationId } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
beforeAll(async () => {
	server = await startServer({ env: { WALLET_MAX_BALANCE_VND: '5000000' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const ledger = (user: TestUser | null, query = '') =>
	request(base, `/api/v1/wallet/ledger${query}`, { headers: user ? { cookie: user.cookie } : {} });

async function allLedger(user: TestUser, pageSize: number) {
	const pages: any[][] = [];
	let cursor: string | null = null;
	do {
		const res = await ledger(user, `?pageSize=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
		expect(res.status, res.text).toBe(200);
		pages.push(res.body.data);
		expect(res.body.hasMore).toBe(res.body.nextCursor !== null);
		cursor = res.body.nextCursor;
	} while (cursor);
	return pages;
}

describe('GET /api/v1/wallet/balance', () => {
	it('is zero for a new user, without creating a wallet', async () => {
		const user = await createUser(base);
		const res = await request(base, '/api/v1/wallet/balance', { headers: { cookie: user.cookie } });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ data: { main: '0', bonus: '0', total: '0' } });
	});

	it('answers 401 without a session', async () => {
		const res = await request(base, '/api/v1/wallet/balance');
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe('unauthenticated');
	});
});

describe('GET /api/v1/wallet/ledger', () => {
	it('answers 401 without a session', async () => {
		expect((await ledger(null)).status).toBe(401);
	});

	it.each(['pageSize=0', 'pageSize=101', 'pageSize=abc', 'pageSize=2.5', 'cursor=forged', 'cursor='])('answers 400 for %s', async (query) => {
		const res = await ledger(await createUser(base), `?${query}`);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
	});

	it('pages newest first with an opaque keyset cursor (default 20)', async () => {
		const user = await createUser(base);
		for (let i = 1; i <= 25; i++) await creditWallet(base, user.userId, String(i * 1000));
		const first = await ledger(user);
		expect(first.body.data).toHaveLength(20);
		expect(first.body.hasMore).toBe(true);
		expect(first.body.data[0]).toMatchObject({ entryType: 'ADJUSTMENT', direction: 'CREDIT', amount: '25000', balanceAfter: String(325 * 1000) });

		const pages = await allLedger(user, 7);
		expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
		const amounts = pages.flat().map((e) => Number(e.amount) / 1000);
		expect(amounts).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));

		// A cursor belongs to the listing it came from, not to another user's.
		const other = await createUser(base);
		const cursor = (await ledger(user, '?pageSize=5')).body.nextCursor;
		const foreign = await ledger(other, `?cursor=${encodeURIComponent(cursor)}`);
		expect(foreign.status).toBe(200);
		expect(foreign.body).toEqual({ data: [], nextCursor: null, hasMore: false });
	});

	it('keeps balance and ledger in step through top-ups, gift codes, purchases and stray transfers', async () => {
		const user = await createUser(base);
		const topup = (await createTopup(base, user, { denominationId: await denominationId(base, '500000') })).body.data;
		await payReference(base, topup.paymentRef, 500000); // +500 000 main, +75 000 bonus
		const { codes } = await createGiftCodes(base, { amountVnd: '30000', count: 1 });
		expect((await request(base, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: codes[0] }, headers: { cookie: user.cookie } })).status).toBe(200);
		expect((await debitWallet(base, user.userId, '120000')).status).toBe(200); // bonus 105 000 first, then 15 000 main
		await payReference(base, topup.paymentRef, 10000); // paid already: credited to main
		expect((await debitWallet(base, user.userId, '5000')).status).toBe(200);

		expect(await balanceOf(base, user)).toEqual({ main: '490000', bonus: '0', total: '490000' });
		const entries = (await allLedger(user, 100)).flat().reverse();
		expect(entries.map((e) => [e.entryType, e.direction, e.pocket, e.amount, e.balanceAfter])).toEqual([
			['TOPUP', 'CREDIT', 'main', '500000', '500000'],
			['BONUS', 'CREDIT', 'bonus', '75000', '575000'],
			['BONUS', 'CREDIT', 'bonus', '30000', '605000'],
			['PURCHASE', 'DEBIT', 'bonus', '105000', '500000'],
			['PURCHASE', 'DEBIT', 'main', '15000', '485000'],
			['TOPUP', 'CREDIT', 'main', '10000', '495000'],
			['PURCHASE', 'DEBIT', 'main', '5000', '490000']
		]);
		const sum = entries.reduce((acc, e) => acc + (e.direction === 'CREDIT' ? 1n : -1n) * BigInt(e.amount), 0n);
		expect(sum.toString()).toBe('490000');
	});
});

describe('wallet service (debit/credit) through the test hooks', () => {
	it('refuses a debit larger than main + bonus with 422 state_violation and changes nothing', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '40000', 'main');
		await creditWallet(base, user.userId, '10000', 'bonus');
		const res = await debitWallet(base, user.userId, '50001');
		expect(res.status).toBe(422);
		expect(res.body.error).toMatchObject({ code: 'state_violation', details: { required: '50001', available: '50000' } });
		expect(res.body.error.message).toContain('50.001 ₫');
		expect(await balanceOf(base, user)).toEqual({ main: '40000', bonus: '10000', total: '50000' });
		expect((await debitWallet(base, user.userId, '50000')).status).toBe(200);
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '0', total: '0' });
	});

	it('spends bonus first: a debit the bonus covers leaves main untouched', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '40000', 'main');
		await creditWallet(base, user.userId, '10000', 'bonus');
		const res = await debitWallet(base, user.userId, '6000');
		expect(res.body.data).toMatchObject({ main: '40000', bonus: '4000', total: '44000', fromBonus: '6000', fromMain: '0' });
	});

	it('refuses a credit over the maximum balance with 422 wallet_balance_overflow', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '4990000');
		const res = await request(base, '/api/v1/_test/wallet/credit', {
			method: 'POST',
			json: { userId: user.userId, amount: '10001', pocket: 'bonus', entryType: 'ADJUSTMENT', refId: 'over' }
		});
		expect(res.status).toBe(422);
		expect(res.body.error).toMatchObject({ code: 'wallet_balance_overflow', details: { maxBalance: '5000000', balance: '4990000', amount: '10001' } });
		await creditWallet(base, user.userId, '10000', 'bonus');
		expect((await balanceOf(base, user)).total).toBe('5000000');
	});

	it('never credits the same reference twice (ledger uniqueness)', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '1000', 'main', 'same-ref');
		const again = await request(base, '/api/v1/_test/wallet/credit', {
			method: 'POST',
			json: { userId: user.userId, amount: '1000', pocket: 'main', entryType: 'ADJUSTMENT', refId: 'same-ref' }
		});
		expect(again.status).toBe(500);
		expect(await balanceOf(base, user)).toEqual({ main: '1000', bonus: '0', total: '1000' });
	});
});
