/**
 * Search hits reused across requests (ADR 004). A search spends 3–10 queries
 * and 10–30 ms of database work choosing and ordering its hits; the same
 * query, filters and cursor choose the same hits until the catalog changes.
 *
 * An entry holds only what the expensive part chose (ids and keyset keys):
 * the page itself is read fresh, so prices, sale flags and flash-sale
 * stock shown are never stale (a whole answer replayed by the response cache
 * is dropped when any of them moves, and expires with its hits). An entry is served only while the database's
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
 * The catalog's version a search reads under, or null when caching is off
 * (no query then). `key` tells versions apart (hits and the vocabulary's
 * answers are kept under it); `memory` is the in-process version
 * ../catalog/memory-cache.ts moves on every catalog notification (no round
 * trip; it also waits for this process's own writes to be checked), under
 * which whole answers may be kept. While there is no LISTEN connection (or
 * the catalog cache is off) the version is read from the database and
 * `memory` is null.
 */
export interface CatalogVersion {
	key: string;
	memory: number | null;
}

export async function catalogVersion(): Promise<CatalogVersion | null> {
	if (config().searchCache.ttlMs === 0) return null;
	const inMemory = await beginCatalogRead();
	if (inMemory !== null) return { key: `mem:${inMemory}`, memory: inMemory };
	const [row] = await queryPreparedRows<{ last_value: string; is_called: boolean }>(
		sql`SELECT last_value::text AS last_value, is_called FROM catalog_version`
	);
	return { key: `db:${row!.last_value}:${row!.is_called}`, memory: null };
}

/** The hits remembered under `key` for this version, and until when (service clock, ms) they stand. */
export function cachedHits<T>(key: string, version: string | null): { value: T; expiresAt: number } | undefined {
	if (version === null) return undefined;
	const entry = entries.get(key);
	if (!entry) return undefined;
	entries.delete(key);
	if (entry.version !== version || entry.expiresAt <= nowMs()) return undefined;
	entries.set(key, entry);
	return { value: entry.value as T, expiresAt: entry.expiresAt };
}

/** Remembers hits; returns until when they stand (+∞ when nothing is remembered: then nothing is reused either). */
export function rememberHits(key: string, version: string | null, value: unknown): number {
	if (version === null) return Number.POSITIVE_INFINITY;
	const { ttlMs, maxEntries } = config().searchCache;
	const expiresAt = nowMs() + ttlMs;
	entries.delete(key);
	entries.set(key, { version, expiresAt, value });
	while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
	return expiresAt;
}
