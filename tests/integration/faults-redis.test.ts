/**
 * Fault injection between the app and Redis (the shared rate-limit store), run
 * where TEST_REDIS_URL points at a real Redis, as in .ci/run. The documented
 * policy (docs/architecture.md#rate-limiting, issue 14): routes whose contract lists no 503
 * (search, gift codes, promos, top-ups) fall back to the in-process limiter;
 * checkout fails closed with 503 payment_processing and auth limits with 503;
 * a circuit breaker skips the store while it is down and closes once a
 * background probe reaches it again.
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
		server = await startServer({
			env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_STORE_TIMEOUT_MS: '300', RATE_LIMIT_BREAKER_OPEN_SECONDS: '1' }
		});
	});
	afterAll(async () => {
		proxy?.restore();
		await server?.stop();
		await proxy?.close();
	});

	const signIn = () =>
		request(server.url, '/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody@example.vn', password: 'not the password 123' } });

	it('cut: search, gift codes and promos keep serving from the in-process fallback, checkout and auth refuse with 503, health degrades', async () => {
		const user = await createUser(server.url);
		expect((await request(server.url, '/api/v1/search?q=toan')).status).toBe(200);
		expect((await signIn()).status).toBe(401);

		proxy.cut();
		const started = Date.now();
		const search = await request(server.url, '/api/v1/search?q=toan');
		expect(search.status).toBe(200);
		expect(search.headers.get('ratelimit-limit')).toBe('30'); // still limited, by the fallback
		const gift = await request(server.url, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: 'KHONG-CO-MA-NAY' }, headers: { cookie: user.cookie } });
		expect(gift.status, gift.text).toBe(404);
		const auth = await signIn();
		expect(auth.status).toBe(503);
		const topup = await request(server.url, '/api/v1/topup/promos/validate', { method: 'POST', json: { code: 'ABC', amountVnd: 100000 }, headers: { cookie: user.cookie } });
		expect(topup.status, topup.text).toBe(200);
		const order = await request(server.url, '/api/v1/checkout', {
			method: 'POST',
			json: { productId: 'khong-co', paymentMethod: 'qr_direct' },
			headers: { cookie: user.cookie }
		});
		expect(order.status, order.text).toBe(503);
		expect(order.body.error.code).toBe('payment_processing');
		expect(Date.now() - started).toBeLessThan(5_000); // no hang
		await eventually(async () => (await request(server.url, '/api/health')).status === 503, 2_000);

		proxy.restore();
		await eventually(async () => (await request(server.url, '/api/health')).status === 200, 15_000);
		// The breaker's background probe (every second here) closes it; then the shared store guards again.
		await eventually(async () => (await signIn()).status === 401, 15_000);
		expect(server.logs.join('\n')).toContain('rate-limit store answers again, circuit closed');
		const after = await request(server.url, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: 'KHONG-CO-MA-NAY' }, headers: { cookie: user.cookie } });
		expect(after.status).toBe(404);
	});
});
