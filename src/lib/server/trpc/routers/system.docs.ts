/** What /openapi.json says about the routes of ./system.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { z } from 'zod';

export const docs = {
	health: {
		summary: 'Health probe',
		description:
			'Liveness and readiness of the app, its database, cache, file storage and background workers. 200 `{ "status": "ok" }`, or 503 `{ "status": "degraded" }` when a dependency is unhealthy. The public body carries only the aggregate `status`; per-check detail is for internal and development traffic. Never cached.',
		tags: ['System'],
		responseHeaders: { 'Cache-Control': '`no-store`' },
		otherResponses: {
			503: { description: 'A dependency is unhealthy', schema: z.object({ status: z.literal('degraded') }).loose(), headers: { 'Cache-Control': '`no-store`' } }
		},
		errors: {},
		example: { status: 'ok' }
	}
} satisfies RouterDocs;
