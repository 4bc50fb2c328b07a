/**
 * Chooses the rate-limit store at start-up (docs/architecture.md#rate-limiting): Upstash REST
 * when its URL and token are set, a real Redis when REDIS_URL is set, the
 * in-process limiter otherwise (one instance only; the README says so).
 */
import { Redis as UpstashRedis } from '@upstash/redis';
import type * as IoRedisModule from 'ioredis';
import { createRequire } from 'node:module';
import { config } from '../../config';
import { log } from '../logger';
import { setRateLimitStore } from './index';
import { IoRedisScriptClient } from './ioredis-client';
import { UpstashAlgorithmStore } from './upstash-algorithm-store';

/**
 * ioredis is loaded only when REDIS_URL is set: it is a tenth of a second of every start-up's CPU
 * (README "Test it": a test run starts about a hundred servers without it). Loaded synchronously,
 * so the store is in place before the first request, as with a static import.
 */
function loadIoRedis(): typeof IoRedisModule {
	return createRequire(import.meta.url)('ioredis') as typeof IoRedisModule;
}

export function installRateLimitStore(): void {
	const { rateLimit } = config();
	if (rateLimit.upstash) {
		const client = new UpstashRedis({
			url: rateLimit.upstash.url,
			token: rateLimit.upstash.token,
			// Our own timeout and the policy's failure mode apply instead of long retry loops.
			retry: { retries: 1, backoff: () => 50 },
			enableTelemetry: false
		});
		setRateLimitStore(
			new UpstashAlgorithmStore({
				kind: 'upstash',
				client,
				prefix: rateLimit.prefix,
				timeoutMs: rateLimit.storeTimeoutMs,
				ping: async () => {
					await client.ping();
				},
				clear: async () => {
					let cursor = '0';
					do {
						const [next, keys] = await client.scan(cursor, { match: `${rateLimit.prefix}*`, count: 500 });
						if (keys.length) await client.del(...keys);
						cursor = String(next);
					} while (cursor !== '0');
				}
			}),
			rateLimit.breaker
		);
		log.info('rate limits kept in Upstash Redis');
		return;
	}
	if (rateLimit.redisUrl) {
		const redis = new (loadIoRedis().Redis)(rateLimit.redisUrl, {
			// Fail fast: a slow or absent Redis must not hold requests; policies decide the fallback.
			maxRetriesPerRequest: 1,
			connectTimeout: 2_000,
			commandTimeout: rateLimit.storeTimeoutMs,
			enableAutoPipelining: true
		});
		let lastError = '';
		redis.on('error', (error: Error) => {
			// ioredis reconnects by itself; log each distinct failure once.
			if (error.message === lastError) return;
			lastError = error.message;
			log.warn('redis connection error', { error });
		});
		redis.on('ready', () => (lastError = ''));
		setRateLimitStore(
			new UpstashAlgorithmStore({
				kind: 'redis',
				client: new IoRedisScriptClient(redis),
				prefix: rateLimit.prefix,
				timeoutMs: rateLimit.storeTimeoutMs,
				ping: async () => {
					await redis.ping();
				},
				close: async () => {
					redis.disconnect();
				},
				clear: async () => {
					for await (const keys of redis.scanStream({ match: `${rateLimit.prefix}*`, count: 500 })) {
						if ((keys as string[]).length) await redis.del(...(keys as string[]));
					}
				}
			}),
			rateLimit.breaker
		);
		log.info('rate limits kept in Redis');
	}
}
