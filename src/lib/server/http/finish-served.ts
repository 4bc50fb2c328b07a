/**
 * The last steps of every answer, whoever computed it (hooks.server.ts or
 * ./front.ts): the rest of the request body dropped (or the connection marked
 * to close), then ./finish-response.ts, then the response cache's chance to
 * keep it (./response-cache.ts).
 */
import { settleBody } from '../rest/body';
import { finishResponse } from './finish-response';
import { rememberAnswer } from './response-cache';
import type { ServeEvent } from './serve-event';

export async function finishServed(event: ServeEvent, response: Response, startedAt: number): Promise<Response> {
	// Whatever was not read (a refused request, a 413, a route that ignores its body) must not wedge the connection.
	if (!(await settleBody(event.request))) response.headers.set('connection', 'close');
	return rememberAnswer(event, await finishResponse(event, response, startedAt));
}
