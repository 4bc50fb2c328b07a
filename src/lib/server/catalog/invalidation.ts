/**
 * Hears catalog changes for ./memory-cache.ts: `LISTEN hoclieu_catalog`, which
 * the catalog_version triggers notify on commit (migration 0027), and
 * `LISTEN hoclieu_flash_stock`, which names the product whose flash-sale stock
 * moved (migration 0030), through this process's listener (../db/listen.ts).
 *
 * Whenever the LISTEN connection is lost the cache is bypassed and dropped;
 * when LISTEN succeeds again the cache starts empty, since a notification may
 * have been missed. On PGlite, invalidation is local and immediate.
 */
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { database } from '../db/client';
import { listen } from '../db/listen';
import { recordCatalogNotification } from '../platform/metrics';
import { catalogChanged, flashStockMoved, setCatalogListening, type Versions } from './memory-cache';

export const CATALOG_CHANNEL = 'hoclieu_catalog';
const FLASH_STOCK_CHANNEL = 'hoclieu_flash_stock';
export const LISTENER_NAME = 'hoclieu-catalog-listener';
const VERSIONS_QUERY = sql`SELECT CASE WHEN c.is_called THEN c.last_value ELSE 0 END::text AS catalog,
	CASE WHEN f.is_called THEN f.last_value ELSE 0 END::text AS "flashStock"
	FROM catalog_version c, flash_stock_version f`;

// The values the triggers notify (nextval's): fixed text, a named prepared statement on the pool.
const readVersions = async () => {
	const [row] = (await database().queryPrepared(VERSIONS_QUERY)) as Versions[];
	return row!;
};

export function startCatalogInvalidation(): () => Promise<void> {
	const cfg = config();
	if (cfg.catalogCache.maxEntries === 0) return async () => {};
	const postgres = Boolean(cfg.databaseUrl);
	return listen({
		name: LISTENER_NAME,
		channels: [CATALOG_CHANNEL, FLASH_STOCK_CHANNEL],
		heard,
		// From here every change is heard; whatever was cached before may have missed one (PGlite misses none).
		up: () => (postgres ? setCatalogListening(true, readVersions) : setCatalogListening(true)),
		down: () => setCatalogListening(false),
		lossWarning: 'catalog cache bypassed'
	});
}

/** One notification from either listener, applied, then counted (tests wait on the count for it). */
function heard(channel: string, payload: string): void {
	if (channel === CATALOG_CHANNEL) {
		catalogChanged(payload);
		recordCatalogNotification('catalog');
	} else if (channel === FLASH_STOCK_CHANNEL) {
		// Payload "<product id> <flash_stock_version>" (migration 0030).
		const [productId, version] = payload.split(' ');
		flashStockMoved(productId, version);
		recordCatalogNotification('flash_stock');
	}
}
