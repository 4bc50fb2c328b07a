/**
 * Staff refunds of paid orders (issue #16): the buyer's money goes back to
 * the main pocket of their wallet and the product stops being theirs. The
 * order keeps status PAID — the contract's OrderStatus has no refund state —
 * and its `order_refunds` row (one per order, the primary key) is what says
 * it was refunded.
 *
 * Exactly once: the order row is locked first, so two staff refunding the
 * same order at once queue up; the second finds the refund row and gets the
 * same answer without a second credit. The ledger's unique (REFUND, order)
 * key is the last line of defence.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../admin/audit';
import { db, type DbOrTx } from '../db/client';
import { buyerReviews, orderRefunds, orders, productOwnerships } from '../db/schema';
import { AppError, badRequest } from '../errors/app-error';
import { now } from '../platform/clock';
import { credit } from '../wallet/service';
import { formatVndText } from '../../format';
import { formatOrderNumber } from '../../order-number';
import { revokeBundleItems } from './bundle-grants';
import { orderNotFound } from './errors';
import { isUuid } from '../db/ids';
import { orderRefunded } from '../notifications/events';
import { orderStatusLabels } from '../../order-labels';

export type RefundRow = typeof orderRefunds.$inferSelect;

export interface RefundOutcome {
	refund: RefundRow;
	/** False when the order had already been refunded: nothing moved this time. */
	created: boolean;
}

export async function findRefund(tx: DbOrTx, orderId: string): Promise<RefundRow | undefined> {
	const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
	return row;
}

export async function refundOrder(actorId: string, orderId: string, reason: string): Promise<RefundOutcome> {
	if (!isUuid(orderId)) throw badRequest('Mã đơn hàng phải là một UUID.');
	return db().transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
		if (!order) throw orderNotFound();
		// Read under the lock: a refund committed by whoever held it before us is visible now.
		const existing = await findRefund(tx, orderId);
		if (existing) return { refund: existing, created: false };
		if (order.status !== 'PAID') {
			throw new AppError('state_violation', `Chỉ hoàn tiền được đơn đã thanh toán; đơn này đang ở trạng thái ${orderStatusLabels[order.status]}.`, { status: order.status });
		}
		if (!order.userId) {
			throw new AppError('conflict', 'Đơn của khách không có tài khoản nên không có ví để hoàn tiền; hãy hoàn tiền cho khách ngoài hệ thống.', { reason: 'guest_order' });
		}
		if (order.amountVnd === 0n) {
			throw new AppError('state_violation', 'Đơn miễn phí không có khoản nào để hoàn.', { reason: 'nothing_to_refund' });
		}
		const [refund] = await tx
			.insert(orderRefunds)
			.values({ orderId, amountVnd: order.amountVnd, refundedBy: actorId, reason, createdAt: now() })
			.onConflictDoNothing()
			.returning();
		// Unreachable while the order lock is held; kept so a refund can never be paid twice.
		if (!refund) return { refund: (await findRefund(tx, orderId))!, created: false };
		// The money was received once already, so the wallet maximum does not apply to giving it back.
		const after = await credit(tx, {
			userId: order.userId,
			pocket: 'main',
			amount: order.amountVnd,
			entryType: 'REFUND',
			refType: 'order',
			refId: order.id,
			note: `Hoàn tiền đơn hàng ${formatOrderNumber(order.orderNumber)}: ${formatVndText(order.amountVnd)} vào ví chính.`,
			overMax: 'allow'
		});
		// The ownership is what downloads check (and order tokens check the refund row), so this ends every download.
		const revoked = await tx
			.delete(productOwnerships)
			.where(and(eq(productOwnerships.userId, order.userId), eq(productOwnerships.productId, order.productId)))
			.returning({ source: productOwnerships.source });
		// A bundle's order also takes back the items it granted, and only those: an item the buyer owned before
		// (bought on its own) has its own row, which the bundle never replaced (README, Bundles).
		const revokedItems = await revokeBundleItems(tx, order.userId, order.id);
		const revokedProductIds = [order.productId, ...revokedItems];
		// A review speaks as a buyer; once the money is back it no longer counts in the rating (the trigger recomputes it).
		const hiddenReviews = await tx
			.update(buyerReviews)
			.set({ hiddenAt: now(), hiddenReason: 'Đơn hàng đã được hoàn tiền.' })
			.where(and(eq(buyerReviews.userId, order.userId), inArray(buyerReviews.productId, revokedProductIds), isNull(buyerReviews.hiddenAt)))
			.returning({ id: buyerReviews.id });
		await recordAudit(tx, {
			actorId,
			action: 'order.refund',
			targetType: 'order',
			targetId: order.id,
			summary: {
				before: { refunded: false, buyerOwnsProduct: revoked.length > 0 },
				after: { refunded: true, buyerOwnsProduct: false },
				amountVnd: order.amountVnd.toString(),
				buyerId: order.userId,
				walletTotalAfter: after.total.toString(),
				hiddenReviewIds: hiddenReviews.map((r) => r.id),
				...(revokedItems.length ? { revokedBundleItemIds: revokedItems } : {}),
				reason
			}
		});
		await orderRefunded(tx, order, refund.amountVnd, reason);
		return { refund, created: true };
	});
}
