/**
 * Whole anonymous catalog answers, served before SvelteKit (issue 15, item 4;
 * docs/decisions/014-response-cache-before-sveltekit.md).
 *
 * SvelteKit spends more CPU building a request's `Request`, event and
 * `Response` than the catalog read itself costs once it comes from memory
 * (ADR 011). So the first anonymous `GET` of a cacheable catalog route goes the
 * whole way (hooks, facade, procedure, envelope, ETag, security headers,
 * compression) and `rememberAnswer` keeps the finished answer's bytes and
 * headers; later identical requests get those bytes from `answerFromMemory`,
 * which the server entry calls before SvelteKit (build/front.js, written by
 * ../../../../adapter.js), with a fresh `X-Request-Id`, a 304 to a matching
 * `If-None-Match`, and the same metrics sample and access-log line.
 *
 * An answer is kept only when it is exactly what the full path would answer
 * again: the procedure built it from the catalog cache alone (its `Reuse`:
 * no flash-sale stock, no ownership), it is a public 200 without cookies, and
 * it is stored in `responseCache()`, which is invalidated together with the
 * catalog cache and dropped at the end of the window the data was valid for
 * (the next sale end). Requests that carry a session cookie, a body or a
 * `Range`, and every request while own writes await their version check,
 * always take the full path.
 */
import type { RequestEvent } from '@sveltejs/kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '../auth/session';
import { catalogReadSettled, responseCache } from '../catalog/memory-cache';
import { log } from '../platform/logger';
import { recordHttpRequest, recordResponseCacheAnswer } from '../platform/metrics';
import { heldTag } from '../rest/conditional-get';
import { negotiateEncoding } from './compression';
import { routeLabel } from './route-label';

/** The only paths whose answers are kept (the routes with `httpCache` in their meta). */
const PREFIX = '/api/v1/catalog/';
/** Headers that belong to one exchange, not to the answer. */
const PER_EXCHANGE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

interface StoredAnswer {
	headers: Record<string, string>;
	body: Uint8Array;
	route: string;
}

/** The request id a request is served under: the caller's when well-formed, else a new one. */
export function requestIdFor(incoming: string | null | undefined): string {
	return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function hasSessionCookie(cookie: string | null | undefined): boolean {
	return cookie !== null && cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);
}

function keyOf(pathAndQuery: string, acceptEncoding: string | null | undefined): string {
	return `${negotiateEncoding(acceptEncoding ?? null) ?? 'identity'} ${pathAndQuery}`;
}

/**
 * hooks.server.ts, with the finished response: keeps it when it may be served
 * again whole. The body is read in full first (these are small JSON answers),
 * so the very next request already finds it; the client gets the same bytes.
 */
export async function rememberAnswer(event: RequestEvent, response: Response): Promise<Response> {
	const reuse = event.locals.reuse;
	const request = event.request;
	if (!reuse || request.method !== 'GET' || response.status !== 200 || event.locals.session !== null) return response;
	if (hasSessionCookie(request.headers.get('cookie')) || request.headers.has('range')) return response;
	if (!(response.headers.get('cache-control') ?? '').startsWith('public') || response.headers.has('set-cookie')) return response;
	if (response.headers.get('connection') === 'close') return response;
	const body = new Uint8Array(await response.arrayBuffer());
	const headers: Record<string, string> = {};
	for (const [name, value] of response.headers) if (!PER_EXCHANGE.has(name)) headers[name] = value;
	headers['content-length'] = String(body.byteLength);
	const key = keyOf(event.url.pathname + event.url.search, request.headers.get('accept-encoding'));
	const stored: StoredAnswer = { headers, body, route: routeLabel(event) };
	responseCache().set(key, reuse.version, stored, Number.NEGATIVE_INFINITY, reuse.validUntil);
	return new Response(body, { status: 200, headers: response.headers });
}

/**
 * The server entry's first stop (build/front.js): answers `req` from memory
 * and returns true, or returns false and leaves `req` untouched for SvelteKit.
 */
export function answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
	const url = req.url;
	if (req.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false;
	const h = req.headers;
	if (hasSessionCookie(h.cookie) || h.range !== undefined || h['transfer-encoding'] !== undefined) return false;
	if (h['content-length'] !== undefined && h['content-length'] !== '0') return false;
	if (!catalogReadSettled()) return false;
	const startedAt = performance.now();
	const stored = responseCache().get<StoredAnswer>(keyOf(url, h['accept-encoding']));
	if (!stored) return false;

	const requestId = requestIdFor(h['x-request-id'] as string | undefined);
	const ifNoneMatch = h['if-none-match'];
	const etag = stored.headers.etag;
	const held = ifNoneMatch && etag ? heldTag(ifNoneMatch, etag) : undefined;
	let status = 200;
	if (held) {
		status = 304;
		const headers: Record<string, string> = { ...stored.headers, 'x-request-id': requestId };
		if (held !== '*') headers.etag = held;
		delete headers['content-type'];
		delete headers['content-length'];
		delete headers['content-encoding'];
		res.writeHead(304, headers);
		res.end();
	} else {
		res.writeHead(200, { ...stored.headers, 'x-request-id': requestId });
		res.end(stored.body);
	}
	const seconds = (performance.now() - startedAt) / 1000;
	recordResponseCacheAnswer(status);
	recordHttpRequest('GET', stored.route, status, seconds);
	log.debug('request', { method: 'GET', route: stored.route, status, durationMs: Math.round(seconds * 10_000) / 10, requestId });
	return true;
}

const FRONT = Symbol.for('hoclieu.front');

/**
 * Hands `answerFromMemory` to the server entry, which lives outside the
 * bundle (build/front.js) and so cannot import it: called once from the init
 * hook of each serving process.
 */
export function registerFront(): void {
	(globalThis as typeof globalThis & { [FRONT]?: typeof answerFromMemory })[FRONT] = answerFromMemory;
}
