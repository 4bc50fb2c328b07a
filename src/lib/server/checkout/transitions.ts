/**
 * The only ways an order leaves PENDING. Each is one conditional UPDATE
 * (`… WHERE status = 'PENDING'`), so whatever follows it — ownership, the
 * promo use, the flash-sale unit — happens exactly once however many
 * webhooks, sweeps and buyers race for the same order.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders, paymentIntents, productOwnerships } from '../db/schema';
import { now } from '../platform/clock';
import { consumePromoRedemption, releasePromoRedemption } from '../promos/service';
import { releaseIntentOrders } from './cart-release';
import { releaseFlashSaleUnit } from './price';

/** The payment-intent kind of purchase orders (one reference space with top-ups). */
export const ORDER_KIND = 'order';

export type OrderRow = typeof orders.$inferSelect;

/** PENDING → PAID: the buyer owns the product, the promo use and the flash-sale unit are final, a receipt is due. */
export async function markOrderPaid(tx: Tx, orderId: string): Promise<OrderRow> {
	const at = now();
	const [order] = await tx
		.update(orders)
		.set({ status: 'PAID', paidAt: at, receiptStatus: 'pending', updatedAt: at })
		.where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING')))
		.returning();
	// Callers hold the order (or its payment intent) locked while it is PENDING: anything else is a bug.
	if (!order) throw new Error(`order ${orderId} is not pending`);
	if (order.userId) {
		await tx
			.insert(productOwnerships)
			.values({ userId: order.userId, productId: order.productId, source: order.paymentMethod === 'free_claim' ? 'free_claim' : 'purchase', orderId: order.id, createdAt: at })
			.onConflictDoNothing();
	}
	if (order.promoRedemptionId) await consumePromoRedemption(tx, order.promoRedemptionId);
	return order;
}

/**
 * Orders never become FAILED here: a checkout whose payment cannot go
 * through (a short wallet) rolls back and leaves no order at all.
 */
export type ReleasedStatus = 'EXPIRED' | 'CANCELLED';

/**
 * PENDING → EXPIRED or CANCELLED, giving back the flash-sale unit
 * before the promo use (checkout takes them in that order too, so the two
 * never wait on each other in opposite orders). Undefined when the order
 * had already left PENDING.
 */
export async function releaseOrder(tx: Tx, orderId: string, to: ReleasedStatus): Promise<OrderRow | undefined> {
	const at = now();
	const stamp = to === 'EXPIRED' ? { expiredAt: at } : { cancelledAt: at };
	const [order] = await tx
		.update(orders)
		.set({ status: to, ...stamp, updatedAt: at })
		.where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING')))
		.returning();
	if (!order) return undefined;
	if (order.flashSaleUnitHeld && order.flashSaleId) await releaseFlashSaleUnit(tx, order.flashSaleId);
	if (order.promoRedemptionId) await releasePromoRedemption(tx, order.promoRedemptionId);
	return order;
}

/**
 * The buyer replaced a pending order (another payment method or promo, or a
 * cart with the same product): its reference stops accepting payment — a
 * transfer that still arrives is credited as late — and it gives back what
 * it held. A cart's orders share the intent, so they all go with it
 * (cart-release.ts). The intent is locked by the caller.
 */
export async function cancelPendingOrder(tx: Tx, order: Pick<OrderRow, 'id' | 'paymentIntentId'>): Promise<void> {
	if (order.paymentIntentId) {
		await tx
			.update(paymentIntents)
			.set({ status: 'CANCELLED' })
			.where(and(eq(paymentIntents.id, order.paymentIntentId), eq(paymentIntents.status, 'PENDING')));
		await releaseIntentOrders(tx, order.paymentIntentId, 'CANCELLED');
	}
	await releaseOrder(tx, order.id, 'CANCELLED');
}
