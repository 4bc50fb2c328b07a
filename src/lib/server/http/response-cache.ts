/**
 * Whole anonymous catalog answers, served before SvelteKit (issue 15, item 4;
 * docs/decisions/014-response-cache-before-sveltekit.md).
 *
 * SvelteKit spends more CPU building a request's `Request`, event and
 * `Response` than the catalog read itself costs once it comes from memory
 * (ADR 011). So an anonymous `GET` of a cacheable catalog route goes the whole
 * way (hooks, facade, procedure, envelope, ETag, security headers, compression)
 * and, when the same request was seen before (`seenBefore`), `rememberAnswer`
 * keeps the finished answer's bytes and headers; later identical requests get
 * those bytes from `answerFromMemory`, which the server entry calls before
 * SvelteKit (through ./front.ts), with a fresh `X-Request-Id`, a 304 to a
 * matching `If-None-Match`, and the same metrics sample and access-log line.
 *
 * An answer is kept only when it is exactly what the full path would answer
 * again: the procedure reports how long it stays exact (its `Reuse`: the
 * catalog version, the next price change, no ownership; for search, hits
 * remembered under that version), it is a 200 that is not private and sets
 * no cookie, and it is stored in `responseCache()`, which is invalidated
 * together with the catalog cache, dropped at the end of the window the data
 * was valid for (the next sale or flash-sale start or end), and, for an answer
 * showing flash-sale stock, dropped when that stock moves (NOTIFY per
 * product, ../catalog/memory-cache.ts). Requests that carry a session cookie, a body or a
 * `Range`, and every request while own writes await their version check,
 * always take the full path.
 *
 * A route's per-request rate limits (search, docs/api.md#limits) still apply to every
 * replay: its limits by client address are kept with the answer and spent
 * before it is written, with fresh RateLimit-* headers; a refusal goes on to
 * SvelteKit, which answers the 429. Routes whose budgets are not the
 * address's are never kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '../auth/session';
import { catalogReadSettled, flashStockUnmovedSince, responseCache } from '../catalog/memory-cache';
import { config } from '../config';
import { nodeRequestClientIp } from '../platform/client-ip';
import { applyRateLimits, type RateLimitCheck } from '../platform/ratelimit';
import { log } from '../platform/logger';
import { recordHttpRequest, recordResponseCacheAnswer } from '../platform/metrics';
import { unreadBytes } from '../rest/bytes-response';
import { heldTag } from '../rest/conditional-get';
import { negotiateEncoding } from './compression';
import { routeLabel } from './route-label';
import type { ServeEvent } from './serve-event';

/** The only paths whose answers are kept: the catalog reads and search (the routes whose procedures report a `Reuse`). */
const PATHS = ['/api/v1/catalog/', '/api/v1/search?'];
/** Headers that belong to one exchange, not to the answer. */
const PER_EXCHANGE = new Set([
	'x-request-id',
	'date',
	'connection',
	'keep-alive',
	'transfer-encoding',
	'content-length',
	'ratelimit-limit',
	'ratelimit-remaining',
	'ratelimit-reset',
	'retry-after'
]);
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/**
 * The keys of answers that could have been kept, seen once since the last reset: an answer
 * is kept only when its key was seen before (an admission filter, as TinyLFU's doorkeeper).
 * Most searches are asked once. Keeping each of them (~20 KB) turned the whole cache over
 * every few seconds under a stream of distinct searches, evicting the answers that are asked
 * again, and each one kept was work and memory for nothing (27 Nov, docs/performance.md: the
 * worker's peak RSS 25-35 MB lower under distinct searches with this filter).
 * Bounded: cleared when it holds four times the cache's entry bound.
 */
const seenOnce = new Set<string>();

function seenBefore(key: string): boolean {
	if (seenOnce.has(key)) return true;
	if (seenOnce.size >= 4 * config().catalogCache.maxEntries) seenOnce.clear();
	seenOnce.add(key);
	return false;
}

interface StoredAnswer {
	headers: Record<string, string>;
	body: Uint8Array;
	route: string;
	/** The route's rate limits (search), spent again by each client a replay answers. */
	limits?: (clientIp: string) => RateLimitCheck[];
}

/** The request id a request is served under: the caller's when well-formed, else a new one. */
export function requestIdFor(incoming: string | null | undefined): string {
	return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function hasSessionCookie(cookie: string | null | undefined): boolean {
	return cookie !== null && cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);
}

function keyOf(pathAndQuery: string, acceptEncoding: string | null | undefined): string {
	return `${negotiateEncoding(acceptEncoding ?? null) ?? 'identity'} ${pathAndQuery}`;
}

/**
 * ./finish-served.ts, with the finished response: keeps it when it may be served
 * again whole. The body is read in full first (these are small JSON answers),
 * so the very next request already finds it; the client gets the same bytes.
 */
export async function rememberAnswer(event: ServeEvent, response: Response): Promise<Response> {
	const { reuse, reuseLimits } = event.locals;
	const request = event.request;
	if (!reuse || reuseLimits === 'per-caller' || request.method !== 'GET' || response.status !== 200 || event.locals.session !== null) return response;
	if (hasSessionCookie(request.headers.get('cookie')) || request.headers.has('range')) return response;
	if ((response.headers.get('cache-control') ?? '').includes('private') || response.headers.has('set-cookie')) return response;
	if (response.headers.get('connection') === 'close') return response;
	// Development bodies carry the request id.
	if (config().isDevelopment) return response;
	// A flash sale's stock moved since the read began: what it shows may be from before.
	if (reuse.flash && !flashStockUnmovedSince(reuse.flash.epoch)) return response;
	const key = keyOf(event.url.pathname + event.url.search, request.headers.get('accept-encoding'));
	if (!seenBefore(key)) return response;
	const unread = unreadBytes(response);
	// A copy of unread bytes: they may be a view of a pooled slab (Buffer.from), which a stored view would keep whole.
	const body = unread ? new Uint8Array(unread) : new Uint8Array(await response.arrayBuffer());
	const headers: Record<string, string> = {};
	for (const [name, value] of response.headers) if (!PER_EXCHANGE.has(name)) headers[name] = value;
	headers['content-length'] = String(body.byteLength);
	const stored: StoredAnswer = { headers, body, route: routeLabel(event), limits: reuseLimits };
	// The body, and about 1 KiB for its headers and the entry.
	const bytes = body.byteLength + 1024;
	responseCache().set(key, reuse.version, stored, Number.NEGATIVE_INFINITY, reuse.validUntil, reuse.flash?.products, bytes);
	// Bytes still unread stay with their response; read ones need a response of their own.
	return unread ? response : new Response(body, { status: 200, headers: response.headers });
}

/**
 * A request whose answer may be kept: an anonymous `GET` of a catalog read or
 * a search, without a session cookie, a `Range` or a body.
 */
export function isAnonymousRead(req: IncomingMessage): boolean {
	const url = req.url;
	if (req.method !== 'GET' || url === undefined || !PATHS.some((p) => url.startsWith(p))) return false;
	const h = req.headers;
	if (hasSessionCookie(h.cookie) || h.range !== undefined || h['transfer-encoding'] !== undefined) return false;
	return h['content-length'] === undefined || h['content-length'] === '0';
}

/**
 * The server entry's first stop for an anonymous read (`isAnonymousRead`, checked by ./front.ts):
 * answers `req` from memory and returns true, or returns false and leaves `req` untouched.
 */
export function answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
	if (!catalogReadSettled()) return false;
	const startedAt = performance.now();
	const stored = responseCache().get<StoredAnswer>(keyOf(req.url!, req.headers['accept-encoding']));
	if (!stored) return false;
	const limits = stored.limits;
	if (!limits) {
		replay(req, res, stored, startedAt, {});
		return true;
	}
	return spendLimits(req, limits).then((headers) => {
		if (headers === null) return false;
		replay(req, res, stored, startedAt, headers);
		return true;
	});
}

/**
 * The route's limits spent for this client: their RateLimit-* headers, or
 * null when one refuses (or a closed policy's store is down). SvelteKit then
 * answers with the 429 (or 503) itself; a refused request is not counted, so
 * checking it there again changes no budget.
 */
async function spendLimits(req: IncomingMessage, limits: (clientIp: string) => RateLimitCheck[]): Promise<Record<string, string> | null> {
	const headers = new Headers();
	try {
		await applyRateLimits(headers, limits(nodeRequestClientIp(req)));
	} catch {
		return null;
	}
	return Object.fromEntries(headers);
}

function replay(req: IncomingMessage, res: ServerResponse, stored: StoredAnswer, startedAt: number, perExchange: Record<string, string>): void {
	const h = req.headers;
	const requestId = requestIdFor(h['x-request-id'] as string | undefined);
	const ifNoneMatch = h['if-none-match'];
	const etag = stored.headers.etag;
	const held = ifNoneMatch && etag ? heldTag(ifNoneMatch, etag) : undefined;
	let status = 200;
	if (held) {
		status = 304;
		const headers: Record<string, string> = { ...stored.headers, ...perExchange, 'x-request-id': requestId };
		if (held !== '*') headers.etag = held;
		delete headers['content-type'];
		delete headers['content-length'];
		delete headers['content-encoding'];
		res.writeHead(304, headers);
		res.end();
	} else {
		res.writeHead(200, { ...stored.headers, ...perExchange, 'x-request-id': requestId });
		res.end(stored.body);
	}
	const seconds = (performance.now() - startedAt) / 1000;
	recordResponseCacheAnswer(status);
	recordHttpRequest('GET', stored.route, status, seconds);
	log.debug('request', { method: 'GET', route: stored.route, status, durationMs: Math.round(seconds * 10_000) / 10, requestId });
}
