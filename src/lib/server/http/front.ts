/**
 * The server entry's first stop (build/front.js, written by
 * ../../../../build-tools/adapter-with-front.js; ADR 014, ADR 018 part 2): an
 * anonymous public read — a catalog read or a search, as the response cache
 * defines it — is answered here, before SvelteKit, from a stored answer when
 * there is one (./response-cache.ts) and otherwise computed here by the same
 * REST facade, finishing and caching the hooks use. Only SvelteKit's own
 * request handling is left out: building its `Request` and event, routing,
 * and the hooks' session lookup, which such a request cannot need (it carries
 * no session cookie). That handling cost a cold search more CPU than choosing
 * its hits (docs/performance.md).
 *
 * Anything else, and anything this does not recognise as a public read of a
 * documented operation (unknown paths, methods, undecodable paths, the
 * database still being prepared), goes on to SvelteKit untouched, which
 * answers it as before.
 */
import type { Cookies } from '@sveltejs/kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../config';
import { nodeRequestClientIp } from '../platform/client-ip';
import { log, withRequestContext } from '../platform/logger';
import { recordComputedInFront } from '../platform/metrics';
import { handleRest, routeTable } from '../rest/facade';
import { matchRoute } from '../rest/route-table';
import { startupState } from '../startup-state';
import { applyCorsHeaders, isPublicRead } from './cors';
import { finishResponse } from './finish-response';
import { frontComputes } from './front-switch';
import { inFlight } from './in-flight';
import { pathDecodes } from './path-decodes';
import { answerFromMemory, isAnonymousRead, rememberAnswer, requestIdFor } from './response-cache';
import type { ServeEvent } from './serve-event';

/** SvelteKit's id of the route that serves the REST facade (src/routes/api/[...rest]), for metrics' fallback label. */
const FACADE_ROUTE_ID = '/api/[...rest]';

/** Answered here (true, or a promise of it) or left to SvelteKit (false). */
export function front(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
	if (!isAnonymousRead(req)) return false;
	const replayed = answerFromMemory(req, res);
	// A stored answer whose rate limit refused this client: SvelteKit answers the 429.
	if (replayed !== false) return replayed;
	if (!frontComputes() || startupState().preparing) return false;
	return inFlight(() => computeInFront(req, res)).catch((error: unknown) => {
		// The facade answers every failure of the operation itself; this is a failure around it. SvelteKit
		// answers instead, unless the answer was already on its way.
		log.error('answering a public read before SvelteKit failed', { error });
		if (!res.headersSent) return false;
		res.destroy();
		return true;
	});
}

async function computeInFront(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
	const startedAt = performance.now();
	const url = new URL(req.url!, config().origin);
	// SvelteKit's hooks answer the 400.
	if (!pathDecodes(url.pathname)) return false;
	const match = matchRoute(routeTable(), 'GET', url.pathname);
	if (match.kind !== 'found' || !isPublicRead(match.route.meta)) return false;

	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (typeof value === 'string') headers.set(name, value);
		else if (value) for (const v of value) headers.append(name, v);
	}
	const requestId = requestIdFor(headers.get('x-request-id'));
	const event: ServeEvent = {
		request: new Request(url, { headers }),
		url,
		locals: { requestId, clientIp: nodeRequestClientIp(req), session: null },
		cookies: readOnlyCookies(headers.get('cookie')),
		route: { id: FACADE_ROUTE_ID }
	};
	await withRequestContext({ requestId }, async () => {
		const response = await handleRest(event);
		// As hooks.server.ts does for every answer, and for public reads (all of these) the CORS headers.
		response.headers.set('x-request-id', requestId);
		applyCorsHeaders(response.headers);
		await write(res, await rememberAnswer(event, await finishResponse(event, response, startedAt)));
	});
	recordComputedInFront();
	return true;
}

async function write(res: ServerResponse, response: Response): Promise<void> {
	const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
	const headers: Record<string, string> = Object.fromEntries(response.headers);
	if (body) headers['content-length'] = String(body.byteLength);
	res.writeHead(response.status, headers);
	res.end(body);
}

/** The request's cookies, for reading: a public read never sets one (the response cache would not keep it). */
function readOnlyCookies(header: string | null): Cookies {
	const all = (header ?? '').split(';').flatMap((pair) => {
		const at = pair.indexOf('=');
		if (at < 0) return [];
		const value = pair.slice(at + 1).trim();
		try {
			return [{ name: pair.slice(0, at).trim(), value: decodeURIComponent(value) }];
		} catch {
			return [{ name: pair.slice(0, at).trim(), value }];
		}
	});
	const refuse = (): never => {
		throw new Error('a public read answered before SvelteKit cannot set cookies');
	};
	return { get: (name) => all.find((c) => c.name === name)?.value, getAll: () => all, set: refuse, delete: refuse, serialize: refuse };
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
