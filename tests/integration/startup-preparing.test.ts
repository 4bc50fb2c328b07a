/**
 * The first start listens at once (issue 14, item 7): while migrations and the
 * demo seed run, the health probe, pages and the API answer 503; then all
 * serve normally. TEST_HOLD_STARTUP keeps the server in "preparing" until the
 * test releases it, so "before ready" is observed without racing the seed.
 * The demo seed also brings the demo account the README signs in as.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, sql } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

describe('a demo server whose first seed is still running', () => {
	let s: TestServer;
	beforeAll(async () => {
		s = await startServer({
			// A truly empty database: this first start migrates it too, as an operator's does.
			freshDatabase: 'empty',
			waitFor: 'listening',
			env: { NODE_ENV: 'development', SEED_ON_EMPTY: 'true', SEED_PRODUCTS: '30', TEST_HOLD_STARTUP: 'true' }
		});
	});
	afterAll(async () => {
		await s?.stop();
	});

	it('answers 503 everywhere while preparing, then serves normally once released', async () => {
		// Until the migrations are done they hold PGlite's thread (the event loop) for seconds at a time:
		// long enough, on a loaded machine, for the server to drop a kept-alive connection that a request
		// was just sent on (ECONNRESET in CI). The hold starts after them, and what follows is "preparing".
		await expect.poll(() => s.logs.some((l) => l.includes('start-up held until released')), { timeout: 120_000, interval: 100 }).toBe(true);
		const health = await request(s.url, '/api/health');
		expect(health.status).toBe(503);
		expect(health.body.status).toBe('degraded');
		expect(health.body.mode).toBe('demo');

		const page = await fetch(`${s.url}/`);
		expect(page.status).toBe(503);
		expect(page.headers.get('content-type')).toContain('text/html');
		expect(page.headers.get('retry-after')).toBe('5');
		expect(await page.text()).toContain('Đang chuẩn bị dữ liệu…');

		const api = await request(s.url, '/api/v1/catalog/categories/lop-1');
		expect(api.status).toBe(503);
		expect(api.body.error.code).toBe('service_unavailable');
		expect(api.body.error.message).toContain('chuẩn bị dữ liệu');

		const released = await request(s.url, '/api/internal/test/release-startup', { method: 'POST', json: {} });
		expect(released.status).toBe(200);
		await expect.poll(async () => (await request(s.url, '/api/health')).status, { timeout: 120_000, interval: 200 }).toBe(200);

		expect((await fetch(`${s.url}/`)).status).toBe(200);
		const listed = await request(s.url, '/api/v1/catalog/categories/lop-1');
		expect(listed.status).toBe(200);
	});

	it('seeded the demo account with a ledger-consistent balance; the README sign-in works', async () => {
		const signIn = await request(s.url, '/api/auth/sign-in/email', {
			method: 'POST',
			json: { email: 'co.lan@example.vn', password: 'một câu mật khẩu dài' }
		});
		expect(signIn.status).toBe(200);
		const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
		const balance = await request(s.url, '/api/v1/wallet/balance', { headers: { cookie } });
		expect(balance.status).toBe(200);
		expect(balance.body.data).toEqual({ main: '500000', bonus: '0', total: '500000' });
		const [row] = await sql<{ balance: string; ledger: string }>(
			s.url,
			`SELECT (w.main + w.bonus)::text AS balance,
			        (SELECT SUM(CASE direction WHEN 'CREDIT' THEN amount ELSE -amount END)::text FROM wallet_ledger l WHERE l.user_id = w.user_id) AS ledger
			 FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.email = 'co.lan@example.vn'`
		);
		expect(row).toEqual({ balance: '500000', ledger: '500000' });
	});
});
