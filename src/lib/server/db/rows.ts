/**
 * Raw SQL results as plain rows on both drivers: postgres.js returns an array,
 * PGlite an object with `rows`. Hand-written queries (keyset pagination,
 * full-text search) go through here.
 */
import type { SQL } from 'drizzle-orm';
import { database, db, type DbOrTx } from './client';

export async function queryRows<T>(query: SQL, tx: DbOrTx = db()): Promise<T[]> {
	const result = await tx.execute(query);
	return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}

/** A hot fixed-text query as a prepared statement (see DatabaseHandle.queryPrepared), outside transactions; inside one, `queryRows(query, tx)` is prepared too (ADR 009). */
export async function queryPreparedRows<T>(query: SQL): Promise<T[]> {
	return (await database().queryPrepared(query)) as T[];
}

/** Timestamps arrive as Date (both drivers) or, in nested JSON, as ISO text. */
export function asDate(value: Date | string): Date {
	return value instanceof Date ? value : new Date(value);
}

export function isoTime(value: Date | string): string {
	return asDate(value).toISOString();
}
