/**
 * The REST facade (docs/architecture.md#rest-facade and #one-route-builder): one handler serves every documented
 * path (/api/v1, /api/auth, /api/health) by calling the same tRPC procedures the storefront uses, and
 * turns results and errors into the contract's envelopes.
 */
import { callTRPCProcedure } from '@trpc/server';
import { config } from '../config';
import { AppError } from '../errors/app-error';
import { classifyError } from '../errors/classify';
import { appRouter } from '../trpc/app-router';
import { createContext, type Context } from '../policies/context';
import { coerceParams } from './coerce';
import { cacheableAnswer } from './conditional-get';
import { deprecationHeaders } from './deprecation';
import { readJsonBody } from './body';
import { assertStorableText } from './storable-text';
import { errorResponse, json, jsonHeaders, methodNotAllowedResponse, successBody, withHeaders } from './envelope';
import { buildRouteTable, matchRoute, type Route } from './route-table';
import { setRouteLabel } from '../http/route-label';
import type { ServeEvent } from '../http/serve-event';

let table: Route[] | undefined;
export function routeTable(): Route[] {
	// Test-only routes exist in the router but are served only with TEST_HOOKS on.
	table ??= buildRouteTable(appRouter).filter((r) => !r.meta.internal || config().testHooks);
	return table;
}

async function buildInput(route: Route, event: ServeEvent, params: Record<string, string>): Promise<unknown> {
	const pathParams = coerceParams(route.input, new Map(Object.entries(params)));
	assertStorableText(pathParams);
	if (route.method === 'GET') {
		if (!route.input) return undefined;
		const query = coerceParams(route.input, event.url.searchParams);
		assertStorableText(query);
		return { ...query, ...pathParams };
	}
	// A mutation without input (sign-out) ignores its body, whatever it is; hooks.server.ts drains it.
	if (!route.input) return undefined;
	const body = await readJsonBody(event.request);
	if (body === undefined) return Object.keys(pathParams).length ? pathParams : {};
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw new AppError('validation_error', 'Nội dung gửi lên phải là một đối tượng JSON.');
	}
	return { ...body, ...pathParams };
}

/** The procedure itself, as tRPC's own handlers call it: no caller proxy is built per request. */
function call(ctx: Context, route: Route, input: unknown): Promise<unknown> {
	return withDeadline(
		callTRPCProcedure({ router: appRouter, path: route.procedurePath, type: route.type, ctx, getRawInput: async () => input, signal: undefined, batchIndex: 0 })
	);
}

/**
 * Answers 503 when a call outlives the deadline (e.g. a black-holed database
 * connection) instead of holding the client. Transactions stay atomic: the
 * work either commits or rolls back on its own; retries use Idempotency-Key.
 */
async function withDeadline<T>(work: Promise<T>): Promise<T> {
	const ms = config().requestTimeoutMs;
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(
			() => reject(new AppError('service_unavailable', 'Hệ thống phản hồi quá chậm, vui lòng thử lại sau ít phút.')),
			ms
		);
	});
	work.catch(() => {}); // a late failure after the deadline must not become an unhandled rejection
	try {
		return await Promise.race([work, deadline]);
	} finally {
		clearTimeout(timer);
	}
}

function redirect(route: Route, location: string, ctx: Context): Response {
	const headers = { ...route.meta.redirectHeaders, Location: location };
	return withHeaders(new Response(null, { status: route.meta.redirectStatus ?? 308, headers }), ctx.responseHeaders);
}

export async function handleRest(event: ServeEvent): Promise<Response> {
	const requestId = event.locals.requestId;
	const match = matchRoute(routeTable(), event.request.method, event.url.pathname);
	if (match.kind === 'not-found') {
		return errorResponse(new AppError('not_found', 'Không có API nào ở đường dẫn này.'), requestId);
	}
	if (match.kind === 'method-not-allowed') {
		return methodNotAllowedResponse(event.request.method, [...match.allow, ...(match.allow.includes('GET') ? ['HEAD'] : [])], requestId);
	}

	const { route, params } = match;
	setRouteLabel(event, route.meta.path);
	const ctx = createContext(event);
	if (route.meta.deprecated) {
		for (const [k, v] of Object.entries(deprecationHeaders(route.meta.deprecated, config().origin))) {
			ctx.responseHeaders.set(k, v);
		}
	}
	try {
		const input = await buildInput(route, event, params);
		const result = await call(ctx, route, input);
		// A stream is its own answer: never enveloped, cached or replayed.
		if (route.meta.envelope === 'stream') return withHeaders(result as Response, ctx.responseHeaders);
		const location = route.meta.redirects?.(result);
		if (location !== undefined) return redirect(route, location, ctx);
		const status = ctx.response.status ?? 200;
		if (status === 200 && event.request.method === 'GET') {
			// May be replayed whole before SvelteKit (../http/response-cache.ts), with the route's limits applied again.
			event.locals.reuse = ctx.response.reuse;
			event.locals.reuseLimits = ctx.response.limits;
		}
		if (!route.meta.httpCache || status !== 200 || (event.request.method !== 'GET' && event.request.method !== 'HEAD')) {
			return withHeaders(json(successBody(route.meta.envelope, result, requestId), status), ctx.responseHeaders);
		}
		// A cacheable answer is the same bytes for the same data (its ETag says so): the request id stays in X-Request-Id.
		return cacheableAnswer(event, JSON.stringify(successBody(route.meta.envelope, result, undefined)), jsonHeaders(ctx.responseHeaders));
	} catch (error) {
		const toPage = route.meta.browserErrorRedirect;
		if (toPage && (event.request.headers.get('accept') ?? '').includes('text/html')) return redirect(route, toPage(classifyError(error)), ctx);
		return errorResponse(error, requestId, route.meta.errorShape, ctx.responseHeaders);
	}
}
