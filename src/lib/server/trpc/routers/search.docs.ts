/** What /openapi.json says about the routes of ./search.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { catalogExamples } from '../../catalog/examples';

export const docs = {
	search: {
		summary: 'Tìm kiếm học liệu',
		description:
			'Full-text search over titles, tags and descriptions, with or without Vietnamese diacritics ("giao an toan" finds "Giáo án Toán"; "dao duc" finds "Đạo đức"). The last word matches as a prefix for search-as-you-type. Without `sort`, results are ordered by relevance (title matches first). When nothing matches, a typo-tolerant fallback compares titles by trigram similarity. Limited to 30 requests per minute per client IP; every response carries RateLimit-* headers.',
		tags: ['Search'],
		errors: { 400: ['validation_error'], 429: ['rate_limited'], 500: ['internal'] },
		example: catalogExamples.search
	}
} satisfies RouterDocs;
