/**
 * The server entry's first stop (build/front.js, written by
 * ../../../../build-tools/adapter-with-front.js; ADR 014, ADR 018 part 2, ADR 022):
 * - an anonymous public read — a catalog read or a search, as the response
 *   cache defines it — is answered here, from a stored answer when there is
 *   one (./response-cache.ts) and otherwise computed by the same REST facade;
 * - a signed-in request of a documented `/api/v1` operation — a read (the
 *   wallet, orders, the library…) or a write with a JSON or empty body (a
 *   checkout, a cart change…) — is computed here too: a write from another
 *   site is refused, its session is looked up from the signed cookie and the
 *   write noted, exactly as hooks.server.ts does (./write-side.ts), its body
 *   read under the same limits as SvelteKit's (the same `getRequest`), then
 *   the same facade, policies, finishing and logs answer it (./finish-served.ts).
 * Only SvelteKit's own request handling is left out: building its event,
 * routing, and the hooks around them. That handling cost a cold search more
 * CPU than choosing its hits, and a signed-in read about as much as the read
 * itself (docs/performance.md).
 *
 * Anything else — streams, reads that set cookies, other bodies (uploads,
 * forms), anonymous writes, anything this does not recognise as a documented
 * operation (unknown paths, methods, undecodable paths, the database still
 * being prepared) — goes on to SvelteKit untouched, which answers it as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequest } from '@sveltejs/kit/node';
import { config } from '../config';
import { nodeRequestClientIp } from '../platform/client-ip';
import { log, withRequestContext } from '../platform/logger';
import { recordComputedInFront } from '../platform/metrics';
import { isJsonContentType } from '../rest/body';
import { unreadBytes } from '../rest/bytes-response';
import { errorResponse } from '../rest/envelope';
import { handleRest, routeTable } from '../rest/facade';
import { matchRoute } from '../rest/route-table';
import { startupState } from '../startup-state';
import type { OpenApiRouteMeta } from '../rest/meta';
import { applyCorsHeaders, isPublicRead } from './cors';
import { finishServed } from './finish-served';
import { frontCookies } from './front-cookies';
import { frontComputes } from './front-switch';
import { inFlight } from './in-flight';
import { pathDecodes } from './path-decodes';
import { answerFromMemory, hasSessionCookie, isAnonymousRead, requestIdFor } from './response-cache';
import type { ServeEvent } from './serve-event';
import { crossOriginRefusal, noteAnswered, sessionOrAnonymous } from './write-side';

/** SvelteKit's id of the route that serves the REST facade (src/routes/api/[...rest]), for metrics' fallback label. */
const FACADE_ROUTE_ID = '/api/[...rest]';

/** Answered here (true, or a promise of it) or left to SvelteKit (false). */
export function front(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
	if (isAnonymousRead(req)) {
		const replayed = answerFromMemory(req, res);
		// A stored answer whose rate limit refused this client: SvelteKit answers the 429.
		if (replayed !== false) return replayed;
		return computeHere(req, res, 'anonymous');
	}
	if (!req.url?.startsWith('/api/v1/') || !hasSessionCookie(req.headers.cookie)) return false;
	if (isSignedInApiRead(req)) return computeHere(req, res, 'signed-in');
	return isSignedInApiWrite(req) ? computeHere(req, res, 'signed-in write') : false;
}

type Reader = 'anonymous' | 'signed-in' | 'signed-in write';

/** A GET carrying no body or range. */
function isSignedInApiRead(req: IncomingMessage): boolean {
	const h = req.headers;
	if (req.method !== 'GET' || h.range !== undefined || h['transfer-encoding'] !== undefined) return false;
	return h['content-length'] === undefined || h['content-length'] === '0';
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write whose body is JSON or absent (without a Content-Type SvelteKit reads
 * no body either), when this process knows the origin adapter-node gives the
 * request's URL: the same-origin check compares against it.
 */
function isSignedInApiWrite(req: IncomingMessage): boolean {
	if (!WRITES.has(req.method ?? '') || config().requestOrigin !== config().origin) return false;
	const contentType = req.headers['content-type'];
	return contentType === undefined || isJsonContentType(contentType);
}

/**
 * What a signed-in request may be answered here: a documented operation whose
 * answer is one buffered body (not a stream of events or a file). A read sets
 * no cookie of its own (only the session's renewal); a write may, as the
 * checkout sets its order-access cookie: every `/api/v1` route sets cookies
 * through the event's `cookies`, which ./front-cookies.ts writes in SvelteKit's
 * format (sign-in and sign-out live under `/api/auth`, never answered here).
 */
function servesSignedIn(meta: OpenApiRouteMeta, reader: Reader): boolean {
	if (meta.envelope === 'stream' || meta.internal) return false;
	return reader === 'signed-in write' || !meta.setsCookies?.length;
}

function computeHere(req: IncomingMessage, res: ServerResponse, reader: Reader): boolean | Promise<boolean> {
	if (!frontComputes() || startupState().preparing) return false;
	return inFlight(() => computeInFront(req, res, reader)).catch((error: unknown) => {
		// The facade answers every failure of the operation itself; this is a failure around it.
		log.error('answering a request before SvelteKit failed', { error, reader });
		if (res.headersSent) {
			res.destroy();
			return true;
		}
		// SvelteKit answers a read instead. A write may have read its body or written: it is not run twice.
		if (reader !== 'signed-in write') return false;
		const failed = errorResponse(error, requestIdFor(req.headers['x-request-id'] as string | undefined));
		failed.headers.set('connection', 'close');
		return write(res, failed).then(
			() => true,
			() => (res.destroy(), true)
		);
	});
}

async function computeInFront(req: IncomingMessage, res: ServerResponse, reader: Reader): Promise<boolean> {
	const startedAt = performance.now();
	const url = new URL(req.url!, config().origin);
	// SvelteKit's hooks answer the 400.
	if (!pathDecodes(url.pathname)) return false;
	const match = matchRoute(routeTable(), reader === 'signed-in write' ? req.method! : 'GET', url.pathname);
	if (match.kind !== 'found') return false;
	const meta = match.route.meta;
	const publicRead = isPublicRead(meta);
	if (reader === 'anonymous' ? !publicRead : !servesSignedIn(meta, reader)) return false;

	const request = reader === 'signed-in write' ? await requestWithBody(req) : requestWithoutBody(req, url);
	const requestId = requestIdFor(request.headers.get('x-request-id'));
	const jar = frontCookies(request.headers.get('cookie'));
	const event: ServeEvent = {
		request,
		url,
		locals: { requestId, clientIp: nodeRequestClientIp(req), session: null },
		cookies: jar.cookies,
		route: { id: FACADE_ROUTE_ID }
	};
	await withRequestContext({ requestId }, async () => {
		// In hooks.server.ts's order: a write from another site is refused before its session is looked up.
		const response = crossOriginRefusal(request, requestId) ?? (await answer(event, reader, jar.setCookies, publicRead));
		await write(res, await finishServed(event, response, startedAt));
	});
	recordComputedInFront();
	return true;
}

async function answer(event: ServeEvent, reader: Reader, setCookies: () => string[], publicRead: boolean): Promise<Response> {
	if (reader !== 'anonymous') event.locals.session = await sessionOrAnonymous(event.cookies);
	const response = await handleRest(event);
	noteAnswered(event.request.method);
	// As hooks.server.ts does for every answer, and for public reads the CORS headers.
	response.headers.set('x-request-id', event.locals.requestId);
	for (const line of setCookies()) response.headers.append('set-cookie', line);
	if (publicRead) applyCorsHeaders(response.headers);
	return response;
}

function requestWithoutBody(req: IncomingMessage, url: URL): Request {
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (typeof value === 'string') headers.set(name, value);
		else if (value) for (const v of value) headers.append(name, v);
	}
	return new Request(url, { headers });
}

/** As adapter-node builds it for SvelteKit: the same URL (ORIGIN's), headers and body stream, under the same body limit. */
function requestWithBody(req: IncomingMessage): Promise<Request> {
	return getRequest({ request: req, base: config().origin, bodySizeLimit: config().adapterBodyLimitBytes });
}

async function write(res: ServerResponse, response: Response): Promise<void> {
	const body = unreadBytes(response) ?? (response.body ? new Uint8Array(await response.arrayBuffer()) : null);
	const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
	// Iterating Headers yields each Set-Cookie on its own; an object keeps one per name, so they go back as a list.
	const setCookies = response.headers.getSetCookie();
	if (setCookies.length > 0) headers['set-cookie'] = setCookies;
	if (body) headers['content-length'] = String(body.byteLength);
	res.writeHead(response.status, headers);
	res.end(body);
}

const FRONT = Symbol.for('hoclieu.front');

/**
 * Hands `front` to the server entry, which lives outside the bundle
 * (build/front.js) and so cannot import it: called once from the init hook of
 * each serving process.
 */
export function registerFront(): void {
	(globalThis as typeof globalThis & { [FRONT]?: typeof front })[FRONT] = front;
}
