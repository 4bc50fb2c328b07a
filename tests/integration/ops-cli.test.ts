/**
 * The operator CLI (scripts/ops.ts) against the same database a server uses.
 * With PGlite the CLI needs the data directory to itself, so it runs before
 * the server starts and after it stops; with PostgreSQL it runs alongside.
 */
import { afterAll, expect, it } from 'vitest';
import { createUser, request } from '../helpers/http';
import { createTopup, denominationId } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { openOpsWorkspace, ops, type OpsWorkspace } from '../helpers/ops';

let workspace: OpsWorkspace | undefined;
afterAll(async () => {
	await workspace?.close();
}, 180_000);

it('creates and deactivates gift codes and promos, simulates a transfer and lists what needs review', async () => {
	workspace = await openOpsWorkspace('hoclieu-ops-');
	const { env } = workspace;

	const created = await ops(env, 'giftcodes:create', '--amount', '40000', '--count', '3', '--expires', '2099-01-01');
	expect(created.code, created.stderr).toBe(0);
	const codes = created.stdout.trim().split('\n');
	expect(codes).toHaveLength(3);
	for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
	expect(created.stderr).toContain('40.000 ₫');
	expect((await ops(env, 'giftcodes:deactivate', codes[1]!.toLowerCase())).code).toBe(0);
	expect((await ops(env, 'giftcodes:deactivate', 'KHONG-CO-MA-NAY')).code).toBe(2);

	const promo = await ops(env, 'promos:create', '--code', 'CLI5K', '--applies-to', 'TOPUP', '--amount-off', '5000', '--total-cap', '10');
	expect(promo.code, promo.stderr).toBe(0);
	const invalid = await ops(env, 'promos:create', '--code', 'CLIBAD', '--applies-to', 'TOPUP', '--percent', '150');
	expect(invalid.code).toBe(2);
	expect(invalid.stderr).toContain('percentOff');
	expect((await ops(env, 'giftcodes:create', '--amount', '0', '--count', '1')).code).toBe(2);

	const base = (await workspace.serve()).url;
	const user = await createUser(base);
	const redeem = (code: string) => request(base, '/api/v1/giftcode/redeem', { method: 'POST', json: { code }, headers: { cookie: user.cookie } });
	expect((await redeem(codes[0]!)).body.data).toEqual({ xuAmount: '40000', newBalance: '40000' });
	expect((await redeem(codes[1]!)).body.error.details).toEqual({ reason: 'expired' });

	const order = (await createTopup(base, user, { denominationId: await denominationId(base, '100000'), promoCode: 'cli5k' })).body.data;
	expect(order.totalAmountVnd).toBe('95000');
	const simulated = await ops({ DATA_DIR: env.DATA_DIR }, 'transfers:simulate', '--ref', order.paymentRef, '--amount', '95000', '--url', base);
	expect(simulated.code, simulated.stderr).toBe(0);
	expect(simulated.stdout).toContain('"status":"matched"');
	const balance = (await request(base, '/api/v1/wallet/balance', { headers: { cookie: user.cookie } })).body.data;
	expect(balance).toEqual({ main: '100000', bonus: '45000', total: '145000' });
	expect((await postBankTransfer(base, 'HLZZZZZZZZ', 12345, { content: 'chuyen nham tai khoan' })).body.status).toBe('unmatched');

	await workspace.releaseForCli();
	const review = await ops(env, 'transfers:list-unmatched');
	expect(review.code, review.stderr).toBe(0);
	expect(review.stdout).toContain('chuyen nham tai khoan');
	expect(review.stdout).toContain('12.345 ₫');
	const promos = await ops(env, 'promos:list');
	expect(promos.stdout).toMatch(/CLI5K.*1\/10/);
	const denominations = await ops(env, 'denominations:list');
	expect(denominations.stdout).toContain('1.000.000 ₫');
}, 180_000);
