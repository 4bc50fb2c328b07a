import { SearchInput, SearchResult } from '../../../contracts/catalog';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { searchProducts } from '../../search/search';
import { route, router } from '../init';
import { docs } from './search.docs';

/** docs/api.md#limits; browsing, so a store outage falls back to the in-process limiter. */
function searchPolicy(): RateLimitPolicy {
	return { name: 'search', ...config().rateLimit.search, onStoreFailure: 'open' };
}

export const searchRouter = router({
	search: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/search',
			envelope: 'list',
			auth: 'none',
			// Before input parsing, so malformed requests count and carry the headers too.
			rateLimit: { requests: [{ policy: searchPolicy, key: 'client-ip' }] },
			...docs.search
		}
	})
		.input(SearchInput)
		.output(SearchResult)
		.query(({ input, ctx }) => searchProducts(input, (reuse) => (ctx.response.reuse = reuse)))
});
