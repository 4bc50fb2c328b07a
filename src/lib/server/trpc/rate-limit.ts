import { applyRateLimits, type RateLimitPolicy } from '../platform/ratelimit';
import type { Context } from './context';

/**
 * Applies a policy to the request: writes RateLimit-* headers on every
 * response and throws 429 (with Retry-After) when the limit is exceeded.
 */
export async function enforceRateLimit(ctx: Context, policy: RateLimitPolicy, key: string): Promise<void> {
	await applyRateLimits(ctx.responseHeaders, [{ policy, key }]);
}
