import { config } from '$lib/server/config';
import { renderMetrics } from '$lib/server/platform/metrics';
import { safeEqual } from '$lib/server/platform/signing';
import type { RequestHandler } from './$types';

/**
 * Prometheus scrape endpoint. Without METRICS_TOKEN it does not exist (404),
 * so metrics are never public by accident; with it, only `Authorization:
 * Bearer <METRICS_TOKEN>` gets them.
 */
export const GET: RequestHandler = async ({ request }) => {
	const token = config().metricsToken;
	if (!token) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
	const given = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
	if (!given || !safeEqual(given, token)) {
		return new Response('Unauthorized', {
			status: 401,
			headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }
		});
	}
	const { body, contentType } = await renderMetrics();
	return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
};
