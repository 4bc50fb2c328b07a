/**
 * Rate limiting entry point (docs/architecture.md#rate-limiting). The store is chosen by
 * configuration; policies name their failure mode, and this module applies it
 * so callers never handle store outages themselves.
 */
import { AppError } from '../../errors/app-error';
import { log } from '../logger';
import { nowMs } from '../clock';
import { CircuitBreaker, type BreakerState } from './breaker';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';

export type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';
export type { BreakerState } from './breaker';

const memory = new MemoryRateLimitStore();
let store: RateLimitStore = memory;
let breaker: CircuitBreaker | undefined;

export interface BreakerSettings {
	failureThreshold: number;
	openMs: number;
}

/** Installs the shared store (Redis/Upstash) chosen at start-up, behind its circuit breaker. */
export function setRateLimitStore(next: RateLimitStore, settings: BreakerSettings = { failureThreshold: 3, openMs: 20_000 }): void {
	store = next;
	breaker = new CircuitBreaker({
		...settings,
		// Real time, not the service clock: tests that move the clock must not close an outage early.
		now: () => Date.now(),
		probe: () => next.ping(),
		onChange: logBreakerChange
	});
}

function logBreakerChange(from: BreakerState, to: BreakerState, reason: unknown): void {
	if (to === 'open' && from === 'closed') {
		log.warn('rate-limit store unavailable, circuit open: open policies use the in-process fallback, closed ones refuse', { store: store.kind, error: reason });
	} else if (to === 'open') {
		log.info('rate-limit store still unavailable, circuit stays open', { store: store.kind, error: reason });
	} else if (to === 'half-open') {
		log.info('rate-limit store circuit half-open, probing the store', { store: store.kind });
	} else {
		log.info('rate-limit store answers again, circuit closed', { store: store.kind });
	}
}

/**
 * `closed` (the shared store is used), `open` (store skipped after repeated
 * failures) or `half-open` (a background probe is checking it). Always
 * `closed` for the in-process store. For /api/health detail and metrics.
 */
export function rateLimitBreakerState(): BreakerState {
	return breaker?.state ?? 'closed';
}

export function rateLimitStore(): RateLimitStore {
	return store;
}

/** Test hooks: clear the in-process counters. */
export function resetMemoryRateLimits(): void {
	memory.reset();
}

export async function consume(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
	return withStore(policy, (s) => s.limit(policy, key));
}

/** What `consume` would answer, without counting a request. */
export async function peek(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
	return withStore(policy, (s) => s.peek(policy, key));
}

async function withStore(policy: RateLimitPolicy, use: (s: RateLimitStore) => Promise<RateLimitResult>): Promise<RateLimitResult> {
	if (store === memory || !breaker) return use(memory);
	if (!breaker.allows()) return withoutStore(policy, use, undefined);
	try {
		const result = await use(store);
		breaker.succeeded();
		return result;
	} catch (error) {
		breaker.failed(error);
		// Per request only at debug: the breaker logs the outage itself, once.
		log.debug('rate-limit store call failed', { policy: policy.name, error });
		return withoutStore(policy, use, error);
	}
}

/** The policy's failure mode, applied at once (no store call). */
function withoutStore(policy: RateLimitPolicy, use: (s: RateLimitStore) => Promise<RateLimitResult>, cause: unknown): Promise<RateLimitResult> {
	if (policy.onStoreFailure === 'open') return use(memory);
	const unavailable = policy.unavailable ?? { code: 'service_unavailable', message: 'Hệ thống tạm thời quá tải, vui lòng thử lại sau ít phút.' };
	log.debug('closed rate-limit policy refused without its store', { policy: policy.name, cause });
	throw new AppError(unavailable.code, unavailable.message);
}

/** RFC 9331-style headers (as the contract names them) for a limiter result. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
	const resetSeconds = Math.max(0, Math.ceil((result.reset - nowMs()) / 1000));
	return {
		'RateLimit-Limit': String(result.limit),
		'RateLimit-Remaining': String(result.remaining),
		'RateLimit-Reset': String(resetSeconds)
	};
}

export function rateLimitedError(result: RateLimitResult): AppError {
	const retryAfter = Math.max(1, Math.ceil((result.reset - nowMs()) / 1000));
	return new AppError(
		'rate_limited',
		`Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau ${retryAfter} giây.`,
		{ retryAfterSeconds: retryAfter }
	);
}

export interface RateLimitCheck {
	policy: RateLimitPolicy;
	key: string;
}

function writeHeaders(headers: Headers, result: RateLimitResult): void {
	for (const [name, value] of Object.entries(rateLimitHeaders(result))) headers.set(name, value);
}

/** Writes the result's RateLimit-* headers and throws its 429 (Retry-After in `headers`) when it refused. */
export function report(headers: Headers, result: RateLimitResult): void {
	writeHeaders(headers, result);
	if (!result.success) {
		const error = rateLimitedError(result);
		headers.set('Retry-After', String(error.details?.retryAfterSeconds));
		throw error;
	}
}

/**
 * Applies one or more policies in order (e.g. per IP, then per email), writes
 * the RateLimit-* headers of the tightest one into `headers`, and throws the
 * 429 (with Retry-After in `headers`) at the first one exceeded, without
 * consuming the ones after it. Transport-neutral: tRPC context headers and
 * SvelteKit endpoints both pass a `Headers`.
 */
export async function applyRateLimits(headers: Headers, checks: RateLimitCheck[]): Promise<void> {
	let tightest: RateLimitResult | undefined;
	for (const { policy, key } of checks) {
		const result = await consume(policy, key);
		if (!tightest || result.remaining < tightest.remaining || !result.success) tightest = result;
		if (!result.success) break;
	}
	if (tightest) report(headers, tightest);
}

/** The result a client must respect: a refusal (the longest), else the fewest remaining. */
function tightestOf(results: RateLimitResult[]): RateLimitResult {
	return results.reduce((a, b) => {
		if (a.success !== b.success) return a.success ? b : a;
		if (!a.success) return a.reset >= b.reset ? a : b;
		return a.remaining <= b.remaining ? a : b;
	});
}

/**
 * Limits that count only failed attempts (gift codes), step one: refuses
 * with 429 when any check has used up its failures, without counting this
 * attempt. Step two, once the attempt has failed, is `recordFailure`.
 */
export async function applyFailureLimits(headers: Headers, checks: RateLimitCheck[]): Promise<void> {
	report(headers, tightestOf(await Promise.all(checks.map(({ policy, key }) => peek(policy, key)))));
}

/** Counts one failed attempt against every check; the headers then show what is left. */
export async function recordFailure(headers: Headers, checks: RateLimitCheck[]): Promise<void> {
	writeHeaders(headers, tightestOf(await Promise.all(checks.map(({ policy, key }) => consume(policy, key)))));
}
