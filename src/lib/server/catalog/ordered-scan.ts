/**
 * Top-N under filters without trusting the planner's guess of how many rows
 * match (architecture D3: queries stay index-friendly at 100 000 products).
 *
 * Walking a sort index and filtering is ideal when matches are common and a
 * disaster when they are rare (the whole table is read to fill one page); a
 * bitmap scan (GIN, category index) plus a sort is the opposite. PostgreSQL
 * picks by its row estimate, which is poor for full-text phrases and weights.
 * So we ask in two steps:
 *   1. walk at most PROBE rows of the sort index and filter them; if that
 *      fills the page it is exactly the top N (nothing later in the index can
 *      come first);
 *   2. otherwise matches are rare among the first PROBE rows: ask again with
 *      the order spelled so no index provides it, so the planner selects
 *      through the bitmap indexes and sorts the few rows that match.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import type { CursorKey, KeyKind } from './cursor';
import { and } from './product-query';

/** Rows of the sort index walked before switching to a bitmap scan. */
export const PROBE_ROWS = 500;

export interface ScanOrder {
	kinds: readonly KeyKind[];
	orderBy: SQL;
	orderBySorted: SQL;
	after(keys: CursorKey[]): SQL;
}

export interface OrderedScan {
	select: SQL;
	/** Joins after `products p` (categories, flash sales). */
	joins: SQL;
	/** Conditions on the joined row; `p.is_published` is implied. */
	where: SQL[];
	order: ScanOrder;
	after: CursorKey[] | null;
	limit: number;
}

const keysetOf = (scan: OrderedScan): SQL[] => (scan.after ? [scan.order.after(scan.after)] : []);

/** Step 1: the matches among the first PROBE_ROWS rows in index order (exact top N when it returns N). */
export function probeScan<Row>(scan: OrderedScan): Promise<Row[]> {
	return queryRows<Row>(sql`
		SELECT ${scan.select}
		FROM (
			SELECT * FROM products p
			WHERE ${and([sql`p.is_published`, ...keysetOf(scan)])}
			ORDER BY ${scan.order.orderBy}
			LIMIT ${PROBE_ROWS}
		) p
		${scan.joins}
		WHERE ${scan.where.length ? and(scan.where) : sql`true`}
		ORDER BY ${scan.order.orderBy}
		LIMIT ${scan.limit}`);
}

/** Step 2: select through whatever index filters best, then sort. */
export function sortedScan<Row>(scan: OrderedScan): Promise<Row[]> {
	return queryRows<Row>(sql`
		SELECT ${scan.select}
		FROM products p
		${scan.joins}
		WHERE ${and([sql`p.is_published`, ...keysetOf(scan), ...scan.where])}
		ORDER BY ${scan.order.orderBySorted}
		LIMIT ${scan.limit}`);
}

export async function orderedScan<Row>(scan: OrderedScan): Promise<Row[]> {
	const walked = await probeScan<Row>(scan);
	return walked.length >= scan.limit ? walked : sortedScan<Row>(scan);
}
