/**
 * Top-N under filters without trusting the planner's guess of how many rows
 * match (docs/architecture.md#database: queries stay index-friendly at 100 000 products).
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
 * A caller that knows at most how many rows can match (search, from its
 * vocabulary) lets a sparse first walk decide between the two: when the
 * matches it met say a longer walk fills the page for less than fetching and
 * sorting every match would cost, that walk comes before step 2.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import type { CursorKey, KeyKind } from './cursor';
import { and } from './product-query';

/** Rows of the sort index walked before switching to a bitmap scan. */
export const PROBE_ROWS = 500;

/** The longest second walk; past it the matches are too sparse for walking to pay. */
const MAX_PROBE_ROWS = 5_000;

/**
 * Walking one row of the sort index costs about half of what fetching and
 * sorting one match costs (measured at 100 000 products: 3–4 µs against 9 µs).
 */
const WALK_TO_SORT_COST = 0.5;

export interface ScanOrder {
	kinds: readonly KeyKind[];
	orderBy: SQL;
	orderBySorted: SQL;
	after(keys: CursorKey[]): SQL;
}

export interface OrderedScan {
	select: SQL;
	/** Conditions on the product row `p` (prices through effective_price()); `p.is_published` is implied. */
	where: SQL[];
	order: ScanOrder;
	after: CursorKey[] | null;
	limit: number;
}

const keysetOf = (scan: OrderedScan): SQL[] => (scan.after ? [scan.order.after(scan.after)] : []);

/**
 * Step 1's statement: the matches among the first `rows` rows in index order
 * (exact top N when it returns N). Also a building block for callers that
 * take both steps in one statement (../search/search.ts).
 */
export function probeQuery(scan: OrderedScan, rows = PROBE_ROWS): SQL {
	return sql`
		SELECT ${scan.select}
		FROM (
			SELECT * FROM products p
			WHERE ${and([sql`p.is_published`, ...keysetOf(scan)])}
			ORDER BY ${scan.order.orderBy}
			LIMIT ${rows}
		) p
		WHERE ${scan.where.length ? and(scan.where) : sql`true`}
		ORDER BY ${scan.order.orderBy}
		LIMIT ${scan.limit}`;
}

/** Step 2's statement: select through whatever index filters best, then sort. */
export function sortedQuery(scan: OrderedScan): SQL {
	return sql`
		SELECT ${scan.select}
		FROM products p
		WHERE ${and([sql`p.is_published`, ...keysetOf(scan), ...scan.where])}
		ORDER BY ${scan.order.orderBySorted}
		LIMIT ${scan.limit}`;
}

export const probeScan = <Row>(scan: OrderedScan, rows = PROBE_ROWS): Promise<Row[]> => queryRows<Row>(probeQuery(scan, rows));

export const sortedScan = <Row>(scan: OrderedScan): Promise<Row[]> => queryRows<Row>(sortedQuery(scan));

/** `matchCeiling`: at most how many rows can match, when the caller knows. */
export async function orderedScan<Row>(scan: OrderedScan, matchCeiling = Infinity): Promise<Row[]> {
	const walked = await probeScan<Row>(scan);
	if (walked.length >= scan.limit) return walked;
	// Twice the walk the density met so far predicts, so that an unlucky stretch rarely falls short.
	const walk = walked.length > 0 ? Math.ceil((2 * scan.limit * PROBE_ROWS) / walked.length) : Infinity;
	if (walk <= MAX_PROBE_ROWS && walk * WALK_TO_SORT_COST < matchCeiling) {
		const further = await probeScan<Row>(scan, walk);
		if (further.length >= scan.limit) return further;
	}
	return sortedScan<Row>(scan);
}
