import type { Handle, HandleServerError, RequestEvent, ServerInit } from '@sveltejs/kit';
import { dev } from '$app/environment';
import { registerAuthCleanup } from '$lib/server/auth/cleanup';
import { primePasswordHashing } from '$lib/server/auth/password';
import type { ErrorCode } from '$lib/server/errors/app-error';
import { classifyError } from '$lib/server/errors/classify';
import { codeResponse } from '$lib/server/rest/envelope';
import { clientIp } from '$lib/server/platform/client-ip';
import { applyCorsHeaders, isCorsReadable, isPreflight, preflightResponse } from '$lib/server/http/cors';
import { finishServed } from '$lib/server/http/finish-served';
import { inFlight } from '$lib/server/http/in-flight';
import { pathDecodes } from '$lib/server/http/path-decodes';
import { registerFront } from '$lib/server/http/front';
import { requestIdFor } from '$lib/server/http/response-cache';
import { crossOriginRefusal, noteAnswered, sessionOrAnonymous } from '$lib/server/http/write-side';
import { withRequestContext } from '$lib/server/platform/logger';
import { setupCheckout } from '$lib/server/checkout/setup';
import { setupEvents } from '$lib/server/events/setup';
import { setupNotifications } from '$lib/server/notifications/setup';
import { setupPayments } from '$lib/server/payments/setup';
import { setupPreviews } from '$lib/server/previews/setup';
import { setupSearch } from '$lib/server/search/setup';
import { config } from '$lib/server/config';
import { shouldSupervise, superviseWorkers } from '$lib/server/platform/cluster';
import { isWorkerProcess } from '$lib/server/platform/process-role';
import { profileOnSignal } from '$lib/server/platform/cpu-profile';
import { configOrExit, startServer, startWorker } from '$lib/server/startup';
import { preparingResponse } from '$lib/server/startup-gate';
import { setupTopups } from '$lib/server/topup/setup';
import { setupUploads } from '$lib/server/uploads/setup';

export const init: ServerInit = async () => {
	configOrExit();
	// `node build/worker.js` (README "Worker processes"): the same set-up, then jobs and previews without HTTP.
	const worker = isWorkerProcess();
	// WEB_CONCURRENCY > 1: this process only supervises the workers, which run everything below.
	const workers = config().webConcurrency;
	if (!dev && !worker && shouldSupervise(workers)) return superviseWorkers(workers, config().workerHeapMb);
	registerAuthCleanup();
	setupPayments();
	setupTopups();
	setupCheckout();
	setupNotifications();
	setupEvents();
	setupUploads();
	setupPreviews();
	if (worker) return startWorker();
	profileOnSignal(config().cpuProfileDir);
	setupSearch();
	// The built server's entry answers public reads before SvelteKit (ADR 014, ADR 018 part 2).
	if (!dev) registerFront();
	// Not awaited: the port opens at once and answers 503 until the database is prepared (startup-gate.ts).
	startServer();
	// The dummy hash makes unknown-email sign-ins cost what real ones do, from the first request on.
	await primePasswordHashing();
};

function apiError(requestId: string, code: ErrorCode, message: string): Response {
	return codeResponse(code, message, requestId, { 'x-request-id': requestId });
}

async function answer(event: RequestEvent, resolve: Parameters<Handle>[0]['resolve']): Promise<Response> {
	// Signed file links (/files) are handed out by the API, so their errors use its envelope too.
	const api = event.url.pathname.startsWith('/api/') || event.url.pathname.startsWith('/files/');
	const refused = crossOriginRefusal(event.request, event.locals.requestId);
	if (refused) return refused;
	// API clients get the contract's envelope, never SvelteKit's HTML error page.
	if (api && !pathDecodes(event.url.pathname)) {
		return apiError(event.locals.requestId, 'validation_error', 'Đường dẫn chứa ký tự mã hoá sai.');
	}
	// Anonymous reads are open to other sites (src/lib/server/http/cors.ts); a preflight to them ends here.
	const corsReadable = event.route.id !== null && isCorsReadable(event.url.pathname);
	if (corsReadable && isPreflight(event.request)) return preflightResponse(event.locals.requestId);
	if (api && event.route.id === null) {
		return apiError(event.locals.requestId, 'not_found', 'Không có API nào ở đường dẫn này.');
	}
	// The front (src/lib/server/http/front.ts) answers signed-in API requests with the same three steps (src/lib/server/http/write-side.ts).
	event.locals.session = await sessionOrAnonymous(event.cookies);
	const response = await resolve(event);
	noteAnswered(event.request.method);
	response.headers.set('x-request-id', event.locals.requestId);
	if (corsReadable && (event.request.method === 'GET' || event.request.method === 'HEAD')) applyCorsHeaders(response.headers);
	return response;
}

// Counted while it runs, so a shutdown waits for it even when its client has gone (src/lib/server/http/in-flight.ts).
export const handle: Handle = ({ event, resolve }) => inFlight(() => serve(event, resolve));

async function serve(event: RequestEvent, resolve: Parameters<Handle>[0]['resolve']): Promise<Response> {
	const startedAt = performance.now();
	event.locals.requestId = requestIdFor(event.request.headers.get('x-request-id'));
	event.locals.clientIp = clientIp(event.request.headers.get('x-forwarded-for'), () => event.getClientAddress());
	// Every log line written while serving this request carries its id.
	return withRequestContext({ requestId: event.locals.requestId }, async () => {
		// Until the first start has prepared the database, everything but the health probe answers 503.
		const response = preparingResponse(event.url.pathname, event.locals.requestId) ?? (await answer(event, resolve));
		// The body drained, security headers, compression, metrics, the access log, the response cache (src/lib/server/http/finish-served.ts).
		return finishServed(event, response, startedAt);
	});
}

export const handleError: HandleServerError = ({ error, status }) => {
	// A page route that does not exist is not an unexpected failure: no error log, no "internal".
	if (status === 404) return { message: 'Không tìm thấy trang bạn cần. Có thể đường dẫn đã thay đổi hoặc không đúng.', code: 'not_found' };
	const c = classifyError(error);
	return { message: c.message, code: c.code };
};
