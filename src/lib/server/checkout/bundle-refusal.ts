/**
 * Checkout's refusals of a bundle, worded for the buyer (README, Bundles).
 * checkout_open (migration "bundles") does not find a bundle with an item off
 * sale and counts a buyer who owns every item as owning the bundle; the
 * generic "unknown product" and "already owned" are explained here, looked up
 * only once a checkout has been refused.
 */
import { sql } from 'drizzle-orm';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { AppError } from '../errors/app-error';

interface Row {
	is_published: boolean;
	on_sale: boolean;
	owns_bundle: boolean;
	owns_all: boolean;
}

export async function explainBundleRefusal(error: unknown, userId: string | null, productId: string): Promise<unknown> {
	if (!(error instanceof AppError) || !isUuid(productId)) return error;
	const unknown = error.code === 'validation_error' && JSON.stringify(error.details ?? {}).includes('"productId"');
	const owned = error.code === 'already_owned' && error.details?.reason === undefined && userId !== null;
	if (!unknown && !owned) return error;
	const [row] = await queryRows<Row>(
		sql`SELECT p.is_published, bundle_on_sale(p.id) AS on_sale,
				EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = ${userId}::uuid AND w.product_id = p.id) AS owns_bundle,
				${userId}::uuid IS NOT NULL AND bundle_owned_all(${userId}::uuid, p.id) AS owns_all
			FROM products p WHERE p.id = ${productId}::uuid AND EXISTS (SELECT 1 FROM bundle_items bi WHERE bi.bundle_id = p.id)`
	);
	if (!row) return error;
	if (unknown && row.is_published && !row.on_sale) {
		return new AppError('state_violation', 'Bộ tài liệu này đang tạm ngừng bán vì có tài liệu trong bộ không còn được bán.', { reason: 'bundle_unavailable', productId });
	}
	if (owned && !row.owns_bundle && row.owns_all) {
		return new AppError('already_owned', 'Bạn đã có tất cả tài liệu trong bộ này nên không cần mua bộ.', { productId, reason: 'bundle_items_owned' });
	}
	return error;
}
