/**
 * Flash-sale stock (architecture D8): a unit is taken with one conditional
 * UPDATE inside the order's transaction — which also locks the row until
 * that transaction ends — and given back exactly once when the order leaves
 * PENDING unpaid.
 */
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { flashSales } from '../db/schema';
import { regularPrice, undercuttingFlashSales, type PricedProduct, type PriceSource } from '../catalog/pricing';
import { flashSaleSoldOut } from './errors';

export interface Quote {
	priceVnd: bigint;
	source: PriceSource;
	flashSaleId: string | null;
	/** A unit of the flash sale's stock now belongs to the order being created. */
	unitHeld: boolean;
}

export function runningFlashSales(tx: DbOrTx, productId: string, at: Date) {
	return tx
		.select()
		.from(flashSales)
		.where(and(eq(flashSales.productId, productId), lte(flashSales.startsAt, at), gt(flashSales.endsAt, at)));
}

async function takeUnit(tx: Tx, flashSaleId: string, at: Date): Promise<boolean> {
	const taken = await tx
		.update(flashSales)
		.set({ stockLeft: sql`${flashSales.stockLeft} - 1` })
		.where(and(eq(flashSales.id, flashSaleId), gt(flashSales.stockLeft, 0), lte(flashSales.startsAt, at), gt(flashSales.endsAt, at)))
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

/**
 * The price an order gets now (flash sale > sale > list), holding a unit of
 * flash-sale stock when the price comes from a capped flash sale. When the
 * only thing that makes the product cheaper right now is a flash sale with
 * no stock left, the buyer gets 409 flash_sale_sold_out rather than a
 * silently higher price.
 */
export async function quoteAndHold(tx: Tx, product: PricedProduct & { id: string }, at: Date): Promise<Quote> {
	const candidates = undercuttingFlashSales(product, await runningFlashSales(tx, product.id, at), at);
	for (const f of candidates) {
		if (f.stockCap === null) return { priceVnd: f.salePriceVnd, source: 'flash_sale', flashSaleId: f.id, unitHeld: false };
		if (await takeUnit(tx, f.id, at)) return { priceVnd: f.salePriceVnd, source: 'flash_sale', flashSaleId: f.id, unitHeld: true };
	}
	if (candidates.length > 0) throw flashSaleSoldOut(product.id);
	const regular = regularPrice(product, at);
	return { priceVnd: regular.priceVnd, source: regular.source, flashSaleId: null, unitHeld: false };
}
