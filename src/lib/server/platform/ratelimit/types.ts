import type { CodesWithStatus } from '../../errors/codes';

/** The one rate-limiter interface (docs/architecture.md#rate-limiting); every store returns this shape. */
export interface RateLimitResult {
	success: boolean;
	/** Requests allowed per window. */
	limit: number;
	remaining: number;
	/** Unix epoch milliseconds when the window frees up. */
	reset: number;
}

export interface RateLimitPolicy {
	/** Namespaces keys, e.g. `search`, `giftcode-fail`. */
	name: string;
	limit: number;
	windowMs: number;
	/**
	 * What happens when the store cannot be reached (or its circuit is open):
	 * `closed` refuses with 503 (checkout, auth); `open` falls back to the
	 * in-process limiter, which still limits, per instance. Routes whose
	 * contract lists no 503 use `open` rather than invent a status.
	 */
	onStoreFailure: 'closed' | 'open';
	/** The 503's code and message for a `closed` policy, as the route's contract names it (default `service_unavailable`). */
	unavailable?: { code: CodesWithStatus<503>; message: string };
}

export interface RateLimitStore {
	readonly kind: 'memory' | 'redis' | 'upstash';
	limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult>;
	/**
	 * The same answer `limit` would give, without counting a request
	 * (@upstash/ratelimit's `getRemaining`). Limits that count only failures
	 * check with it first and call `limit` once a request has failed.
	 */
	peek(policy: RateLimitPolicy, key: string): Promise<RateLimitResult>;
	/** Health probe of the store itself. */
	ping(): Promise<void>;
	/** Releases connections at shutdown. */
	close?(): Promise<void>;
	/** Test hooks: forget every counter under this deployment's prefix. */
	clear?(): Promise<void>;
}
