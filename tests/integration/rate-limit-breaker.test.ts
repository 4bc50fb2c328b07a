/**
 * Degraded mode (issue 14): with the shared rate-limit store unreachable the
 * circuit breaker opens after a few failures, so search answers as fast as
 * with a healthy store instead of waiting RATE_LIMIT_STORE_TIMEOUT_MS per
 * request, and each route answers what its contract lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellable, checkout } from '../helpers/checkout';
import { createUser, request } from '../helpers/http';
import { freePort, startServer, type TestServer } from '../helpers/server';

const SAMPLES = 240;
let healthy: TestServer;
let down: TestServer;

beforeAll(async () => {
	const closedPort = await freePort();
	const env = { RATE_LIMIT_SEARCH_MAX: '100000', LOG_LEVEL: 'info' };
	[healthy, down] = await Promise.all([
		// The default store of this run: in-process, or Redis when TEST_REDIS_URL is set.
		startServer({ env }),
		// Nobody listens on freePort's port; health stays 503, so wait for the database instead.
		startServer({ waitFor: 'prepared', env: { ...env, REDIS_URL: `redis://127.0.0.1:${closedPort}` } })
	]);
});
afterAll(async () => {
	await Promise.all([healthy?.stop(), down?.stop()]);
});

async function timedSearch(s: TestServer, i: number): Promise<number> {
	const started = performance.now();
	const res = await fetch(`${s.url}/api/v1/search?q=${i % 2 ? 'toan' : 'tieng viet'}`);
	await res.arrayBuffer();
	const ms = performance.now() - started;
	expect(res.status).toBe(200);
	return ms;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

describe('rate-limit store unreachable (circuit breaker)', () => {
	it('keeps search p50 within 2x of a healthy server over 240 requests, logging the outage once', async () => {
		// Warm-up: JIT, connections, and the first failures that open the breaker.
		for (let i = 0; i < 20; i++) {
			await timedSearch(healthy, i);
			await timedSearch(down, i);
		}
		const healthyMs: number[] = [];
		const downMs: number[] = [];
		// Interleaved, so load from elsewhere on the machine hits both series alike.
		for (let i = 0; i < SAMPLES; i++) {
			healthyMs.push(await timedSearch(healthy, i));
			downMs.push(await timedSearch(down, i));
		}
		const h50 = percentile(healthyMs, 50);
		const d50 = percentile(downMs, 50);
		console.log(
			`search over ${SAMPLES} requests: healthy p50 ${h50.toFixed(1)} ms p90 ${percentile(healthyMs, 90).toFixed(1)} ms; ` +
				`store down p50 ${d50.toFixed(1)} ms p90 ${percentile(downMs, 90).toFixed(1)} ms (ratio ${(d50 / h50).toFixed(2)})`
		);
		// Without the breaker each request waited the 500 ms store timeout. Generous: 2x, or 15 ms on a very fast baseline.
		expect(d50).toBeLessThanOrEqual(Math.max(2 * h50, h50 + 15));
		expect(percentile(downMs, 90)).toBeLessThan(250);

		const logs = down.logs.join('\n');
		expect(down.logs.filter((l) => l.includes('rate-limit store unavailable, circuit open'))).toHaveLength(1);
		// Nothing per request at warning level or above about the store.
		expect(down.logs.filter((l) => /"level":"(warn|error)"/.test(l) && l.includes('rate-limit')).length).toBe(1);
		expect(logs).not.toContain('"level":"error"');
		const health = await request(down.url, '/api/health');
		expect(health.status).toBe(503);
	});

	it("answers checkout's 503 with payment_processing (POST /api/v1/checkout) and serves routes without a listed 503 from the in-process limiter", async () => {
		const user = await createUser(down.url);
		const product = await sellable(down.url);
		const started = Date.now();
		const order = await checkout(down.url, { productId: product.id, paymentMethod: 'qr_direct' }, { user });
		expect(order.status, order.text).toBe(503);
		expect(order.body.error.code).toBe('payment_processing');
		expect(typeof order.body.error.message).toBe('string');

		// Gift codes (POST /api/v1/giftcode/redeem lists no 503): judged on the in-process limiter, an unknown code is a 404.
		const gift = await request(down.url, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: 'KHONG-CO-MA-NAY' }, headers: { cookie: user.cookie } });
		expect(gift.status, gift.text).toBe(404);
		expect(gift.headers.get('ratelimit-limit')).toBe('5');
		// Promo validation (POST /api/v1/promos/validate, /api/v1/topup/promos/validate): 200 with valid=false, not 503.
		const promo = await request(down.url, '/api/v1/promos/validate', { method: 'POST', json: { code: 'KHONGCO', productId: product.id }, headers: { cookie: user.cookie } });
		expect(promo.status, promo.text).toBe(200);
		const topupPromo = await request(down.url, '/api/v1/topup/promos/validate', { method: 'POST', json: { code: 'KHONGCO', amountVnd: 100000 }, headers: { cookie: user.cookie } });
		expect(topupPromo.status, topupPromo.text).toBe(200);
		// The breaker is open: none of these waited for the store.
		expect(Date.now() - started).toBeLessThan(3_000);
	});
});
