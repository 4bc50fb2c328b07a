/** What /openapi.json says about the routes of ./reports.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

export const docs = {
	file: {
		summary: 'Report a product',
		description:
			'Files a takedown notice (`copyright`: the rights holder, naming the original and stating in good faith that they hold the rights, `sworn: true`), a theft report (`theft`: copied from another author, naming the original), a content problem (`content`) or anything else (`other`) about a product on sale. Works signed in or not. Staff review every report; a product may be taken off sale while they do. Limited per account (or per IP address when signed out) and per IP address, per hour (`REPORT_RATE_LIMIT`, `REPORT_RATE_LIMIT_IP`).',
		tags: ['Reports'],
		errors: { 400: ['validation_error'], 404: ['not_found'], 429: ['rate_limited'] },
		example: { id: '8d3e6c1a-0000-4000-8000-000000000000', status: 'open', createdAt: '2026-11-20T03:12:45.000Z' }
	}
} satisfies RouterDocs;
