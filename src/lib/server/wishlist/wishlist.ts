/**
 * "Yêu thích": products a teacher saves for later. Saving is idempotent (a
 * second tap changes nothing), only published products can be saved, and a
 * list holds at most WISHLIST_MAX_ITEMS products so it stays one page, one query.
 * Products taken off sale drop out of the list until they return.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProductSummary } from '../../contracts/catalog';
import { flashSaleJoin, mapSummary, outsideHiddenCategories, summaryColumns, type SummaryRow } from '../catalog/product-query';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { wishlistItems } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now as clockNow } from '../platform/clock';
import { config } from '../config';

const productNotFound = () => notFound('Không tìm thấy học liệu này, có thể học liệu đã được gỡ xuống.');

export async function saveToWishlist(userId: string, productId: string): Promise<{ saved: true }> {
	if (!isUuid(productId)) throw productNotFound();
	const max = config().wishlistMaxItems;
	// One statement: the product must be on sale, and the cap is read where the row is written
	// (two saves racing at the cap may both pass; the cap bounds a list, it guards no money).
	const inserted = await queryRows<{ product_id: string }>(sql`
		INSERT INTO wishlist_items (user_id, product_id)
		SELECT ${userId}::uuid, p.id FROM products p
		WHERE p.id = ${productId}::uuid AND p.is_published AND ${outsideHiddenCategories}
		  AND (SELECT count(*) FROM wishlist_items w WHERE w.user_id = ${userId}::uuid) < ${max}
		ON CONFLICT (user_id, product_id) DO NOTHING
		RETURNING product_id`);
	if (inserted.length > 0) return { saved: true };
	const [existing] = await db()
		.select({ productId: wishlistItems.productId })
		.from(wishlistItems)
		.where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
	if (existing) return { saved: true };
	const [published] = await queryRows<{ id: string }>(sql`SELECT p.id FROM products p WHERE p.id = ${productId}::uuid AND p.is_published AND ${outsideHiddenCategories}`);
	if (!published) throw productNotFound();
	throw new AppError('state_violation', `Danh sách yêu thích đã đủ ${max} học liệu. Hãy bỏ bớt trước khi lưu thêm.`, { max });
}

export async function removeFromWishlist(userId: string, productId: string): Promise<{ saved: false }> {
	if (isUuid(productId)) await db().delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
	return { saved: false };
}

/** The saved products on sale now, most recently saved first, priced as the catalog prices them. */
export async function wishlist(userId: string): Promise<ProductSummary[]> {
	const now = clockNow();
	const rows = await queryRows<SummaryRow>(sql`
		SELECT ${summaryColumns(now)}
		FROM wishlist_items w
		JOIN products p ON p.id = w.product_id
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		WHERE w.user_id = ${userId}::uuid AND p.is_published AND ${outsideHiddenCategories}
		ORDER BY w.created_at DESC, p.id DESC
		LIMIT ${config().wishlistMaxItems}`);
	return rows.map(mapSummary);
}

/** Which of these products the account has saved (the heart on a product page). */
export async function savedProductIds(userId: string, productIds: readonly string[]): Promise<string[]> {
	const ids = [...new Set(productIds)].filter(isUuid);
	if (ids.length === 0) return [];
	const rows = await db()
		.select({ productId: wishlistItems.productId })
		.from(wishlistItems)
		.where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, ids)));
	return rows.map((r) => r.productId);
}
