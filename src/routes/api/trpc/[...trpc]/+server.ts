import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { RequestHandler } from './$types';
import { log } from '$lib/server/platform/logger';
import { methodNotAllowedResponse } from '$lib/server/rest/envelope';
import { appRouter } from '$lib/server/trpc/app-router';
import { createContext, type Context } from '$lib/server/policies/context';
import { wrongMethodAllow } from '$lib/server/trpc/method-check';

const handler: RequestHandler = async (event) => {
	const allow = wrongMethodAllow(event.request.method, event.url.pathname);
	if (allow) {
		log.warn('trpc called with the wrong method', { method: event.request.method, path: event.url.pathname, allow });
		return methodNotAllowedResponse(event.request.method, [allow], event.locals.requestId);
	}
	let ctx: Context | undefined;
	const response = await fetchRequestHandler({
		endpoint: '/api/trpc',
		req: event.request,
		router: appRouter,
		createContext: () => (ctx = createContext(event))
	});
	// Headers procedures wrote (RateLimit-*, Retry-After …) reach the browser too.
	const headers = new Headers(response.headers);
	for (const [k, v] of ctx?.responseHeaders ?? []) headers.set(k, v);
	return new Response(response.body, { status: response.status, headers });
};

export const GET = handler;
export const POST = handler;
