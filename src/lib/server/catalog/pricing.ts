/**
 * What a buyer pays is decided in one place: the SQL function
 * effective_price() (drizzle/0025_effective_price.sql, docs/decisions/008).
 * Listing, search, detail, wishlist, music downloads, promo validation and
 * checkout all ask the database; this module only spells the calls (and, for
 * conditions on many rows, the function's body: effectivePriceInline) and
 * reads the answer, so there is no second implementation of the rule to drift.
 *
 * "Now" is always the service clock passed in as a parameter (never SQL
 * `now()`), so tests that move the clock see sales start and end.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/rows';

export type PriceSource = 'list' | 'sale' | 'flash_sale';

/** The service clock's instant, or in a statement built once (../db/rows.ts fixedQuery) a placeholder bound to its ISO text. */
export type At = Date | Placeholder;

export const ts = (d: At): SQL => sql`${d instanceof Date ? d.toISOString() : d}::timestamptz`;

/** The effective price of the product row aliased `p`. */
export const effectivePrice = (at: At): SQL =>
	sql`effective_price(p.id, p.price_vnd, p.sale_price_vnd, p.sale_ends_at, ${ts(at)})`;

/** The price of `p` without flash sales (list price, or a running sale below it). */
export const regularPrice = (at: At): SQL => sql`regular_price(p.price_vnd, p.sale_price_vnd, p.sale_ends_at, ${ts(at)})`;

/**
 * effectivePrice spelled as effective_price()'s body, for conditions that
 * test many rows (price filters on a walked index). The function holds a
 * subquery, so the planner never inlines it, and each call starts the
 * SQL-function executor: 8–10 µs a row, against about 3 µs for the same
 * expression inline (every product of the 100 000-product bench database).
 * tests/unit/effective-price.test.ts holds the two to the same cases.
 */
export const effectivePriceInline = (at: At): SQL =>
	sql`price_with_flash(${regularPrice(at)}, (SELECT min(f.sale_price_vnd) FROM flash_sales f
		WHERE f.product_id = p.id AND ${flashSaleOpen('f', at)}))`;

/** Whether the flash_sales row aliased `alias` offers its price now (window and stock). */
export const flashSaleOpen = (alias: string, at: At): SQL => {
	const f = sql.raw(alias);
	return sql`flash_sale_open(${f}.starts_at, ${f}.ends_at, ${f}.stock_cap, ${f}.stock_left, ${ts(at)})`;
};

/** Whether the flash sale `alias` is inside its time window, stock ignored (the uncapped case of flash_sale_open). */
export const flashSaleInWindow = (alias: string, at: At): SQL => {
	const f = sql.raw(alias);
	return sql`flash_sale_open(${f}.starts_at, ${f}.ends_at, NULL, NULL, ${ts(at)})`;
};

export interface ProductPrice {
	listVnd: bigint;
	/** Without flash sales. */
	regularVnd: bigint;
	/** What a buyer pays now. */
	effectiveVnd: bigint;
}

/** One product's prices now, as the database computes them; undefined when there is no such product. */
export async function priceOf(tx: DbOrTx, productId: string, at: Date): Promise<ProductPrice | undefined> {
	const [row] = await queryRows<{ list: string; regular: string; effective: string }>(
		sql`SELECT p.price_vnd::text AS list, (${regularPrice(at)})::text AS regular, (${effectivePrice(at)})::text AS effective
			FROM products p WHERE p.id = ${productId}::uuid`,
		tx
	);
	return row && { listVnd: BigInt(row.list), regularVnd: BigInt(row.regular), effectiveVnd: BigInt(row.effective) };
}
