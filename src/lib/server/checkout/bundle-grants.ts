/**
 * What a bundle's order granted besides the bundle itself: the `bundle`
 * ownership rows the grant_bundle_items trigger (migration "bundles") wrote
 * with that order's id, one per item the buyer did not own yet (README, Bundles).
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { productOwnerships } from '../db/schema';

/** Deletes them (a refund of the bundle); the product ids taken back. */
export async function revokeBundleItems(tx: Tx, userId: string, orderId: string): Promise<string[]> {
	const rows = await tx
		.delete(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), eq(productOwnerships.orderId, orderId), eq(productOwnerships.source, 'bundle')))
		.returning({ productId: productOwnerships.productId });
	return rows.map((r) => r.productId);
}
