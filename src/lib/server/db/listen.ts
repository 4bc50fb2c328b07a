/**
 * LISTEN for this process: the catalog cache (../catalog/invalidation.ts) and
 * the live event stream (../events/listener.ts) each hear their channels
 * through one of these.
 *
 * PostgreSQL: a connection of this process's own (every cluster worker and
 * instance has one per listener), kept open and never recycled. Whenever it
 * closes, `down` is called and LISTEN is retried (1 s, doubling to 30 s);
 * `up` is called each time LISTEN succeeds, so the owner can make up for
 * notifications it may have missed meanwhile. postgres.js's own `listen()`
 * re-listens once after a close and gives up if that fails, so the connection
 * is managed here instead. A black-holed connection does not close: it is
 * pinged now and then, and silence counts as a loss.
 *
 * PGlite (one process): PGlite delivers a notification to its in-process
 * listeners before the committing query returns.
 */
import postgres from 'postgres';
import { config } from '../config';
import { database } from './client';
import { log } from '../platform/logger';

export interface Listener {
	/** application_name of the PostgreSQL connection, so operators (and tests) can tell it in pg_stat_activity. */
	name: string;
	channels: readonly string[];
	heard(channel: string, payload: string): void;
	/** LISTEN holds: from here every notification is heard. */
	up?(): void;
	/** LISTEN was lost (or stopped): notifications may be missed until the next `up`. */
	down?(): void;
	/** Logged when a live connection is lost, e.g. "catalog cache bypassed". */
	lossWarning: string;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const PING_MS = 10_000;

interface PgliteLike {
	listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Starts listening; the function returned stops it. */
export function listen(listener: Listener): () => Promise<void> {
	const url = config().databaseUrl;
	return url ? listenPostgres(url, listener) : listenPglite(listener);
}

function listenPglite(listener: Listener): () => Promise<void> {
	let unlisten: (() => Promise<void>) | undefined;
	let stopped = false;
	const client = (database().db as unknown as { $client?: PgliteLike }).$client;
	if (!client?.listen) return async () => {};
	Promise.all(listener.channels.map((channel) => client.listen(channel, (payload) => listener.heard(channel, payload))))
		.then((us) => {
			const u = () => Promise.all(us.map((f) => f())).then(() => {});
			if (stopped) return void u();
			unlisten = u;
			listener.up?.();
		})
		.catch((error: unknown) => log.warn(`${listener.lossWarning}: PGlite LISTEN failed`, { error }));
	return async () => {
		stopped = true;
		listener.down?.();
		await unlisten?.().catch(() => {});
	};
}

function listenPostgres(databaseUrl: string, listener: Listener): () => Promise<void> {
	let stopped = false;
	let connected = false;
	let retryMs = RETRY_MIN_MS;
	let retryTimer: NodeJS.Timeout | undefined;
	let pingTimer: NodeJS.Timeout | undefined;

	const lost = (why: string, error?: unknown) => {
		if (pingTimer) clearInterval(pingTimer);
		pingTimer = undefined;
		// Closing it on shutdown is no loss: every deploy logged this warning.
		if (connected && !stopped) log.warn(`${listener.lossWarning}: the LISTEN connection was lost`, { reason: why, ...(error ? { error } : {}) });
		connected = false;
		listener.down?.();
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
		connection: { application_name: listener.name },
		onnotice: () => {},
		onnotify: (channel, payload) => listener.heard(channel, payload),
		onclose: () => lost('closed')
	};
	const client = postgres(databaseUrl, options);

	async function connect(): Promise<void> {
		if (stopped) return;
		try {
			await client.unsafe(listener.channels.map((c) => `LISTEN "${c}"`).join('; '));
			if (stopped) return;
			connected = true;
			retryMs = RETRY_MIN_MS;
			listener.up?.();
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
		listener.down?.();
		await client.end({ timeout: 1 }).catch(() => {});
	};
}
