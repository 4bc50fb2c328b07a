/**
 * The policy layer's half that every transport shares: the per-request context the tRPC adapter,
 * the REST facade and server loads build, and the enforcers (./enforce.ts) read. It lives here, not
 * in rest/ or trpc/, so both import it and neither imports the other.
 */
import type { Cookies } from '@sveltejs/kit';
import type { AuthRequest } from '../auth/request';
import type { SessionContext } from '../auth/session';
import type { Reuse } from '../catalog/memory-cache';
import type { RateLimitCheck } from '../platform/ratelimit';

/**
 * What an answer of a route with these limits costs another client, when the
 * response cache replays it (../http/response-cache.ts): the same checks keyed
 * by that client's address, or 'per-caller' when a budget is not the
 * address's (such answers are never replayed).
 */
export type ReplayLimits = ((clientIp: string) => RateLimitCheck[]) | 'per-caller';

/**
 * What every procedure can see about the request. Built once per request from
 * SvelteKit's event (hooks.server.ts resolves the session), so the tRPC
 * adapter, the REST facade and server `load` functions share it.
 */
export interface Context {
	requestId: string;
	clientIp: string;
	request: Request;
	cookies: Cookies;
	/** Headers procedures add to the response (RateLimit-*, Deprecation …). */
	responseHeaders: Headers;
	/**
	 * Shared, so middlewares' context copies see it: the REST status a procedure chooses over 200 (the health
	 * probe's 503), how long its answer may be served again whole (catalog reads and search, ../http/response-cache.ts),
	 * and the rate limits each replay must still pass (./enforce.ts).
	 */
	response: { status?: number; reuse?: Reuse; limits?: ReplayLimits };
	session: SessionContext | null;
	/** The validated `Idempotency-Key` header of a route declaring `idempotent: true`. */
	idempotencyKey: string | undefined;
	/** The failure budget of a route declaring `rateLimit: { failures }`. */
	failureLimit: FailureLimit | undefined;
	/** The request as the auth services and their limits see it, for a route declaring `rateLimit: { service: 'auth' }`. */
	authRequest: AuthRequest | undefined;
}

/** Given to the handler of a route declaring `rateLimit: { failures }`. */
export interface FailureLimit {
	check(): Promise<void>;
	failed(): Promise<void>;
}

/**
 * What the enforcers (./enforce.ts) add to the context, before the input is parsed. Unset on
 * every context from its creation, so a procedure whose policies add nothing runs on the context
 * as it is: tRPC copies a middleware's new context field by field, on every call
 * (docs/performance.md). One context serves every procedure of a tRPC batch, so what the
 * enforcers find goes on each procedure's own copy, never on the shared one.
 */
export type PolicyContext = Pick<Context, 'idempotencyKey' | 'failureLimit' | 'authRequest'>;

export interface ContextSource {
	request: Request;
	cookies: Cookies;
	locals: App.Locals;
}

export function createContext(event: ContextSource): Context {
	return {
		requestId: event.locals.requestId,
		clientIp: event.locals.clientIp,
		request: event.request,
		cookies: event.cookies,
		responseHeaders: new Headers(),
		response: {},
		session: event.locals.session,
		idempotencyKey: undefined,
		failureLimit: undefined,
		authRequest: undefined
	};
}
