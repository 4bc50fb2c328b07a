import { z } from 'zod';
import { config } from '../../config';
import { checkHealth } from '../../health/health';
import { now } from '../../platform/clock';
import { safeEqual } from '../../platform/signing';
import { publicProcedure, route, router } from '../init';

const HealthStatus = z.enum(['ok', 'degraded']);

/** Per-check detail only for development or callers holding the internal health token. */
function wantsDetail(request: Request): boolean {
	const cfg = config();
	if (cfg.isDevelopment) return true;
	const token = request.headers.get('x-health-token');
	return Boolean(cfg.healthToken && token && safeEqual(token, cfg.healthToken));
}

export const systemRouter = router({
	/** Used by the storefront shell; proves the browser talks to tRPC directly. */
	ping: publicProcedure
		.output(z.object({ service: z.literal('hoclieu'), time: z.string() }))
		.query(() => ({ service: 'hoclieu' as const, time: now().toISOString() })),

	/** GET /api/health: the liveness/readiness probe, outside the /api/v1 prefix (docs/api.md#versioning). */
	health: route({
		openapi: {
			method: 'GET',
			path: '/api/health',
			summary: 'Health probe',
			description:
				'Liveness and readiness of the app, its database, cache, file storage and background workers. 200 `{ "status": "ok" }`, or 503 `{ "status": "degraded" }` when a dependency is unhealthy. The public body carries only the aggregate `status`; per-check detail is for internal and development traffic. Never cached.',
			tags: ['System'],
			envelope: 'raw',
			auth: 'none',
			responseHeaders: { 'Cache-Control': '`no-store`' },
			otherResponses: {
				503: { description: 'A dependency is unhealthy', schema: z.object({ status: z.literal('degraded') }).loose(), headers: { 'Cache-Control': '`no-store`' } }
			},
			errors: {},
			example: { status: 'ok' }
		}
	})
		.input(z.object({}))
		.output(z.object({ status: HealthStatus }).loose())
		.query(async ({ ctx }) => {
			const report = await checkHealth();
			ctx.responseHeaders.set('cache-control', 'no-store');
			if (report.status !== 'ok') ctx.response.status = 503;
			return wantsDetail(ctx.request) ? { ...report } : { status: report.status };
		})
});
