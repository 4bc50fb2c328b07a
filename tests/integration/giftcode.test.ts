import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, clearOfWindowEdge, createUser, QUARTER_HOUR_WINDOW, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createGiftCodes } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
beforeAll(async () => {
	// TRUST_PROXY lets each test act from its own client IP through X-Forwarded-For.
	// A small per-IP backstop (default 60) so the tests reach it with a few accounts.
	server = await startServer({ env: { TRUST_PROXY: 'true', WALLET_MAX_BALANCE_VND: '1000000', GIFTCODE_FAILURE_IP_LIMIT: '12' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function redeem(user: TestUser | null, code: unknown, ip = freshIp()) {
	return request(base, '/api/v1/giftcode/redeem', {
		method: 'POST',
		json: { code },
		headers: { ...(user ? { cookie: user.cookie } : {}), 'x-forwarded-for': ip }
	});
}

async function oneCode(amountVnd = '50000', extra: { maxRedemptions?: number; expiresAt?: string } = {}) {
	const { codes, batchId } = await createGiftCodes(base, { amountVnd, count: 1, ...extra });
	return { code: codes[0]!, batchId };
}

describe('POST /api/v1/giftcode/redeem', () => {
	it('credits the bonus pocket once and reports the new total', async () => {
		const user = await createUser(base);
		const { code } = await oneCode('50000');
		expect(code).toMatch(/^([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-){3}[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
		const res = await redeem(user, code);
		expect(res.status, res.text).toBe(200);
		expect(res.body).toEqual({ data: { xuAmount: '50000', newBalance: '50000' } });
		expect(res.headers.get('ratelimit-limit')).toBe('5');
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '50000', total: '50000' });
		const ledger = (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: user.cookie } })).body.data;
		expect(ledger).toEqual([
			expect.objectContaining({ entryType: 'BONUS', direction: 'CREDIT', pocket: 'bonus', amount: '50000', balanceAfter: '50000', refType: 'giftcode' })
		]);
		expect(ledger[0].note).toContain(code.slice(-4));

		const again = await redeem(user, code);
		expect(again.status).toBe(400);
		expect(again.body.error).toMatchObject({ code: 'validation_error', details: { reason: 'already_redeemed' } });
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '50000', total: '50000' });
	});

	it('ignores case, spaces and dashes', async () => {
		const user = await createUser(base);
		const { code } = await oneCode('20000');
		const typed = `  ${code.replace(/-/g, ' ').toLowerCase()} `;
		const res = await redeem(user, typed);
		expect(res.status, res.text).toBe(200);
		expect(res.body.data.xuAmount).toBe('20000');
	});

	it('stores only a lookup hash, never the code', async () => {
		const { code, batchId } = await oneCode('10000');
		const rows = await sql(base, `SELECT * FROM gift_codes WHERE batch_id = $1`, [batchId]);
		expect(rows).toHaveLength(1);
		expect(JSON.stringify(rows)).not.toContain(code.replace(/-/g, ''));
		expect(JSON.stringify(rows)).not.toContain(code);
		expect(rows[0]!.lookup_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
	});

	it('adds the balance on top of what the wallet holds', async () => {
		const user = await createUser(base);
		await redeem(user, (await oneCode('30000')).code);
		const res = await redeem(user, (await oneCode('45000')).code);
		expect(res.body.data).toEqual({ xuAmount: '45000', newBalance: '75000' });
	});

	it('lets a multi-use code be redeemed by different users up to its limit (exhausted after)', async () => {
		const { code } = await oneCode('10000', { maxRedemptions: 2 });
		expect((await redeem(await createUser(base), code)).status).toBe(200);
		expect((await redeem(await createUser(base), code)).status).toBe(200);
		const third = await redeem(await createUser(base), code);
		expect(third.status).toBe(400);
		expect(third.body.error.details).toEqual({ reason: 'exhausted' });
	});

	it('answers exhausted for a single-use code used by someone else', async () => {
		const { code } = await oneCode('10000');
		expect((await redeem(await createUser(base), code)).status).toBe(200);
		const res = await redeem(await createUser(base), code);
		expect(res.status).toBe(400);
		expect(res.body.error.details.reason).toBe('exhausted');
		expect(res.body.error.message).toBe('Mã quà tặng đã được sử dụng hết.');
	});

	it('answers expired for a code past its expiry and for a deactivated code', async () => {
		const soon = new Date(Date.now() + 60 * 60_000).toISOString();
		const expiring = await oneCode('10000', { expiresAt: soon });
		const deactivated = await oneCode('10000');
		await sql(base, `UPDATE gift_codes SET is_active = false WHERE batch_id = $1`, [deactivated.batchId]);
		const user = await createUser(base);
		const off = await redeem(user, deactivated.code);
		expect(off.status).toBe(400);
		expect(off.body.error.details.reason).toBe('expired');
		await advanceClock(base, 2 * 60 * 60_000);
		const late = await redeem(user, expiring.code);
		expect(late.status).toBe(400);
		expect(late.body.error.details.reason).toBe('expired');
	});

	it('answers zero_amount for a code worth nothing', async () => {
		const { code, batchId } = await oneCode('10000');
		await sql(base, `UPDATE gift_codes SET amount_vnd = 0 WHERE batch_id = $1`, [batchId]);
		const res = await redeem(await createUser(base), code);
		expect(res.status).toBe(400);
		expect(res.body.error.details.reason).toBe('zero_amount');
	});

	it('answers 404 not_found for an unknown code', async () => {
		const res = await redeem(await createUser(base), 'HLQX-7K2M-AAAA-BBBB');
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe('not_found');
	});

	it('refuses a redemption that would take the wallet over its maximum (422), counting nothing', async () => {
		const user = await createUser(base);
		await redeem(user, (await oneCode('990000')).code);
		const { code } = await oneCode('20000');
		const res = await redeem(user, code);
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe('wallet_balance_overflow');
		expect(await sql(base, `SELECT count(*)::int AS n FROM gift_code_redemptions WHERE user_id = $1`, [user.userId])).toEqual([{ n: 1 }]);
		expect((await redeem(await createUser(base), code)).status).toBe(200);
	});

	it.each([
		['an empty code', ''],
		['a code over 64 characters', 'A'.repeat(65)],
		['a number', 12345678],
		['a missing code', undefined]
	])('answers 400 for %s', async (_, code) => {
		const res = await redeem(await createUser(base), code);
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
	});

	it('answers 401 without a session', async () => {
		const res = await redeem(null, (await oneCode()).code);
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe('unauthenticated');
	});
});

describe('failed-attempt limit', () => {
	it('blocks a user after 5 failures in 15 minutes, even for a valid code, until the window passes', async () => {
		await clearOfWindowEdge(base, QUARTER_HOUR_WINDOW);
		const user = await createUser(base);
		const remaining: string[] = [];
		for (let i = 0; i < 5; i++) {
			const res = await redeem(user, `SAI-MA-${i}`);
			expect(res.status).toBe(404);
			remaining.push(res.headers.get('ratelimit-remaining')!);
		}
		expect(remaining).toEqual(['4', '3', '2', '1', '0']);
		const { code, batchId } = await oneCode('10000');
		const blocked = await redeem(user, code);
		expect(blocked.status).toBe(429);
		expect(blocked.body.error.code).toBe('rate_limited');
		const retryAfter = Number(blocked.headers.get('retry-after'));
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(30 * 60);
		expect(blocked.headers.get('ratelimit-remaining')).toBe('0');
		// The refused attempt did not consume the code.
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 0 }]);

		await advanceClock(base, 31 * 60_000);
		const later = await redeem(user, code);
		expect(later.status, later.text).toBe(200);
	});

	it("does not let one account's failures block another account on the same IP (a school behind one NAT)", async () => {
		await clearOfWindowEdge(base, QUARTER_HOUR_WINDOW);
		const ip = freshIp();
		const pupilA = await createUser(base);
		const pupilB = await createUser(base);
		const { code: used } = await oneCode('1000');
		expect((await redeem(pupilA, used, ip)).status).toBe(200);
		// The case: 4 typos and 1 "already redeemed" lock account A ...
		for (let i = 0; i < 4; i++) expect((await redeem(pupilA, `GO-SAI-${i}`, ip)).status).toBe(404);
		expect((await redeem(pupilA, used, ip)).status).toBe(400);
		const aBlocked = await redeem(pupilA, (await oneCode('10000')).code, ip);
		expect(aBlocked.status).toBe(429);
		// ... but B, on the same IP, redeems a valid code at once.
		const b = await redeem(pupilB, (await oneCode('10000')).code, ip);
		expect(b.status, b.text).toBe(200);
		expect(b.body.data.xuAmount).toBe('10000');
		// A's refused attempts after its block did not spend the IP's budget: B still has its own 5.
		for (let i = 0; i < 20; i++) expect((await redeem(pupilA, `VAN-SAI-${i}`, ip)).status).toBe(429);
		const bTypo = await redeem(pupilB, 'B-GO-SAI', ip);
		expect(bTypo.status).toBe(404);
		expect(bTypo.headers.get('ratelimit-remaining')).toBe('4');
	});

	it('still stops one IP cycling through accounts once the per-IP backstop is used up', async () => {
		await clearOfWindowEdge(base, QUARTER_HOUR_WINDOW);
		const ip = freshIp();
		// 12 failures (GIFTCODE_FAILURE_IP_LIMIT) spread over 3 accounts, none of them at its own limit.
		for (let a = 0; a < 3; a++) {
			const user = await createUser(base);
			for (let i = 0; i < 4; i++) expect((await redeem(user, `DOAN-MA-${a}-${i}`, ip)).status).toBe(404);
		}
		const fresh = await createUser(base);
		const { code, batchId } = await oneCode('10000');
		const blocked = await redeem(fresh, code, ip);
		expect(blocked.status).toBe(429);
		expect(blocked.headers.get('retry-after')).toEqual(expect.stringMatching(/^[1-9][0-9]*$/));
		expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(30 * 60);
		expect(blocked.body).toMatchObject({
			error: { code: 'rate_limited', message: expect.stringContaining('thử lại sau'), details: { retryAfterSeconds: Number(blocked.headers.get('retry-after')) } }
		});
		expect(await sql(base, `SELECT redemption_count FROM gift_codes WHERE batch_id = $1`, [batchId])).toEqual([{ redemption_count: 0 }]);
		// The same account from elsewhere is not blocked by this address.
		expect((await redeem(fresh, code, freshIp())).status).toBe(200);
	});

	it('counts only failures: many successful redemptions are never limited', async () => {
		const user = await createUser(base);
		const { codes } = await createGiftCodes(base, { amountVnd: '1000', count: 8 });
		for (const code of codes) {
			const res = await redeem(user, code);
			expect(res.status, res.text).toBe(200);
			expect(res.headers.get('ratelimit-remaining')).toBe('5');
		}
		expect((await balanceOf(base, user)).bonus).toBe('8000');
	});

	it('counts already-redeemed and exhausted attempts as failures too', async () => {
		await clearOfWindowEdge(base, QUARTER_HOUR_WINDOW);
		const user = await createUser(base);
		const { code } = await oneCode('1000');
		expect((await redeem(user, code)).status).toBe(200);
		for (let i = 0; i < 5; i++) expect((await redeem(user, code)).status).toBe(400);
		expect((await redeem(user, code)).status).toBe(429);
	});
});
