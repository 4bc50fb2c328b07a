/**
 * The price an order gets, and flash-sale stock (docs/architecture.md#money-invariants): the only
 * TypeScript entry to the price rule, which is written once, in SQL (docs/decisions/023).
 * buyer_quote() says what the buyer pays (effective_price() less any bundle credit, migration
 * "bundles") and quote_source() what that price offers (migration "price_source"): the source, or
 * nothing when the only thing that made the product cheaper is a sold-out flash sale. Both are read
 * inside the order's transaction; when the price comes from a capped flash sale a unit is taken with
 * one conditional UPDATE — which also locks the row until that transaction ends — and given back
 * exactly once when the order leaves PENDING unpaid.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { flashSales } from '../db/schema';
import { flashSaleOpen, ts, type PriceSource } from '../catalog/pricing';
import { flashSaleSoldOut } from './errors';

export interface Quote {
	priceVnd: bigint;
	source: PriceSource;
	flashSaleId: string | null;
	/** A unit of the flash sale's stock now belongs to the order being created. */
	unitHeld: boolean;
}

/**
 * buyer_quote()'s row (drizzle/0026's checkout_quote for one buyer, migration "bundles"): the prices now,
 * the open flash sale that sets the effective one, and what this buyer pays ("Mua nốt bộ", README, Bundles),
 * with quote_source() of it.
 */
export interface QuoteRow {
	list: string;
	regular: string;
	effective: string;
	/** An open flash sale at the effective price, when one sets it (uncapped preferred: it holds no unit). */
	flash_id: string | null;
	flash_capped: boolean | null;
	/** A flash sale inside its window undercuts the regular price, whatever its stock. */
	undercut_running: boolean;
	/** What the buyer paid for the items of this bundle they own ('0' for other products and guests). */
	credit: string;
	/** What the buyer is charged: buyer_price(effective, credit), never below zero. */
	pay: string;
	/** quote_source(): what set the price; null when a sold-out flash sale was all that made it cheaper. */
	source: PriceSource | null;
}

/** The SQL that offers a quote row: select it beside buyer_quote's columns (checkout_open's too, open.ts). */
export const QUOTE_SOURCE = sql.raw('quote_source(flash_id, undercut_running, effective, list) AS source');

export function readQuote(tx: DbOrTx, buyerId: string | null, productId: string, at: Date): Promise<QuoteRow[]> {
	return queryRows<QuoteRow>(
		sql`SELECT list, regular, effective, flash_id::text AS flash_id, flash_capped, undercut_running, credit, pay, ${QUOTE_SOURCE}
			FROM buyer_quote(${buyerId}::uuid, ${productId}::uuid, ${ts(at)})`,
		tx
	);
}

/**
 * What a quote row offers, as quote_source() decided it: the price and, when a capped flash sale
 * sets it, the unit that must be taken for it; undefined when the product is sold out at the price
 * it was shown at (409).
 */
export function offerOf(q: QuoteRow): Quote | undefined {
	if (q.source === null) return undefined;
	const flashSaleId = q.source === 'flash_sale' ? q.flash_id : null;
	return { priceVnd: BigInt(q.pay), source: q.source, flashSaleId, unitHeld: flashSaleId !== null && q.flash_capped === true };
}

async function takeUnit(tx: Tx, flashSaleId: string, at: Date): Promise<boolean> {
	const taken = await tx
		.update(flashSales)
		.set({ stockLeft: sql`${flashSales.stockLeft} - 1` })
		.where(and(eq(flashSales.id, flashSaleId), sql`${flashSaleOpen('flash_sales', at)}`))
		.returning({ id: flashSales.id });
	return taken.length > 0;
}

/** Never above the cap, even if staff lowered it meanwhile. */
export async function releaseFlashSaleUnit(tx: Tx, flashSaleId: string): Promise<void> {
	await tx
		.update(flashSales)
		.set({ stockLeft: sql`LEAST(${flashSales.stockLeft} + 1, ${flashSales.stockCap})` })
		.where(and(eq(flashSales.id, flashSaleId), isNotNull(flashSales.stockLeft)));
}

/** Each lost race means one flash sale sold out under us; past this many, treat the product's flash sales as gone (checkout_wallet in drizzle/0047 uses the same 5). */
export const MAX_QUOTE_ATTEMPTS = 5;

/**
 * The offer, held by `hold`: what it returns, or undefined when a concurrent buyer took the
 * flash-sale unit first — then the price is read again (the next open flash sale, or the regular
 * price) and held again. When the only thing that made the product cheaper right now is a flash
 * sale with no stock left, the buyer gets 409 flash_sale_sold_out (POST /api/v1/checkout) rather
 * than a silently higher price than the one they were shown. `first` is a quote the caller read
 * already (the opening read's).
 */
export async function priceAndHold<T>(
	tx: Tx,
	buyerId: string | null,
	productId: string,
	at: Date,
	first: QuoteRow | undefined,
	hold: (offer: Quote) => Promise<T | undefined>
): Promise<T> {
	let q = first;
	for (let attempt = 0; attempt < MAX_QUOTE_ATTEMPTS; attempt++) {
		if (!q || attempt > 0) [q] = await readQuote(tx, buyerId, productId, at);
		const offer = q && offerOf(q);
		if (!offer) break;
		const held = await hold(offer);
		if (held !== undefined) return held;
	}
	throw flashSaleSoldOut(productId);
}

/** What the product costs this buyer now, holding a unit of flash-sale stock when that price needs one. */
export function quoteAndHold(tx: Tx, buyerId: string | null, productId: string, at: Date, first?: QuoteRow): Promise<Quote> {
	return priceAndHold(tx, buyerId, productId, at, first, async (offer) =>
		!offer.unitHeld || (await takeUnit(tx, offer.flashSaleId!, at)) ? offer : undefined
	);
}
