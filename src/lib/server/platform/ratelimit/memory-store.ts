import { nowMs } from '../clock';
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';

interface Window {
	count: number;
	/** When the window stops mattering (end of the window after it). */
	expires: number;
}

/**
 * In-process sliding-window limiter (the embedded default, and the fallback for
 * `open` policies when the shared store is down). It weights the previous fixed
 * window by how much of it still overlaps the sliding window, the same
 * approximation @upstash/ratelimit's slidingWindow uses.
 */
export class MemoryRateLimitStore implements RateLimitStore {
	readonly kind = 'memory' as const;
	private readonly windows = new Map<string, Window>();
	private lastSweep = 0;

	async limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
		const state = this.state(policy, key);
		if (!state.result.success) return state.result;
		this.windows.set(state.currentKey, { count: state.currentCount + 1, expires: state.expires });
		return state.result;
	}

	async peek(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
		const { result } = this.state(policy, key);
		// Without this request counted, one more is still "remaining".
		return result.success ? { ...result, remaining: result.remaining + 1 } : result;
	}

	/** What `limit` would answer now, and where it would count the request. */
	private state(policy: RateLimitPolicy, key: string) {
		const t = nowMs();
		this.sweep(t);
		const current = Math.floor(t / policy.windowMs);
		const currentKey = `${policy.name}:${key}:${current}`;
		const previousCount = this.windows.get(`${policy.name}:${key}:${current - 1}`)?.count ?? 0;
		const currentCount = this.windows.get(currentKey)?.count ?? 0;
		const elapsed = (t % policy.windowMs) / policy.windowMs;
		const weighted = Math.floor(previousCount * (1 - elapsed)) + currentCount;
		const reset = (current + 1) * policy.windowMs;
		const result: RateLimitResult =
			weighted >= policy.limit
				? { success: false, limit: policy.limit, remaining: 0, reset }
				: { success: true, limit: policy.limit, remaining: Math.max(0, policy.limit - weighted - 1), reset };
		return { result, currentKey, currentCount, expires: (current + 2) * policy.windowMs };
	}

	async ping(): Promise<void> {}

	private sweep(t: number): void {
		if (t - this.lastSweep < 1000) return;
		this.lastSweep = t;
		for (const [k, w] of this.windows) if (w.expires <= t) this.windows.delete(k);
	}

	/** Test hooks: forget every counter. */
	reset(): void {
		this.windows.clear();
	}
}
