/**
 * The shared-store limiter (docs/architecture.md#rate-limiting): @upstash/ratelimit's sliding
 * window, the same algorithm and Lua scripts over Upstash REST (production)
 * or a real Redis through the ioredis adapter (self-hosted, CI).
 */
import { Ratelimit } from '@upstash/ratelimit';
import { nowMs } from '../clock';
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';

/** What @upstash/ratelimit calls on its client (evalsha, with eval on NOSCRIPT). */
export interface ScriptClient {
	evalsha(sha: string, keys: string[], args: unknown[]): Promise<unknown>;
	eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<unknown>;
}

export interface AlgorithmStoreOptions {
	kind: 'redis' | 'upstash';
	client: ScriptClient;
	/** Deployment-wide key prefix, e.g. `hoclieu:rl:`. */
	prefix: string;
	/** A call slower than this is a store failure; the policy decides what happens. */
	timeoutMs: number;
	ping(): Promise<void>;
	close?(): Promise<void>;
	/** Deletes every key under `prefix`. */
	clear(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(Object.assign(new Error(`rate-limit store timed out after ${ms} ms`), { code: 'DEPENDENCY_TIMEOUT' })), ms);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * @upstash/ratelimit reads `Date.now()` when a call starts (synchronously,
 * before its first await) to pick the window. The service clock only differs
 * from the real one in tests that move it (TEST_HOOKS); then the call starts
 * with `Date.now` reading the service clock, so windows expire when the tests
 * say, and `reset` comes back on the service clock. Node runs this
 * synchronous stretch alone, and `Date.now` is restored before anything else
 * runs.
 */
function onServiceClock<T>(call: () => Promise<T>): Promise<T> {
	const offset = nowMs() - Date.now();
	if (offset === 0) return call();
	const realNow = Date.now;
	Date.now = () => realNow() + offset;
	try {
		return call();
	} finally {
		Date.now = realNow;
	}
}

export class UpstashAlgorithmStore implements RateLimitStore {
	readonly kind: 'redis' | 'upstash';
	private readonly limiters = new Map<string, Ratelimit>();

	constructor(private readonly options: AlgorithmStoreOptions) {
		this.kind = options.kind;
	}

	private limiterFor(policy: RateLimitPolicy): Ratelimit {
		const id = `${policy.name}|${policy.limit}|${policy.windowMs}`;
		let limiter = this.limiters.get(id);
		if (!limiter) {
			limiter = new Ratelimit({
				redis: this.options.client as unknown as ConstructorParameters<typeof Ratelimit>[0]['redis'],
				limiter: Ratelimit.slidingWindow(policy.limit, `${policy.windowMs} ms`),
				prefix: `${this.options.prefix}${policy.name}`,
				// No local block cache (it would grow with every blocked IP) and no
				// built-in timeout (it silently lets requests through); ours is below.
				ephemeralCache: false,
				timeout: 0,
				analytics: false
			});
			this.limiters.set(id, limiter);
		}
		return limiter;
	}

	async limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
		const limiter = this.limiterFor(policy);
		const r = await withTimeout(onServiceClock(() => limiter.limit(key)), this.options.timeoutMs);
		return { success: r.success, limit: r.limit, remaining: r.remaining, reset: r.reset };
	}

	/** `limit` without counting: the library's getRemaining (the same sliding-window arithmetic, read-only). */
	async peek(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
		const limiter = this.limiterFor(policy);
		const r = await withTimeout(onServiceClock(() => limiter.getRemaining(key)), this.options.timeoutMs);
		return { success: r.remaining > 0, limit: r.limit, remaining: r.remaining, reset: r.reset };
	}

	ping(): Promise<void> {
		return withTimeout(this.options.ping(), this.options.timeoutMs);
	}

	async close(): Promise<void> {
		await this.options.close?.();
	}

	clear(): Promise<void> {
		return this.options.clear();
	}
}
