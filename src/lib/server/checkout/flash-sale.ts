/**
 * The price an order gets, and flash-sale stock (architecture D8). The price
 * is effective_price() (catalog/pricing.ts), read inside the order's
 * transaction; when it comes from a capped flash sale a unit is taken with one
 * conditional UPDATE — which also locks the row until that transaction ends —
 * and given back exactly once when the order leaves PENDING unpaid.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { flashSales } from '../db/schema';
import { effectivePrice, flashSaleInWindow, flashSaleOpen, regularPrice, type PriceSource } from '../catalog/pricing';
import { flashSaleSoldOut } from './errors';

export interface Quote {
	priceVnd: bigint;
	source: PriceSource;
	flashSaleId: string | null;
	/** A unit of the flash sale's stock now belongs to the order being created. */
	unitHeld: boolean;
}

interface QuoteRow {
	list: string;
	regular: string;
	effective: string;
	/** An open flash sale at the effective price, when one sets it (uncapped preferred: it holds no unit). */
	flash_id: string | null;
	flash_capped: boolean | null;
	/** A flash sale inside its window undercuts the regular price, whatever its stock. */
	undercut_running: boolean;
}

function readQuote(tx: Tx, productId: string, at: Date): Promise<QuoteRow[]> {
	return queryRows<QuoteRow>(
		sql`SELECT q.list, q.regular::text AS regular, q.effective::text AS effective,
				f.id::text AS flash_id, f.stock_cap IS NOT NULL AS flash_capped,
				EXISTS (SELECT 1 FROM flash_sales r
					WHERE r.product_id = p.id AND ${flashSaleInWindow('r', at)} AND r.sale_price_vnd < q.regular) AS undercut_running
			FROM products p
			CROSS JOIN LATERAL (SELECT p.price_vnd::text AS list, ${regularPrice(at)} AS regular, ${effectivePrice(at)} AS effective) q
			LEFT JOIN LATERAL (
				SELECT f.id, f.stock_cap FROM flash_sales f
				WHERE f.product_id = p.id AND q.effective < q.regular AND f.sale_price_vnd = q.effective AND ${flashSaleOpen('f', at)}
				ORDER BY f.stock_cap IS NULL DESC, f.id
				LIMIT 1
			) f ON true
			WHERE p.id = ${productId}::uuid`,
		tx
	);
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

/** Each lost race means one flash sale sold out under us; past this many, treat the product's flash sales as gone. */
const MAX_ATTEMPTS = 5;

/**
 * What effective_price() says the product costs now, holding a unit of stock
 * when that price comes from a capped flash sale. When a unit is lost to a
 * concurrent buyer the price is read again (the next open flash sale, or the
 * regular price). When the only thing that made the product cheaper right now
 * is a flash sale with no stock left, the buyer gets 409 flash_sale_sold_out
 * (spec 4.6) rather than a silently higher price than the one they were shown.
 */
export async function quoteAndHold(tx: Tx, productId: string, at: Date): Promise<Quote> {
	for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		const [q] = await readQuote(tx, productId, at);
		if (!q) break;
		const effective = BigInt(q.effective);
		if (q.flash_id) {
			const quote: Quote = { priceVnd: effective, source: 'flash_sale', flashSaleId: q.flash_id, unitHeld: q.flash_capped === true };
			if (!quote.unitHeld || (await takeUnit(tx, q.flash_id, at))) return quote;
			continue;
		}
		if (q.undercut_running) break;
		return { priceVnd: effective, source: effective < BigInt(q.list) ? 'sale' : 'list', flashSaleId: null, unitHeld: false };
	}
	throw flashSaleSoldOut(productId);
}
