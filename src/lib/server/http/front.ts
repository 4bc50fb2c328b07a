/**
 * The server entry's first stop (build/front.js, written by
 * ../../../../build-tools/adapter-with-front.js; ADR 014, ADR 018 part 2, ADR 022):
 * - an anonymous public read — a catalog read or a search, as the response
 *   cache defines it — is answered here, from a stored answer when there is
 *   one (./response-cache.ts) and otherwise computed by the same REST facade;
 * - a signed-in read of a documented `/api/v1` operation (the wallet, orders,
 *   the library…) is computed here too: its session is looked up from the
 *   signed cookie exactly as hooks.server.ts does (renewed or cleared the same
 *   way), then the same facade, policies, finishing and logs answer it.
 * Only SvelteKit's own request handling is left out: building its `Request`
 * and event, routing, and the hooks around them. That handling cost a cold
 * search more CPU than choosing its hits, and a signed-in read about as much
 * as the read itself (docs/performance.md).
 *
 * Anything else — writes, streams, routes that set cookies, anything this does
 * not recognise as a documented operation (unknown paths, methods, undecodable
 * paths, the database still being prepared) — goes on to SvelteKit untouched,
 * which answers it as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionFromCookies } from '../auth/session';
import { config } from '../config';
import { nodeRequestClientIp } from '../platform/client-ip';
import { log, withRequestContext } from '../platform/logger';
import { recordComputedInFront } from '../platform/metrics';
import { handleRest, routeTable } from '../rest/facade';
import { matchRoute } from '../rest/route-table';
import { startupState } from '../startup-state';
import type { OpenApiRouteMeta } from '../rest/meta';
import { applyCorsHeaders, isPublicRead } from './cors';
import { finishResponse } from './finish-response';
import { frontCookies } from './front-cookies';
import { frontComputes } from './front-switch';
import { inFlight } from './in-flight';
import { pathDecodes } from './path-decodes';
import { answerFromMemory, hasSessionCookie, isAnonymousRead, rememberAnswer, requestIdFor } from './response-cache';
import type { ServeEvent } from './serve-event';

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
	return isSignedInApiRead(req) ? computeHere(req, res, 'signed-in') : false;
}

type Reader = 'anonymous' | 'signed-in';

/** A GET of the REST API carrying a session cookie and no body or range. */
function isSignedInApiRead(req: IncomingMessage): boolean {
	const h = req.headers;
	if (req.method !== 'GET' || !req.url?.startsWith('/api/v1/') || !hasSessionCookie(h.cookie)) return false;
	if (h.range !== undefined || h['transfer-encoding'] !== undefined) return false;
	return h['content-length'] === undefined || h['content-length'] === '0';
}

/**
 * What a signed-in read may be answered here: a documented GET whose answer is
 * one buffered body (not a stream of events or a file) and that sets no cookie
 * of its own (only the session's renewal, which ./front-cookies.ts writes).
 */
function servesSignedIn(meta: OpenApiRouteMeta): boolean {
	return meta.method === 'GET' && meta.envelope !== 'stream' && !meta.internal && !meta.setsCookies?.length;
}

function computeHere(req: IncomingMessage, res: ServerResponse, reader: Reader): boolean | Promise<boolean> {
	if (!frontComputes() || startupState().preparing) return false;
	return inFlight(() => computeInFront(req, res, reader)).catch((error: unknown) => {
		// The facade answers every failure of the operation itself; this is a failure around it. SvelteKit
		// answers instead, unless the answer was already on its way.
		log.error('answering a read before SvelteKit failed', { error, reader });
		if (!res.headersSent) return false;
		res.destroy();
		return true;
	});
}

async function computeInFront(req: IncomingMessage, res: ServerResponse, reader: Reader): Promise<boolean> {
	const startedAt = performance.now();
	const url = new URL(req.url!, config().origin);
	// SvelteKit's hooks answer the 400.
	if (!pathDecodes(url.pathname)) return false;
	const match = matchRoute(routeTable(), 'GET', url.pathname);
	if (match.kind !== 'found') return false;
	const meta = match.route.meta;
	const publicRead = isPublicRead(meta);
	if (reader === 'anonymous' ? !publicRead : !servesSignedIn(meta)) return false;

	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (typeof value === 'string') headers.set(name, value);
		else if (value) for (const v of value) headers.append(name, v);
	}
	const requestId = requestIdFor(headers.get('x-request-id'));
	const jar = frontCookies(headers.get('cookie'));
	const event: ServeEvent = {
		request: new Request(url, { headers }),
		url,
		locals: { requestId, clientIp: nodeRequestClientIp(req), session: null },
		cookies: jar.cookies,
		route: { id: FACADE_ROUTE_ID }
	};
	await withRequestContext({ requestId }, async () => {
		if (reader === 'signed-in') event.locals.session = await sessionOf(event);
		const response = await handleRest(event);
		// As hooks.server.ts does for every answer, and for public reads the CORS headers.
		response.headers.set('x-request-id', requestId);
		for (const line of jar.setCookies()) response.headers.append('set-cookie', line);
		if (publicRead) applyCorsHeaders(response.headers);
		await write(res, await rememberAnswer(event, await finishResponse(event, response, startedAt)));
	});
	recordComputedInFront();
	return true;
}

/** As hooks.server.ts: an unreachable database leaves the request anonymous, and session-only routes answer 401/503 on their own. */
async function sessionOf(event: ServeEvent) {
	try {
		return await sessionFromCookies(event.cookies);
	} catch {
		return null;
	}
}

async function write(res: ServerResponse, response: Response): Promise<void> {
	const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
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
