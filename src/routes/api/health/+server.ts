import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { checkHealth } from '$lib/server/health/health';
import { safeEqual } from '$lib/server/platform/signing';

/** Per-check detail only for development or callers holding the internal health token. */
function wantsDetail(request: Request): boolean {
	const cfg = config();
	if (cfg.isDevelopment) return true;
	const token = request.headers.get('x-health-token');
	return Boolean(cfg.healthToken && token && safeEqual(token, cfg.healthToken));
}

export const GET: RequestHandler = async ({ request }) => {
	const report = await checkHealth();
	const body = wantsDetail(request) ? report : { status: report.status };
	return json(body, {
		status: report.status === 'ok' ? 200 : 503,
		headers: { 'cache-control': 'no-store' }
	});
};
