/**
 * One database handle per process (docs/architecture.md#database).
 *
 * DATABASE_URL set → postgres.js; unset → PGlite in the data directory. PGlite
 * allows a single process per directory, so the handle lives on globalThis and
 * survives Vite's dev-server module reloads.
 */
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { mkdirSync } from 'node:fs';
import postgres from 'postgres';
import { config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services accept either, so callers can compose them inside one transaction. */
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
	kind: 'pglite' | 'postgres';
	db: Db;
	/**
	 * Runs a hot query of fixed text as a named prepared statement, so PostgreSQL
	 * parses and plans it once per connection instead of on every request (a
	 * product-detail lookup spent 4× longer in parse and plan than in execution).
	 * Only for queries whose text does not vary with their input and whose plan
	 * does not depend on the values (primary and unique key lookups). Since
	 * ADR 009 drizzle's own statements are prepared the same way (see
	 * preparingClient), so this only says so explicitly.
	 */
	queryPrepared(query: SQL): Promise<unknown[]>;
	close(): Promise<void>;
}

const GLOBAL_KEY = Symbol.for('hoclieu.database');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: DatabaseHandle };

/**
 * Texts whose shape follows the input: a list of parameters (drizzle's
 * `in ($1, $2, …)`) or several VALUES rows. They run unnamed, so a long-lived
 * connection does not collect one prepared statement per list length.
 */
const VARIABLE_LIST = /\bin \(\$\d+, |\)\s*,\s*\(\s*(?:\$\d+|default)\b/i;

/**
 * How many distinct texts one process prepares at most. Texts are fixed by the
 * code, so the real number is a few hundred at most; the cap only bounds the
 * damage (statements held by every connection and in PostgreSQL's plan
 * caches) if some query's text ever starts to vary with its input.
 */
const MAX_PREPARED_TEXTS = 2_000;

type Sql = postgres.Sql;

/**
 * Every statement with parameters runs as a named prepared statement
 * (docs/decisions/009): postgres.js then sends Bind + Execute + Sync in one
 * round trip instead of Parse + Describe, a wait for the parameter types, and
 * Bind + Execute (two round trips, and a parse and plan each time). drizzle
 * asks for unnamed statements, so the client it is given decides instead,
 * inside transactions (begin, savepoint) as well as outside.
 */
export function preparingClient(client: Sql, maxTexts = MAX_PREPARED_TEXTS): Sql {
	const texts = new Set<string>();
	const shouldPrepare = (text: string, params: readonly unknown[] | undefined): boolean => {
		if (!params || params.length === 0 || VARIABLE_LIST.test(text)) return false;
		if (texts.has(text)) return true;
		if (texts.size >= maxTexts) return false;
		texts.add(text);
		return true;
	};
	const wrap = (target: Sql): Sql =>
		new Proxy(target, {
			get(t, prop, receiver) {
				if (prop === 'unsafe') {
					return (text: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
						t.unsafe(text, params, options?.prepare || !shouldPrepare(text, params) ? options : { ...options, prepare: true });
				}
				if (prop === 'begin' || prop === 'savepoint') {
					const original = Reflect.get(t, prop, receiver) as (...args: unknown[]) => unknown;
					return (...args: unknown[]) =>
						original.apply(
							t,
							args.map((a) => (typeof a === 'function' ? (inner: Sql) => (a as (s: Sql) => unknown)(wrap(inner)) : a))
						);
				}
				return Reflect.get(t, prop, receiver);
			}
		});
	return wrap(client);
}

function openPostgres(url: string): DatabaseHandle {
	const cfg = config();
	const client = postgres(url, {
		max: cfg.databasePoolMax,
		// Fail fast when the server is unreachable instead of queueing for 30 s.
		connect_timeout: Math.ceil(cfg.databaseTimeoutMs / 1000),
		idle_timeout: 60,
		connection: {
			// A stuck lock or runaway query is cancelled by the server instead of holding a connection.
			statement_timeout: cfg.databaseStatementTimeoutMs,
			// Every statement is prepared (ADR 009) and spelled so that its plan does not hang on its
			// parameters (ADR 017): planned once per connection, not again on every execution whose
			// generic cost estimate looks worse (2–19 ms each for the search tiers measured).
			plan_cache_mode: 'force_generic_plan',
			// No JIT: a search statement's estimated cost can pass jit_above_cost, and compiling its
			// expressions (100–180 ms measured) took longer than any of our statements runs.
			jit: 'off'
		},
		onnotice: () => {}
	});
	const dialect = new PgDialect();
	return {
		kind: 'postgres',
		// drizzle() installs its type parsers on this client, so prepared rows read like db.execute's.
		db: drizzlePostgres(preparingClient(client), { schema }) as unknown as Db,
		queryPrepared: (query) => {
			const { sql: text, params } = dialect.sqlToQuery(query);
			return client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
		},
		close: () => client.end({ timeout: 5 })
	};
}

/**
 * The types drizzle reads as text over PGlite and decodes itself (dates, intervals, and numeric[],
 * timestamp[], timestamptz[], interval[], date[]): drizzle-orm/pglite passes an identity parser for
 * each of them with every query.
 */
const DRIZZLE_TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const DRIZZLE_TEXT_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String));
const asText = (value: string) => value;

/**
 * drizzle's parsers installed once in PGlite's own parser table instead of on every query. PGlite merges
 * a query's parsers into that table (about 300 entries, one per type and array type) for each query it
 * runs, which measured ~0.1 ms of CPU, a fifth of a primary-key read. Queries whose parsers are exactly
 * drizzle's text ones then go without them and PGlite reads its table, which now holds the same
 * parsers: rows decode as before (tests/unit/pglite-parsers.test.ts). Installed once PGlite is ready
 * (its start-up fills the array types' entries, these among them); until then queries keep theirs.
 */
export function withDrizzleParsersInstalled(client: PGlite): PGlite {
	let installed = false;
	void client.waitReady.then(
		() => {
			for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
			installed = true;
		},
		// A failed start surfaces on the first query, as before.
		() => {}
	);
	const lighter = (options: QueryOptions | undefined): QueryOptions | undefined => {
		const parsers = options?.parsers;
		if (!installed || !parsers) return options;
		const oids = Object.keys(parsers);
		if (oids.length !== DRIZZLE_TEXT_KEYS.size || !oids.every((oid) => DRIZZLE_TEXT_KEYS.has(oid))) return options;
		const { parsers: _drizzles, ...rest } = options;
		return rest;
	};
	// PGlite keeps its state in private fields, so methods run on the client itself, not on the proxy.
	const wrap = <T extends PGlite | Transaction>(target: T): T =>
		new Proxy(target, {
			get(t, prop) {
				if (prop === 'query') {
					return (query: string, params?: unknown[], options?: QueryOptions) => t.query(query, params, lighter(options));
				}
				if (prop === 'transaction' && 'transaction' in t) {
					return <R>(callback: (tx: Transaction) => Promise<R>) => t.transaction((tx) => callback(wrap(tx)));
				}
				const value: unknown = Reflect.get(t, prop, t);
				return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
			}
		});
	return wrap(client);
}

function openPglite(dir: string, sharedBuffersMb: number): DatabaseHandle {
	mkdirSync(dir, { recursive: true });
	const client = new PGlite(dir, {
		extensions: { unaccent, pg_trgm },
		startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`]
	});
	const db = drizzlePglite(withDrizzleParsersInstalled(client), { schema }) as unknown as Db;
	return {
		kind: 'pglite',
		db,
		// In-process: no round trip or plan cache to save.
		queryPrepared: async (query) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows,
		close: () => client.close()
	};
}

export function database(): DatabaseHandle {
	const g = globalThis as GlobalWithDb;
	if (!g[GLOBAL_KEY]) {
		const cfg = config();
		g[GLOBAL_KEY] = cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(cfg.pgliteDir, cfg.pgliteSharedBuffersMb);
	}
	return g[GLOBAL_KEY];
}

/** Shorthand for the drizzle handle. */
export function db(): Db {
	return database().db;
}

export async function closeDatabase(): Promise<void> {
	const g = globalThis as GlobalWithDb;
	const handle = g[GLOBAL_KEY];
	g[GLOBAL_KEY] = undefined;
	await handle?.close();
}
