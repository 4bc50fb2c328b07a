/**
 * Raw SQL results as plain rows on both drivers: postgres.js returns an array,
 * PGlite an object with `rows`. Hand-written queries (keyset pagination,
 * full-text search) go through here.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { database, db, type Db, type DbOrTx } from './client';

const dialect = new PgDialect();

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export async function queryRows<T>(query: SQL, tx: DbOrTx = db()): Promise<T[]> {
	return rowsOf<T>(await tx.execute(query));
}

/** A hot fixed-text query as a prepared statement (see DatabaseHandle.queryPrepared), outside transactions; inside one, `queryRows(query, tx)` is prepared too (ADR 009). */
export async function queryPreparedRows<T>(query: SQL): Promise<T[]> {
	return (await database().queryPrepared(query)) as T[];
}

/**
 * A hot read of fixed text whose text is built once, its values given per
 * call for its `sql.placeholder(name)`s. drizzle turns a query's chunks into
 * text on every call: for a search page's summary read that was about 4 % of a
 * cold search's CPU and a tenth of what it allocated. It runs through
 * drizzle's session, so it is prepared on PostgreSQL as every statement is
 * (ADR 009) and its rows read like `queryRows`'.
 */
export function fixedQuery<T>(build: () => SQL): (values: Record<string, unknown>) => Promise<T[]> {
	// Per handle: tests close the database and open another.
	let made: { on: Db; run: (values: Record<string, unknown>) => Promise<T[]> } | undefined;
	return (values) => {
		const on = db();
		if (made?.on !== on) made = { on, run: prepareFixed<T>(on, build()) };
		return made.run(values);
	};
}

/** `query` turned into text now, run on `on` with its placeholders' values (fixedQuery's step, on any database). */
export function prepareFixed<T>(on: Db, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
	const prepared = on._.session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false);
	return async (values) => rowsOf<T>(await prepared.execute(values));
}

/** Timestamps arrive as Date (both drivers) or, in nested JSON, as ISO text. */
export function asDate(value: Date | string): Date {
	return value instanceof Date ? value : new Date(value);
}

export function isoTime(value: Date | string): string {
	return asDate(value).toISOString();
}
