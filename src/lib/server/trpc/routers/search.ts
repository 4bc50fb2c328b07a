import { SearchInput, SearchResult } from '../../../contracts/catalog';
import { catalogExamples } from '../../catalog/examples';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { searchProducts } from '../../search/search';
import { route, router } from '../init';

/** docs/api.md#limits; browsing, so a store outage falls back to the in-process limiter. */
function searchPolicy(): RateLimitPolicy {
	return { name: 'search', ...config().rateLimit.search, onStoreFailure: 'open' };
}

export const searchRouter = router({
	search: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/search',
			summary: 'Tìm kiếm học liệu',
			description:
				'Full-text search over titles, tags and descriptions, with or without Vietnamese diacritics ("giao an toan" finds "Giáo án Toán"; "dao duc" finds "Đạo đức"). The last word matches as a prefix for search-as-you-type. Without `sort`, results are ordered by relevance (title matches first). When nothing matches, a typo-tolerant fallback compares titles by trigram similarity. Limited to 30 requests per minute per client IP; every response carries RateLimit-* headers.',
			tags: ['Search'],
			envelope: 'list',
			auth: 'none',
			// Before input parsing, so malformed requests count and carry the headers too.
			rateLimit: { requests: [{ policy: searchPolicy, key: 'client-ip' }] },
			errors: { 400: ['validation_error'], 429: ['rate_limited'], 500: ['internal'] },
			example: catalogExamples.search
		}
	})
		.input(SearchInput)
		.output(SearchResult)
		.query(({ input, ctx }) => searchProducts(input, (reuse) => (ctx.response.reuse = reuse)))
});
