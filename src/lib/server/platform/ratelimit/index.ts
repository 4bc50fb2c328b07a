/**
 * Rate limiting entry point (architecture D5). The store is chosen by
 * configuration; policies name their failure mode, and this module applies it
 * so callers never handle store outages themselves.
 */
import { AppError } from '../../errors/app-error';
import { log } from '../logger';
import { nowMs } from '../clock';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';

export type { RateLimitPolicy, RateLimitResult, RateLimitStore } from './types';

const memory = new MemoryRateLimitStore();
let store: RateLimitStore = memory;

/** Installs the shared store (Redis/Upstash) chosen at start-up. */
export function setRateLimitStore(next: RateLimitStore): void {
	store = next;
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
	try {
		return await use(store);
	} catch (error) {
		if (policy.onStoreFailure === 'open') {
			log.warn('rate-limit store unavailable, using in-process fallback', { policy: policy.name, error });
			return use(memory);
		}
		log.error('rate-limit store unavailable, refusing guarded request', { policy: policy.name, error });
		throw new AppError(503, 'service_unavailable', 'Hệ thống tạm thời quá tải, vui lòng thử lại sau ít phút.');
	}
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
		429,
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
function report(headers: Headers, result: RateLimitResult): void {
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
