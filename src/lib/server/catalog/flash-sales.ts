/**
 * The flash sales running now (storefront home page): products whose flash
 * sale has started, not ended and is not sold out, ending soonest first.
 * Starts from flash_sales (a few percent of products), never scans the catalog.
 */
import { sql } from 'drizzle-orm';
import type { ProductSummary } from '../../contracts/catalog';
import { queryRows } from '../db/rows';
import { now as clockNow } from '../platform/clock';
import { flashSaleOpen } from './pricing';
import { flashActive, flashSaleJoin, mapSummary, outsideHiddenCategories, summaryColumns, type SummaryRow } from './product-query';

export async function runningFlashSales(limit: number): Promise<ProductSummary[]> {
	const now = clockNow();
	const rows = await queryRows<SummaryRow>(sql`
		SELECT ${summaryColumns(now)}
		FROM (
			SELECT DISTINCT f.product_id
			FROM flash_sales f
			WHERE ${flashSaleOpen('f', now)}
		) running
		JOIN products p ON p.id = running.product_id
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		WHERE p.is_published AND ${outsideHiddenCategories} AND ${flashActive}
		ORDER BY fs.ends_at, p.popularity DESC, p.id
		LIMIT ${limit}`);
	return rows.map(mapSummary);
}
