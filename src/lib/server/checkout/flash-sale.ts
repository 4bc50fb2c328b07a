/**
 * The price an order gets, and flash-sale stock (docs/architecture.md#money-invariants). The price
 * is effective_price() (catalog/pricing.ts), read inside the order's
 * transaction; when it comes from a capped flash sale a unit is taken with one
 * conditional UPDATE — which also locks the row until that transaction ends —
 * and given back exactly once when the order leaves PENDING unpaid.
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
 * the open flash sale that sets the effective one, and what this buyer pays ("Mua nốt bộ", README, Bundles).
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
}

export function readQuote(tx: DbOrTx, buyerId: string | null, productId: string, at: Date): Promise<QuoteRow[]> {
	return queryRows<QuoteRow>(
		sql`SELECT list, regular, effective, flash_id::text AS flash_id, flash_capped, undercut_running, credit, pay
			FROM buyer_quote(${buyerId}::uuid, ${productId}::uuid, ${ts(at)})`,
		tx
	);
}

/**
 * What a quote row offers: the price and, when a capped flash sale sets it,
 * the unit that must be taken for it; undefined when the only thing that made
 * the product cheaper is a flash sale with no stock left (409).
 * checkout_wallet (drizzle/0029) prices the common wallet purchase by the same rule: change both.
 */
export function offerOf(q: QuoteRow): Quote | undefined {
	// The source says what set the product's price; the buyer's bundle credit only lowers what they pay.
	const pay = BigInt(q.pay);
	if (q.flash_id) return { priceVnd: pay, source: 'flash_sale', flashSaleId: q.flash_id, unitHeld: q.flash_capped === true };
	if (q.undercut_running) return undefined;
	return { priceVnd: pay, source: BigInt(q.effective) < BigInt(q.list) ? 'sale' : 'list', flashSaleId: null, unitHeld: false };
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

/** Each lost race means one flash sale sold out under us; past this many, treat the product's flash sales as gone (checkout_wallet in drizzle/0029 uses the same 5). */
export const MAX_QUOTE_ATTEMPTS = 5;

/**
 * What effective_price() says the product costs now, holding a unit of stock
 * when that price comes from a capped flash sale. When a unit is lost to a
 * concurrent buyer the price is read again (the next open flash sale, or the
 * regular price). When the only thing that made the product cheaper right now
 * is a flash sale with no stock left, the buyer gets 409 flash_sale_sold_out
 * (POST /api/v1/checkout) rather than a silently higher price than the one they were shown.
 */
export async function quoteAndHold(tx: Tx, buyerId: string | null, productId: string, at: Date, first?: QuoteRow): Promise<Quote> {
	let q = first;
	for (let attempt = 0; attempt < MAX_QUOTE_ATTEMPTS; attempt++) {
		if (!q || attempt > 0) [q] = await readQuote(tx, buyerId, productId, at);
		if (!q) break;
		const offer = offerOf(q);
		if (!offer) break;
		if (!offer.unitHeld || (await takeUnit(tx, offer.flashSaleId!, at))) return offer;
	}
	throw flashSaleSoldOut(productId);
}
