/**
 * Hears catalog changes for ./memory-cache.ts: `LISTEN hoclieu_catalog`, which
 * the catalog_version triggers notify on commit (migration 0027), and
 * `LISTEN hoclieu_flash_stock`, which names the product whose flash-sale stock
 * moved (migration 0030).
 *
 * PostgreSQL: a connection of this process's own (every cluster worker and
 * instance has one), kept open and never recycled. Whenever it closes the
 * cache is bypassed and dropped, and LISTEN is retried (1 s, doubling to 30 s);
 * when LISTEN succeeds again the cache starts empty, since a notification may
 * have been missed. postgres.js's own `listen()` re-listens once after a close
 * and gives up if that fails, so the connection is managed here instead.
 *
 * PGlite (one process): PGlite delivers a notification to its in-process
 * listeners before the committing query returns, so invalidation is local and
 * immediate.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { config } from '../config';
import { database } from '../db/client';
import { log } from '../platform/logger';
import { recordCatalogNotification } from '../platform/metrics';
import { catalogChanged, flashStockMoved, setCatalogListening, type Versions } from './memory-cache';

export const CATALOG_CHANNEL = 'hoclieu_catalog';
const FLASH_STOCK_CHANNEL = 'hoclieu_flash_stock';
export const LISTENER_NAME = 'hoclieu-catalog-listener';
const VERSIONS_QUERY = sql`SELECT CASE WHEN c.is_called THEN c.last_value ELSE 0 END::text AS catalog,
	CASE WHEN f.is_called THEN f.last_value ELSE 0 END::text AS "flashStock"
	FROM catalog_version c, flash_stock_version f`;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A black-holed connection does not close: ask it now and then, and treat silence as a loss. */
const PING_MS = 10_000;

interface PgliteLike {
	listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export function startCatalogInvalidation(): () => Promise<void> {
	const cfg = config();
	if (cfg.catalogCache.maxEntries === 0) return async () => {};
	return cfg.databaseUrl ? listenPostgres(cfg.databaseUrl) : listenPglite();
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

function listenPglite(): () => Promise<void> {
	let unlisten: (() => Promise<void>) | undefined;
	let stopped = false;
	const client = (database().db as unknown as { $client?: PgliteLike }).$client;
	if (!client?.listen) return async () => {};
	Promise.all([CATALOG_CHANNEL, FLASH_STOCK_CHANNEL].map((channel) => client.listen(channel, (payload) => heard(channel, payload))))
		.then((us) => {
			const u = () => Promise.all(us.map((f) => f())).then(() => {});
			if (stopped) return void u();
			unlisten = u;
			setCatalogListening(true);
		})
		.catch((error: unknown) => log.warn('catalog cache off: PGlite LISTEN failed', { error }));
	return async () => {
		stopped = true;
		setCatalogListening(false);
		await unlisten?.().catch(() => {});
	};
}

function listenPostgres(databaseUrl: string): () => Promise<void> {
	let stopped = false;
	let connected = false;
	let retryMs = RETRY_MIN_MS;
	let retryTimer: NodeJS.Timeout | undefined;
	let pingTimer: NodeJS.Timeout | undefined;

	const lost = (why: string, error?: unknown) => {
		if (pingTimer) clearInterval(pingTimer);
		pingTimer = undefined;
		// Closing it on shutdown is no loss: every deploy logged this warning.
		if (connected && !stopped) log.warn('catalog cache bypassed: the LISTEN connection was lost', { reason: why, ...(error ? { error } : {}) });
		connected = false;
		setCatalogListening(false);
		if (!stopped && !retryTimer) {
			retryTimer = setTimeout(() => {
				retryTimer = undefined;
				void connect();
			}, retryMs);
			retryTimer.unref();
			retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
		}
	};

	// onnotify is a postgres.js option its types do not list (its own listen() uses it).
	const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
		max: 1,
		idle_timeout: 0,
		max_lifetime: 0,
		connect_timeout: 5,
		fetch_types: false,
		// Named, so operators (and tests) can tell it in pg_stat_activity.
		connection: { application_name: LISTENER_NAME },
		onnotice: () => {},
		onnotify: heard,
		onclose: () => lost('closed')
	};
	const client = postgres(databaseUrl, options);

	// The values the triggers notify (nextval's): fixed text, a named prepared statement on the pool.
	const readVersions = async () => {
		const [row] = (await database().queryPrepared(VERSIONS_QUERY)) as Versions[];
		return row!;
	};

	async function connect(): Promise<void> {
		if (stopped) return;
		try {
			await client.unsafe(`LISTEN "${CATALOG_CHANNEL}"; LISTEN "${FLASH_STOCK_CHANNEL}"`);
			if (stopped) return;
			connected = true;
			retryMs = RETRY_MIN_MS;
			// From here every change is heard; whatever was cached before may have missed one.
			setCatalogListening(true, readVersions);
			pingTimer = setInterval(() => {
				const timeout = setTimeout(() => lost('no answer to a ping'), 5_000);
				client`SELECT 1`
					.then(() => clearTimeout(timeout))
					.catch((error: unknown) => {
						clearTimeout(timeout);
						lost('ping failed', error);
					});
			}, PING_MS);
			pingTimer.unref();
		} catch (error) {
			lost('LISTEN failed', error);
		}
	}

	void connect();
	return async () => {
		stopped = true;
		if (retryTimer) clearTimeout(retryTimer);
		if (pingTimer) clearInterval(pingTimer);
		setCatalogListening(false);
		await client.end({ timeout: 1 }).catch(() => {});
	};
}
