/**
 * Fault injection between the app and Redis (the shared rate-limit store), run
 * where TEST_REDIS_URL points at a real Redis, as in .ci/run. The documented
 * policy (architecture D5): browsing falls back to the in-process limiter;
 * money, gift-code and auth limits fail closed with 503; both recover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

const redisUrl = process.env.TEST_REDIS_URL;

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
	const started = Date.now();
	while (Date.now() - started < timeoutMs) {
		if (await check()) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`condition not met within ${timeoutMs} ms`);
}

describe.skipIf(!redisUrl)('Redis faults (rate-limit store behind a cuttable proxy)', () => {
	let proxy: TcpProxy;
	let server: TestServer;

	beforeAll(async () => {
		const target = new URL(redisUrl!);
		proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
		server = await startServer({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_STORE_TIMEOUT_MS: '300' } });
	});
	afterAll(async () => {
		proxy?.restore();
		await server?.stop();
		await proxy?.close();
	});

	const signIn = () =>
		request(server.url, '/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody@example.vn', password: 'not the password 123' } });

	it('cut: search keeps serving from the in-process fallback, money, gift-code and auth limits refuse with 503, health degrades', async () => {
		const user = await createUser(server.url);
		expect((await request(server.url, '/api/v1/search?q=toan')).status).toBe(200);
		expect((await signIn()).status).toBe(401);

		proxy.cut();
		const started = Date.now();
		const search = await request(server.url, '/api/v1/search?q=toan');
		expect(search.status).toBe(200);
		expect(search.headers.get('ratelimit-limit')).toBe('30'); // still limited, by the fallback
		const gift = await request(server.url, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: 'KHONG-CO-MA-NAY' }, headers: { cookie: user.cookie } });
		expect(gift.status).toBe(503);
		expect(gift.body.error.code).toBe('service_unavailable');
		const auth = await signIn();
		expect(auth.status).toBe(503);
		const topup = await request(server.url, '/api/v1/topup/promos/validate', { method: 'POST', json: { code: 'ABC', amountVnd: 100000 }, headers: { cookie: user.cookie } });
		expect(topup.status).toBe(503);
		expect(Date.now() - started).toBeLessThan(5_000); // no hang
		await eventually(async () => (await request(server.url, '/api/health')).status === 503, 2_000);

		proxy.restore();
		await eventually(async () => (await request(server.url, '/api/health')).status === 200, 15_000);
		expect((await signIn()).status).toBe(401);
		const after = await request(server.url, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: 'KHONG-CO-MA-NAY' }, headers: { cookie: user.cookie } });
		expect(after.status).toBe(404);
	});
});
