import { z } from 'zod';
import { config } from '../../config';
import { checkHealth } from '../../health/health';
import { now } from '../../platform/clock';
import { safeEqual } from '../../platform/signing';
import { publicProcedure, route, router } from '../init';
import { docs } from './system.docs';

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
	health: route({ openapi: { method: 'GET', path: '/api/health', envelope: 'raw', auth: 'none', ...docs.health } })
		.input(z.object({}))
		.output(z.object({ status: HealthStatus }).loose())
		.query(async ({ ctx }) => {
			const report = await checkHealth();
			ctx.responseHeaders.set('cache-control', 'no-store');
			if (report.status !== 'ok') ctx.response.status = 503;
			return wantsDetail(ctx.request) ? { ...report } : { status: report.status };
		})
});
