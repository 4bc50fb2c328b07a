/**
 * CORS for the anonymous read API (issue 17, item 5): a browser app on
 * another site may read the public catalog, search, top-up denominations and
 * the discovery documents; everything that acts on a session or cookie stays
 * same-origin.
 *
 * Which /api/v1 operations are public is read from the route meta, not from
 * a list: a GET that needs no credentials (`auth: 'none'`, or
 * `'optional-session'`, whose anonymous answer is the public one). These
 * answers are the same for every site, so `Access-Control-Allow-Origin: *`
 * and never `Allow-Credentials`: a browser then sends no cookie, and refuses
 * to hand a credentialed answer to the page even if one were sent.
 *
 * A preflight (`OPTIONS` with `Access-Control-Request-Method`) to a public
 * path is answered 204 here. Any other path gets no CORS headers at all; a
 * preflight to a credentialed /api/v1 route reaches the facade and is refused
 * 405 in the error envelope (OPTIONS is no method of it), so the browser
 * never sends the request. A plain OPTIONS, which is no preflight, is served
 * as before: 405 with `Allow`.
 */
import type { AuthRequirement, OpenApiRouteMeta } from '../rest/meta';
import { routeTable } from '../rest/facade';
import { matchRoute } from '../rest/route-table';

const ANONYMOUS: ReadonlySet<AuthRequirement> = new Set(['none', 'optional-session']);

/** Hand-written documents outside /api/v1, meant to be fetched by anyone. */
const DISCOVERY_PATHS = new Set(['/openapi.json', '/llms.txt', '/auth.md']);
const DISCOVERY_PREFIX = '/.well-known/';

export const CORS_METHODS = 'GET, HEAD, OPTIONS';
/** Safelisted headers need no permission; these are the others a read client may send. */
export const CORS_REQUEST_HEADERS = 'Accept, Accept-Language, Content-Language, If-None-Match, X-Request-Id';
/** Seconds a browser may reuse a preflight answer (Chromium caps it at 7200, Firefox at 86400). */
export const CORS_MAX_AGE = '86400';

const EXPOSED = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'];
/** Exposed only on the answers that carry them. */
const EXPOSED_IF_PRESENT = ['ETag', 'Deprecation', 'Sunset', 'Link'];

export function isPublicRead(meta: Pick<OpenApiRouteMeta, 'method' | 'auth' | 'internal'>): boolean {
	return meta.method === 'GET' && ANONYMOUS.has(meta.auth) && !meta.internal;
}

/** Whether a cross-origin page may read `pathname` (callers have checked that it decodes). */
export function isCorsReadable(pathname: string): boolean {
	if (DISCOVERY_PATHS.has(pathname) || pathname.startsWith(DISCOVERY_PREFIX)) return true;
	if (!pathname.startsWith('/api/v1/')) return false;
	const match = matchRoute(routeTable(), 'GET', pathname);
	return match.kind === 'found' && isPublicRead(match.route.meta);
}

export function isPreflight(request: Request): boolean {
	return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

export function preflightResponse(requestId: string): Response {
	return new Response(null, {
		status: 204,
		headers: {
			'access-control-allow-origin': '*',
			'access-control-allow-methods': CORS_METHODS,
			'access-control-allow-headers': CORS_REQUEST_HEADERS,
			'access-control-max-age': CORS_MAX_AGE,
			'x-request-id': requestId
		}
	});
}

/** On a public path's GET/HEAD answer, errors included, so a client can read the envelope and the limits. */
export function applyCorsHeaders(headers: Headers): void {
	headers.set('access-control-allow-origin', '*');
	const exposed = [...EXPOSED, ...EXPOSED_IF_PRESENT.filter((name) => headers.has(name))];
	headers.set('access-control-expose-headers', exposed.join(', '));
}
