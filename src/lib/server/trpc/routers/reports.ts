/**
 * Reporting a product (takedown notices, theft, content): POST /api/v1/reports,
 * signed in or not. Wiring only: the rules are in reports/reports.ts.
 */
import { FiledReport, FileReportInput } from '../../../contracts/reports';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { fileReport } from '../../reports/reports';
import { route, router } from '../init';
import { docs } from './reports.docs';

const HOUR_MS = 3_600_000;

// A report costs staff time, so a reporter files a few an hour; the per-IP budget is larger, for a school behind one NAT.
const reporterPolicy = (): RateLimitPolicy => ({ name: 'reports', limit: config().reportRateLimit, windowMs: HOUR_MS, onStoreFailure: 'open' });
const ipPolicy = (): RateLimitPolicy => ({ name: 'reports-ip', limit: config().reportRateLimitIp, windowMs: HOUR_MS, onStoreFailure: 'open' });

export const reportsRouter = router({
	file: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/reports',
			envelope: 'object',
			auth: 'optional-session',
			rateLimit: {
				requests: [
					{ policy: reporterPolicy, key: 'user-or-ip' },
					{ policy: ipPolicy, key: 'ip' }
				]
			},
			sameOrigin: true,
			...docs.file
		}
	})
		.input(FileReportInput)
		.output(FiledReport)
		.mutation(({ ctx, input }) => fileReport({ userId: ctx.session?.user.id ?? null }, input))
});
