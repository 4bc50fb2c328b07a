/**
 * What a buyer pays for a product right now: the lowest of the list price, a
 * running sale and a running flash sale with stock left (a sold-out flash
 * sale no longer offers its price). The one place these rules live; music
 * downloads ask whether a track is free, checkout asks what to charge.
 */
export interface PricedProduct {
	priceVnd: bigint;
	salePriceVnd: bigint | null;
	saleEndsAt: Date | null;
}

export interface FlashSaleOffer {
	startsAt: Date;
	endsAt: Date;
	salePriceVnd: bigint;
	/** Null = no stock cap. */
	stockCap: number | null;
	stockLeft: number | null;
}

export type PriceSource = 'list' | 'sale' | 'flash_sale';

export function isSaleRunning(p: PricedProduct, at: Date): boolean {
	return p.salePriceVnd !== null && (p.saleEndsAt === null || p.saleEndsAt.getTime() > at.getTime());
}

/** Inside its time window, whatever stock it has left. */
export function isFlashSaleRunning(f: FlashSaleOffer, at: Date): boolean {
	const t = at.getTime();
	return f.startsAt.getTime() <= t && t < f.endsAt.getTime();
}

/** Running and still able to sell at its price. */
export function isFlashSaleOpen(f: FlashSaleOffer, at: Date): boolean {
	return isFlashSaleRunning(f, at) && (f.stockCap === null || (f.stockLeft ?? 0) > 0);
}

/** The price without flash sales: a running sale when it is lower, else the list price. */
export function regularPrice(p: PricedProduct, at: Date): { priceVnd: bigint; source: 'list' | 'sale' } {
	if (isSaleRunning(p, at) && p.salePriceVnd! < p.priceVnd) return { priceVnd: p.salePriceVnd!, source: 'sale' };
	return { priceVnd: p.priceVnd, source: 'list' };
}

export function effectivePriceVnd(p: PricedProduct, flashSales: readonly FlashSaleOffer[], at: Date): bigint {
	let price = regularPrice(p, at).priceVnd;
	for (const f of flashSales) if (isFlashSaleOpen(f, at) && f.salePriceVnd < price) price = f.salePriceVnd;
	return price;
}

export function isFreeNow(p: PricedProduct, flashSales: readonly FlashSaleOffer[], at: Date): boolean {
	return effectivePriceVnd(p, flashSales, at) === 0n;
}

/**
 * Running flash sales that undercut the regular price, cheapest first, stock
 * ignored: checkout tries to take one unit from each in turn. When there are
 * some and none has stock, the product's price right now exists only because
 * of a sold-out flash sale, and checkout refuses (409 flash_sale_sold_out)
 * rather than charge the buyer more than the price they were shown.
 */
export function undercuttingFlashSales<F extends FlashSaleOffer>(p: PricedProduct, flashSales: readonly F[], at: Date): F[] {
	const regular = regularPrice(p, at).priceVnd;
	return flashSales
		.filter((f) => isFlashSaleRunning(f, at) && f.salePriceVnd < regular)
		.sort((a, b) => (a.salePriceVnd < b.salePriceVnd ? -1 : a.salePriceVnd > b.salePriceVnd ? 1 : 0));
}
