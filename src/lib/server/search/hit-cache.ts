/**
 * Search hits reused across requests (ADR 004). A search spends 3–10 queries
 * and 10–30 ms of database work choosing and ordering its hits; the same
 * query, filters and cursor choose the same hits until the catalog changes.
 *
 * An entry holds only what the expensive part chose (ids and keyset keys):
 * the page itself is always read fresh, so prices, sale flags and flash-sale
 * stock shown are never stale. An entry is served only while the database's
 * `catalog_version` (moved on by triggers on every change a search can see)
 * is the one it was made under (known in memory from the catalog's
 * LISTEN/NOTIFY, ADR 011 and 012, or else asked of the database), and for at most SEARCH_CACHE_SECONDS on the
 * service clock, which bounds what time alone changes (a sale starting) and
 * what the triggers leave out on purpose (popularity, flash-sale stock).
 * Each instance keeps its own; reading the version keeps them all correct.
 */
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { beginCatalogRead } from '../catalog/memory-cache';
import { queryPreparedRows } from '../db/rows';
import { nowMs } from '../platform/clock';

interface Entry {
	version: string;
	expiresAt: number;
	value: unknown;
}

/** Map order is recency order: a hit moves its entry to the end, eviction takes the front. */
const entries = new Map<string, Entry>();

/**
 * The catalog's current version, or null when caching is off (no query then).
 * `mem:N` is the in-process version ../catalog/memory-cache.ts moves on every
 * catalog notification (no round trip; it also waits for this process's own
 * writes to be checked); `db:…` is read from the database while there is no
 * LISTEN connection (or the catalog cache is off).
 */
export async function catalogVersion(): Promise<string | null> {
	if (config().searchCache.ttlMs === 0) return null;
	const inMemory = await beginCatalogRead();
	if (inMemory !== null) return `mem:${inMemory}`;
	const [row] = await queryPreparedRows<{ last_value: string; is_called: boolean }>(
		sql`SELECT last_value::text AS last_value, is_called FROM catalog_version`
	);
	return `db:${row!.last_value}:${row!.is_called}`;
}

export function cachedHits<T>(key: string, version: string | null): T | undefined {
	if (version === null) return undefined;
	const entry = entries.get(key);
	if (!entry) return undefined;
	entries.delete(key);
	if (entry.version !== version || entry.expiresAt <= nowMs()) return undefined;
	entries.set(key, entry);
	return entry.value as T;
}

export function rememberHits(key: string, version: string | null, value: unknown): void {
	if (version === null) return;
	const { ttlMs, maxEntries } = config().searchCache;
	entries.delete(key);
	entries.set(key, { version, expiresAt: nowMs() + ttlMs, value });
	while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
}
