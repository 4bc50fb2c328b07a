/**
 * Hears catalog changes for ./memory-cache.ts: `LISTEN hoclieu_catalog`, which
 * the catalog_version triggers notify on commit (migration 0027).
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
import { catalogChanged, setCatalogListening } from './memory-cache';

export const CATALOG_CHANNEL = 'hoclieu_catalog';
export const LISTENER_NAME = 'hoclieu-catalog-listener';
const VERSION_QUERY = sql`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::text AS version FROM catalog_version`;
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

function listenPglite(): () => Promise<void> {
	let unlisten: (() => Promise<void>) | undefined;
	let stopped = false;
	const client = (database().db as unknown as { $client?: PgliteLike }).$client;
	if (!client?.listen) return async () => {};
	client
		.listen(CATALOG_CHANNEL, (payload) => catalogChanged(payload))
		.then((u) => {
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
		if (connected) log.warn('catalog cache bypassed: the LISTEN connection was lost', { reason: why, ...(error ? { error } : {}) });
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
		onnotify: (channel, payload) => {
			if (channel === CATALOG_CHANNEL) catalogChanged(payload);
		},
		onclose: () => lost('closed')
	};
	const client = postgres(databaseUrl, options);

	// The value the triggers notify (nextval's): fixed text, a named prepared statement on the pool.
	const readVersion = async () => {
		const [row] = (await database().queryPrepared(VERSION_QUERY)) as { version: string }[];
		return row!.version;
	};

	async function connect(): Promise<void> {
		if (stopped) return;
		try {
			await client.unsafe(`LISTEN "${CATALOG_CHANNEL}"`);
			if (stopped) return;
			connected = true;
			retryMs = RETRY_MIN_MS;
			// From here every change is heard; whatever was cached before may have missed one.
			setCatalogListening(true, readVersion);
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
