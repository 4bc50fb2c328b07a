/**
 * What every response gets on its way out (issue 14, items 3 and 7): the
 * security headers, compression where it pays, one metrics sample and one
 * access-log line. Called once per answer, by ./finish-served.ts.
 */
import type { ServeEvent } from './serve-event';
import { config } from '../config';
import { log, writeQueuedLogLines } from '../platform/logger';
import { recordHttpRequest } from '../platform/metrics';
import { compressResponse } from './compression';
import { routeLabel } from './route-label';
import { storage } from '../platform/storage';
import { applySecurityHeaders } from './security-headers';

export async function finishResponse(event: ServeEvent, response: Response, startedAt: number): Promise<Response> {
	applySecurityHeaders(response.headers, { production: config().isProduction, uploadOrigin: storage().uploadOrigin });
	const out = await compressResponse(event.request, event.url.pathname, response);
	const seconds = (performance.now() - startedAt) / 1000;
	// A route id or path template (`/san-pham/[...fullPath]`), never the raw path, keeps label and log cardinality bounded.
	const route = routeLabel(event);
	recordHttpRequest(event.request.method, route, out.status, seconds);
	// Server errors at info (they need attention); everything else at debug, where a reverse proxy's access log usually lives.
	const fields = {
		method: event.request.method,
		route,
		status: out.status,
		durationMs: Math.round(seconds * 10_000) / 10,
		requestId: event.locals.requestId
	};
	if (out.status >= 500) log.info('request', fields);
	else log.debug('request', fields);
	writeQueuedLogLines();
	return out;
}
