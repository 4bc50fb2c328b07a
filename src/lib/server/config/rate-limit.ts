/** Where rate-limit counters live (README "Rate limits") and the search limit every client IP gets. */
import { z } from 'zod';
import { ConfigError, positiveInt, setting, type EnvOf } from './kit';

export const rateLimitVariables = {
	REDIS_URL: setting(
		z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
		'`redis://…`: keep rate limits in Redis (`@upstash/ratelimit` scripts through ioredis)',
		'unset'
	),
	UPSTASH_REDIS_REST_URL: setting(z.url().optional(), 'keep rate limits in Upstash Redis (set both; not together with `REDIS_URL`)', 'unset'),
	UPSTASH_REDIS_REST_TOKEN: setting(z.string().min(1).optional(), 'the token of that Upstash database', 'unset'),
	RATE_LIMIT_PREFIX: setting(z.string().min(1).max(100).default('hoclieu:rl:'), 'prefix of every rate-limit key, so deployments sharing a Redis never collide'),
	RATE_LIMIT_STORE_TIMEOUT_MS: setting(
		positiveInt.default(500),
		'a slower store call counts as a store failure (search then falls back to the in-process limiter)'
	),
	RATE_LIMIT_SEARCH_MAX: setting(positiveInt.default(30), 'searches allowed per client IP per window (docs/api.md#limits)'),
	RATE_LIMIT_SEARCH_WINDOW_SECONDS: setting(positiveInt.default(60), 'length of the search rate-limit window'),
	RATE_LIMIT_BREAKER_FAILURES: setting(
		positiveInt.max(1000).default(3),
		'consecutive store failures that open the circuit breaker (requests then skip the store)'
	),
	RATE_LIMIT_BREAKER_OPEN_SECONDS: setting(positiveInt.max(3600).default(20), 'how long the breaker stays open before a background probe of the store')
};

export interface RateLimitConfig {
	/** Shared store: real Redis (self-hosted, CI) or Upstash REST (production); neither → in-process. */
	redisUrl: string | undefined;
	upstash: { url: string; token: string } | undefined;
	/** Prepended to every store key, so deployments and test runs sharing a Redis never collide. */
	prefix: string;
	/** A store call slower than this counts as a store failure (the policy's fallback applies). */
	storeTimeoutMs: number;
	/** 30 searches per minute per client IP (docs/api.md#limits). */
	search: { limit: number; windowMs: number };
	/** Circuit breaker around the shared store. */
	breaker: { failureThreshold: number; openMs: number };
}

export function rateLimitSettings(env: EnvOf<typeof rateLimitVariables>): { rateLimit: RateLimitConfig } {
	if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
		throw new ConfigError('Set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither.');
	}
	if (env.UPSTASH_REDIS_REST_URL && env.REDIS_URL) {
		throw new ConfigError('Choose one rate-limit store: REDIS_URL or UPSTASH_REDIS_REST_URL, not both.');
	}
	return {
		rateLimit: {
			redisUrl: env.REDIS_URL,
			upstash: env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN ? { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN } : undefined,
			prefix: env.RATE_LIMIT_PREFIX,
			storeTimeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS,
			search: { limit: env.RATE_LIMIT_SEARCH_MAX, windowMs: env.RATE_LIMIT_SEARCH_WINDOW_SECONDS * 1000 },
			breaker: { failureThreshold: env.RATE_LIMIT_BREAKER_FAILURES, openMs: env.RATE_LIMIT_BREAKER_OPEN_SECONDS * 1000 }
		}
	};
}
