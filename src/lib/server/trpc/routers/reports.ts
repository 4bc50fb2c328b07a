/**
 * Reporting a product (takedown notices, theft, content): POST /api/v1/reports,
 * signed in or not. Wiring only: the rules are in reports/reports.ts.
 */
import { FiledReport, FileReportInput } from '../../../contracts/reports';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { fileReport } from '../../reports/reports';
import { route, router } from '../init';

const HOUR_MS = 3_600_000;

// A report costs staff time, so a reporter files a few an hour; the per-IP budget is larger, for a school behind one NAT.
const reporterPolicy = (): RateLimitPolicy => ({ name: 'reports', limit: config().reportRateLimit, windowMs: HOUR_MS, onStoreFailure: 'open' });
const ipPolicy = (): RateLimitPolicy => ({ name: 'reports-ip', limit: config().reportRateLimitIp, windowMs: HOUR_MS, onStoreFailure: 'open' });

export const reportsRouter = router({
	file: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/reports',
			summary: 'Report a product',
			description:
				'Files a takedown notice (`copyright`: the rights holder, naming the original and stating in good faith that they hold the rights, `sworn: true`), a theft report (`theft`: copied from another author, naming the original), a content problem (`content`) or anything else (`other`) about a product on sale. Works signed in or not. Staff review every report; a product may be taken off sale while they do. Limited per account (or per IP address when signed out) and per IP address, per hour (`REPORT_RATE_LIMIT`, `REPORT_RATE_LIMIT_IP`).',
			tags: ['Reports'],
			envelope: 'object',
			auth: 'optional-session',
			rateLimit: {
				requests: [
					{ policy: reporterPolicy, key: 'user-or-ip' },
					{ policy: ipPolicy, key: 'ip' }
				]
			},
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 429: ['rate_limited'] },
			example: { id: '8d3e6c1a-0000-4000-8000-000000000000', status: 'open', createdAt: '2026-11-20T03:12:45.000Z' }
		}
	})
		.input(FileReportInput)
		.output(FiledReport)
		.mutation(({ ctx, input }) => fileReport({ userId: ctx.session?.user.id ?? null }, input))
});
