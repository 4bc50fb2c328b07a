/**
 * Giving back what the orders of one payment intent held, when it expires or
 * is cancelled unpaid. A cart's orders share one intent (cart-checkout.ts);
 * a single order is the one-line case. All flash-sale units go back before
 * any promo use (lines in product-id order), the order a cart checkout takes
 * them in, so a release and a checkout never wait on each other crosswise.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { now } from '../platform/clock';
import { releasePromoRedemption } from '../promos/service';
import { releaseFlashSaleUnit } from './price';

export type IntentReleaseStatus = 'EXPIRED' | 'CANCELLED';

/** PENDING → `to` for every order of the intent (its row locked by the caller); the orders that left PENDING now. */
export async function releaseIntentOrders(tx: Tx, intentId: string, to: IntentReleaseStatus): Promise<(typeof orders.$inferSelect)[]> {
	const at = now();
	const stamp = to === 'EXPIRED' ? { expiredAt: at } : { cancelledAt: at };
	const released = await tx
		.update(orders)
		.set({ status: to, ...stamp, updatedAt: at })
		.where(and(eq(orders.paymentIntentId, intentId), eq(orders.status, 'PENDING')))
		.returning();
	released.sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
	for (const o of released) if (o.flashSaleUnitHeld && o.flashSaleId) await releaseFlashSaleUnit(tx, o.flashSaleId);
	for (const o of released) if (o.promoRedemptionId) await releasePromoRedemption(tx, o.promoRedemptionId);
	return released;
}

/** The intent's pending orders, in product-id order (the order lines are paid and released in). */
export function pendingOrdersOf(tx: Tx, intentId: string) {
	return tx
		.select()
		.from(orders)
		.where(and(eq(orders.paymentIntentId, intentId), eq(orders.status, 'PENDING')))
		.orderBy(asc(orders.productId));
}
