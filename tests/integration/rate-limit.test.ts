/**
 * Search rate limiting (docs/api.md#limits, docs/architecture.md#rate-limiting): 30 requests per minute
 * per client IP, RateLimit-* headers on every search response, 429 with
 * Retry-After on the 31st. Run against the in-process store, a real Redis
 * (ioredis adapter) and Upstash's REST protocol (over the same real Redis).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, clearOfWindowEdge, MINUTE_WINDOW, request, serverNow } from '../helpers/http';
import { freePort, startServer, type TestServer } from '../helpers/server';
import { startUpstashStandIn, type UpstashStandIn } from '../helpers/upstash-rest';

const WINDOW_MS = MINUTE_WINDOW;
const redisUrl = process.env.TEST_REDIS_URL;
const uniquePrefix = (name: string) => `${process.env.TEST_REDIS_PREFIX ?? 'hoclieu:test:'}${name}:${process.pid}:${Date.now().toString(36)}:`;

const servers: TestServer[] = [];
afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
});

async function start(env: Record<string, string | undefined>): Promise<TestServer> {
	const s = await startServer({ env });
	servers.push(s);
	return s;
}

const searchOnce = (s: TestServer, headers: Record<string, string> = {}, q = 'toan') =>
	request(s.url, `/api/v1/search?q=${encodeURIComponent(q)}`, { headers });

function expectHeaders(res: Awaited<ReturnType<typeof searchOnce>>, remaining: number) {
	expect(res.headers.get('ratelimit-limit')).toBe('30');
	expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
	const reset = Number(res.headers.get('ratelimit-reset'));
	expect(Number.isInteger(reset)).toBe(true);
	expect(reset).toBeGreaterThanOrEqual(0);
	expect(reset).toBeLessThanOrEqual(60);
}

/** 30 allowed with counting-down headers, then 429 rate_limited with Retry-After. */
async function exhaust(s: TestServer, headers: Record<string, string> = {}) {
	for (let i = 0; i < 30; i++) {
		// Invalid requests count and carry the headers too.
		const res = await searchOnce(s, headers, i === 0 ? '   ' : 'toan');
		expect(res.status).toBe(i === 0 ? 400 : 200);
		expectHeaders(res, 29 - i);
	}
	const limited = await searchOnce(s, headers);
	expect(limited.status).toBe(429);
	expect(limited.body.error.code).toBe('rate_limited');
	expect(limited.body.error.message).toMatch(/quá nhiều yêu cầu/);
	expectHeaders(limited, 0);
	const retryAfter = Number(limited.headers.get('retry-after'));
	expect(Number.isInteger(retryAfter)).toBe(true);
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(retryAfter).toBeLessThanOrEqual(60);
	return retryAfter;
}

describe('in-process store', () => {
	let s: TestServer;
	beforeAll(async () => {
		s = await start({ REDIS_URL: undefined });
		// Start at the beginning of a fixed window so the sliding window holds only our requests.
		const now = await serverNow(s.url);
		await advanceClock(s.url, WINDOW_MS - (now.getTime() % WINDOW_MS) + 5);
	});

	it('allows 30 searches a minute, then answers 429 with Retry-After', async () => {
		const retryAfter = await exhaust(s);
		// A forged X-Forwarded-For does not buy a new budget without TRUST_PROXY.
		const spoofed = await searchOnce(s, { 'x-forwarded-for': '203.0.113.9' });
		expect(spoofed.status).toBe(429);
		// Once the window has moved on, searching works again.
		await advanceClock(s.url, retryAfter * 1000);
		const after = await searchOnce(s);
		expect(after.status).toBe(200);
		expect(after.headers.get('ratelimit-limit')).toBe('30');
	});

	it('limits only search: browsing carries no RateLimit headers and is never refused', async () => {
		const res = await request(s.url, '/api/v1/catalog/categories');
		expect(res.status).toBe(200);
		expect(res.headers.get('ratelimit-limit')).toBeNull();
	});
});

describe('client IP from X-Forwarded-For behind a trusted proxy', () => {
	it('keys the limit by the last forwarded hop when TRUST_PROXY is on', async () => {
		const s = await start({ REDIS_URL: undefined, TRUST_PROXY: 'true', RATE_LIMIT_SEARCH_MAX: '2' });
		await clearOfWindowEdge(s.url, WINDOW_MS);
		const from = (ip: string) => searchOnce(s, { 'x-forwarded-for': `198.51.100.1, ${ip}` });
		expect((await from('192.0.2.10')).status).toBe(200);
		expect((await from('192.0.2.10')).status).toBe(200);
		const third = await from('192.0.2.10');
		expect(third.status).toBe(429);
		expect(third.headers.get('ratelimit-limit')).toBe('2');
		// Another client behind the same proxy has its own budget.
		expect((await from('192.0.2.11')).status).toBe(200);
	});
});

describe.skipIf(!redisUrl)('Redis store (ioredis adapter, @upstash/ratelimit scripts)', () => {
	let s: TestServer;
	let redis: Redis;
	const prefix = uniquePrefix('redis');

	beforeAll(async () => {
		redis = new Redis(redisUrl!);
		s = await start({ REDIS_URL: redisUrl, RATE_LIMIT_PREFIX: prefix });
	});
	afterAll(async () => {
		const keys = await redis.keys(`${prefix}*`);
		if (keys.length) await redis.del(...keys);
		redis.disconnect();
	});

	it('allows 30 searches a minute, then 429 with Retry-After, counting in Redis', async () => {
		await clearOfWindowEdge(s.url, WINDOW_MS);
		await exhaust(s);
		const keys = await redis.keys(`${prefix}search:*`);
		expect(keys).toHaveLength(1);
		expect(keys[0]).toMatch(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}search:127\\.0\\.0\\.1:\\d+$`));
		expect(Number(await redis.get(keys[0]!))).toBe(30);
		expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
		expect(s.logs.join('\n')).not.toContain('rate-limit store unavailable');
	});

	it('follows the service clock when tests move it', async () => {
		const limited = await searchOnce(s);
		expect(limited.status).toBe(429);
		await advanceClock(s.url, Number(limited.headers.get('retry-after')) * 1000 + WINDOW_MS);
		const after = await searchOnce(s);
		expect(after.status).toBe(200);
		expect(after.headers.get('ratelimit-remaining')).toBe('29');
		await request(s.url, '/api/internal/test/clock-reset', { method: 'POST' });
	});

	it('forgets its counters through the test hook (only under its own prefix)', async () => {
		const other = `${prefix.slice(0, -1)}-another-deployment:search:x`;
		await redis.set(other, '1');
		await request(s.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
		expect(await redis.keys(`${prefix}search:*`)).toEqual([]);
		expect(await redis.get(other)).toBe('1');
		await redis.del(other);
		expect((await searchOnce(s)).status).toBe(200);
	});

	it('reports the store in the health probe', async () => {
		const res = await request(s.url, '/api/health');
		expect(res.status).toBe(200);
	});
});

describe('Redis unreachable', () => {
	it('keeps search working on the in-process fallback and reports the cache degraded', async () => {
		const closed = await freePort();
		const s = await startServer({ waitFor: 'prepared', env: { REDIS_URL: `redis://127.0.0.1:${closed}`, RATE_LIMIT_SEARCH_MAX: '2' } });
		servers.push(s);
		await clearOfWindowEdge(s.url, WINDOW_MS);
		const first = await searchOnce(s);
		expect(first.status).toBe(200);
		expect(first.headers.get('ratelimit-limit')).toBe('2');
		expect((await searchOnce(s)).status).toBe(200);
		expect((await searchOnce(s)).status).toBe(429);
		const health = await request(s.url, '/api/health');
		expect(health.status).toBe(503);
		expect(health.body).toEqual({ status: 'degraded' });
		// Three failed store calls open the circuit breaker; the outage is logged once.
		expect(s.logs.join('\n')).toContain('rate-limit store unavailable, circuit open');
	});
});

describe.skipIf(!redisUrl)('Upstash store (REST protocol)', () => {
	let s: TestServer;
	let upstash: UpstashStandIn;
	let redis: Redis;
	const prefix = uniquePrefix('upstash');

	beforeAll(async () => {
		redis = new Redis(redisUrl!);
		upstash = await startUpstashStandIn(redisUrl!);
		s = await start({
			REDIS_URL: undefined,
			UPSTASH_REDIS_REST_URL: upstash.url,
			UPSTASH_REDIS_REST_TOKEN: upstash.token,
			RATE_LIMIT_PREFIX: prefix
		});
	});
	afterAll(async () => {
		await upstash?.close();
		const keys = await redis.keys(`${prefix}*`);
		if (keys.length) await redis.del(...keys);
		redis.disconnect();
	});

	it('allows 30 searches a minute, then 429 with Retry-After, counting through Upstash', async () => {
		await clearOfWindowEdge(s.url, WINDOW_MS);
		await exhaust(s);
		const keys = await redis.keys(`${prefix}search:*`);
		expect(keys).toHaveLength(1);
		expect(Number(await redis.get(keys[0]!))).toBe(30);
		expect(upstash.commands.some(([name]) => name === 'EVALSHA' || name === 'EVAL')).toBe(true);
		const health = await request(s.url, '/api/health');
		expect(health.status).toBe(200);
		expect(upstash.commands.some(([name]) => name === 'PING')).toBe(true);
		await request(s.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
		expect(await redis.keys(`${prefix}search:*`)).toEqual([]);
		expect((await searchOnce(s)).status).toBe(200);
	});
});
