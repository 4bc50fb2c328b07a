/**
 * Whether the shared rate-limit store answers, for /metrics: the store is
 * asked directly with its own ping, bounded by the store's timeout, so the
 * answer is measured, never assumed. (The circuit breaker's state is a gauge
 * of its own: a breaker that saw no traffic says nothing about the store.)
 */
import { rateLimitStore } from './index';
import type { RateLimitStore } from './types';

export type RateLimitStoreState = 'healthy' | 'failing';

export interface RateLimitStoreHealth {
	kind: RateLimitStore['kind'];
	state: RateLimitStoreState;
}

export async function rateLimitStoreHealth(): Promise<RateLimitStoreHealth> {
	const store = rateLimitStore();
	try {
		await store.ping();
		return { kind: store.kind, state: 'healthy' };
	} catch {
		return { kind: store.kind, state: 'failing' };
	}
}
