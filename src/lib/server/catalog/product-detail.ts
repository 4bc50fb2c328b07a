/**
 * Product detail by full path (spec 4.2). A path that used to belong to a
 * product (renamed or moved) resolves through product_aliases straight to the
 * product's current path: every alias points at the product itself, so a
 * chain of renames is always one hop.
 */
import { sql } from 'drizzle-orm';
import type { ProductDetailResult } from '../../contracts/catalog';
import { notFound } from '../errors/app-error';
import { queryRows } from '../db/rows';
import { now as clockNow } from '../platform/clock';
import { categoryDetail, visibleCategoryChain } from './categories';
import { assertValidPath, splitProductPath } from './paths';
import { flashSaleJoin, mapSummary, outsideHiddenCategories, summaryColumns, type SummaryRow } from './product-query';

export type ProductLookup = { kind: 'found'; result: ProductDetailResult } | { kind: 'moved'; fullPath: string };

const missing = () => notFound('Không tìm thấy học liệu ở đường dẫn này.');

export async function productByPath(fullPath: string, userId: string | null): Promise<ProductLookup> {
	assertValidPath(fullPath, 'fullPath');
	const parts = splitProductPath(fullPath);
	if (!parts) throw missing();

	const chain = await visibleCategoryChain(parts.categoryPath);
	if (chain) {
		const now = clockNow();
		const owned = userId
			? sql`EXISTS (SELECT 1 FROM product_ownerships o WHERE o.product_id = p.id AND o.user_id = ${userId}::uuid)`
			: sql`false`;
		const [row] = await queryRows<SummaryRow & { description: string; is_purchased: boolean }>(sql`
			SELECT ${summaryColumns(now)}, p.description, ${owned} AS is_purchased
			FROM products p
			JOIN categories c ON c.id = p.category_id
			${flashSaleJoin(now)}
			WHERE p.category_id = ${chain.at(-1)!.id}::uuid AND p.slug = ${parts.slug} AND p.is_published
			LIMIT 1`);
		if (row) {
			return {
				kind: 'found',
				result: {
					product: { ...mapSummary(row), description: row.description },
					category: categoryDetail(chain),
					isPurchased: row.is_purchased === true
				}
			};
		}
	}

	const [alias] = await queryRows<{ current: string }>(sql`
		SELECT c.path || '/' || p.slug AS current
		FROM product_aliases a
		JOIN products p ON p.id = a.product_id
		JOIN categories c ON c.id = p.category_id
		WHERE a.path = ${fullPath} AND p.is_published AND ${outsideHiddenCategories}
		LIMIT 1`);
	if (alias && alias.current !== fullPath) return { kind: 'moved', fullPath: alias.current };
	throw missing();
}
