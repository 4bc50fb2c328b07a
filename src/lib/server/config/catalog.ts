/** How catalog and search answers are cached and chosen, and the wishlist's size. */
import { z } from 'zod';
import { bool, positiveInt, setting, type EnvOf } from './kit';

export const catalogVariables = {
	SEARCH_CACHE_SECONDS: setting(
		z.coerce.number().int().min(0).max(3600).default(30),
		"how long a search's chosen hits are reused while the catalog is unchanged (ADR 004); its page is read fresh, or, for an anonymous repeat, replayed whole (rate limit still spent) until a price or flash-sale stock on it moves (ADR 015); `0` turns it off"
	),
	SEARCH_CACHE_ENTRIES: setting(positiveInt.max(100_000).default(2_000), 'most searches kept per process'),
	SEARCH_INDEX: setting(
		bool.default(true),
		'unfiltered searches choose their hits from posting lists in memory (ADR 018), built in the background when the server starts (each worker its own, about 5–7 s at 100 000 products) and for each new catalog version, and rebuilt when popularity moved (checked every `SEARCH_CACHE_SECONDS`); PostgreSQL chooses while one is built, for filtered searches and explicit sorts; `false` leaves every search to PostgreSQL'
	),
	CATALOG_CACHE_ENTRIES: setting(
		z.coerce.number().int().min(0).max(100_000).default(5_000),
		"product details, category trees and first listing pages kept in memory per process, dropped on every catalog change by LISTEN/NOTIFY (ADR 011), and as many whole anonymous answers to them and to repeated searches (kept from a request's second sighting on), replayed before SvelteKit by the built server (ADR 014, 015; an answer showing flash-sale stock is dropped when that product's stock moves); `0` turns both off"
	),
	RESPONSE_CACHE_MB: setting(
		positiveInt.max(4_096).default(32),
		'at most this many MiB of those whole stored answers per process (a search page is about ten times a product detail); the least recently used go first (ADR 015)'
	),
	CATALOG_HTTP_MAX_AGE: setting(
		z.coerce.number().int().min(0).max(86_400).default(10),
		'`Cache-Control: public, max-age` of anonymous catalog answers (they also carry an `ETag` and answer 304)'
	),
	CATALOG_HTTP_STALE_WHILE_REVALIDATE: setting(z.coerce.number().int().min(0).max(86_400).default(60), 'their `stale-while-revalidate`'),
	WISHLIST_MAX_ITEMS: setting(positiveInt.max(1000).default(200), 'most products one account may save as "Yêu thích"')
};

export function catalogSettings(env: EnvOf<typeof catalogVariables>) {
	return {
		searchCache: { ttlMs: env.SEARCH_CACHE_SECONDS * 1000, maxEntries: env.SEARCH_CACHE_ENTRIES },
		searchIndex: env.SEARCH_INDEX,
		/** In-process catalog cache (catalog/memory-cache.ts) and HTTP caching of anonymous catalog reads. */
		catalogCache: {
			maxEntries: env.CATALOG_CACHE_ENTRIES,
			responseBytes: env.RESPONSE_CACHE_MB * 1024 * 1024,
			httpMaxAgeSeconds: env.CATALOG_HTTP_MAX_AGE,
			httpStaleWhileRevalidateSeconds: env.CATALOG_HTTP_STALE_WHILE_REVALIDATE
		},
		/** Most products one account may save as "Yêu thích". */
		wishlistMaxItems: env.WISHLIST_MAX_ITEMS
	};
}
