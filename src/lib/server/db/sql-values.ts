import { sql, type SQL } from 'drizzle-orm';

/**
 * A bigint as an SQL parameter. Drivers disagree on how they send a JS
 * bigint (postgres.js, PGlite), so money goes over the wire as decimal text
 * with an explicit cast.
 */
export function bigintParam(value: bigint): SQL {
	return sql`${value.toString()}::bigint`;
}
