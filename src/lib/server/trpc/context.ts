import type { Cookies } from '@sveltejs/kit';
import type { SessionContext } from '../auth/session';
import type { Reuse } from '../catalog/memory-cache';
import type { ReplayLimits } from '../rest/policies';

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
	 * and the rate limits each replay must still pass (../rest/policies.ts).
	 */
	response: { status?: number; reuse?: Reuse; limits?: ReplayLimits };
	session: SessionContext | null;
}

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
		session: event.locals.session
	};
}
