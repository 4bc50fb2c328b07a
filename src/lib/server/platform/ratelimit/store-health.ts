/**
 * Whether the shared rate-limit store answers, for /metrics (and for a
 * circuit breaker to drive later). Until something reports a state with
 * `reportRateLimitStoreHealth`, the store is asked directly with its own ping,
 * bounded by the store's timeout, so the answer is measured, never assumed.
 */
import { rateLimitStore } from './index';
import type { RateLimitStore } from './types';

export type RateLimitStoreState = 'healthy' | 'failing';

export interface RateLimitStoreHealth {
	kind: RateLimitStore['kind'];
	state: RateLimitStoreState;
}

let reporter: (() => RateLimitStoreState) | undefined;

/** A breaker that already knows the state installs itself here, so reading health costs no round trip. */
export function reportRateLimitStoreHealth(read: () => RateLimitStoreState): void {
	reporter = read;
}

export async function rateLimitStoreHealth(): Promise<RateLimitStoreHealth> {
	const store = rateLimitStore();
	if (reporter) return { kind: store.kind, state: reporter() };
	try {
		await store.ping();
		return { kind: store.kind, state: 'healthy' };
	} catch {
		return { kind: store.kind, state: 'failing' };
	}
}
