/**
 * Staff resolving a bank transfer the matcher could not apply (issue #16):
 * either it pays a purchase order — through the same steps a matching
 * webhook takes (intent PENDING → PAID, the order's payment target settles
 * it, any excess goes to the buyer's wallet as a REFUND, the receipt after
 * commit) — or the whole amount goes to an account's main pocket as a TOPUP
 * entry (money the account holder sent into the shop's account, now theirs
 * to spend, refType `bank_transfer`).
 *
 * Exactly once: the transfer row is locked first and only a transfer still
 * marked `needs_review` can be resolved, so of any number of concurrent
 * attempts one wins and the others get 409 `conflict`. The ledger's unique
 * (entry type, bank_transfer, transfer id) key is the last line of defence.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { TransferResolution, UnmatchedTransfer } from '../../contracts/admin-money';
import { recordAudit } from '../admin/audit';
import { ORDER_KIND } from '../checkout/transitions';
import { db, type Tx } from '../db/client';
import { bankTransfers, orders, paymentIntents, productOwnerships, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { credit } from '../wallet/service';
import { formatVndText } from '../../format';
import { formatOrderNumber } from '../../order-number';
import { orderStatusLabels, paymentMethodLabels } from '../../order-labels';
import { expireIntent, isPastExpiry } from './intents';
import { transfersNeedingReview } from './review';
import { paymentTarget, runAfterSettle, type BankTransfer, type PaymentIntent } from './targets';

const REVIEW_LIMIT = 200;

/** The console's and the API's list: the same query as the ops CLI's `transfers:list-unmatched`. */
export async function listUnmatchedTransfers(): Promise<{ items: UnmatchedTransfer[]; hasMore: boolean; nextCursor: null }> {
	const rows = await transfersNeedingReview(REVIEW_LIMIT + 1);
	return {
		items: rows.slice(0, REVIEW_LIMIT).map((t) => ({
			id: t.id,
			providerTxnId: t.providerTxnId,
			amountVnd: t.amountVnd.toString(),
			matchStatus: t.matchStatus,
			content: t.content,
			bankReference: t.bankReference,
			note: t.note,
			receivedAt: t.receivedAt.toISOString()
		})),
		hasMore: rows.length > REVIEW_LIMIT,
		nextCursor: null
	};
}

/** Locks the transfer and refuses anything that is no longer (or not yet) staff's to resolve. */
async function lockOpenTransfer(tx: Tx, id: string): Promise<BankTransfer> {
	const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for('update');
	if (!transfer) throw notFound('Không tìm thấy giao dịch chuyển khoản.');
	if (!transfer.needsReview) {
		throw new AppError('conflict', 'Giao dịch này đã được xử lý (đã gán cho đơn hoặc đã cộng vào ví); tiền không được chuyển lần nữa.', {
			reason: 'already_resolved',
			matchStatus: transfer.matchStatus
		});
	}
	if (transfer.matchStatus === 'error' || transfer.transferType !== 'in') {
		throw new AppError('conflict', 'Giao dịch đang chờ hệ thống xử lý lại ở lần gửi sau từ ngân hàng; chưa thể xử lý thủ công.', {
			reason: 'processing_pending',
			matchStatus: transfer.matchStatus
		});
	}
	return transfer;
}

async function markResolved(tx: Tx, transfer: BankTransfer, set: Partial<typeof bankTransfers.$inferInsert>): Promise<void> {
	await tx
		.update(bankTransfers)
		.set({ ...set, needsReview: false, processedAt: now() })
		.where(eq(bankTransfers.id, transfer.id));
}

/**
 * An EXPIRED order gave back its promo use and flash-sale unit; paying it
 * later must not take them again behind the caps' backs, so only orders that
 * held neither are revived. The buyer must not own the product already nor
 * have a newer pending order for it.
 */
/** "đang ở trạng thái Đã huỷ": staff read the order's state in words, not its code. */
const statusWord = (status: string) => `đang ở trạng thái ${(orderStatusLabels as Record<string, string>)[status] ?? status}`;

async function reviveExpiredOrder(tx: Tx, intent: PaymentIntent): Promise<void> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, intent.targetId)).for('update');
	if (!order || order.status !== 'EXPIRED') {
		throw new AppError('state_violation', `Đơn không thể nhận thanh toán (${order ? statusWord(order.status) : 'không rõ trạng thái'}).`, { status: order?.status ?? null });
	}
	if (order.promoRedemptionId || order.flashSaleUnitHeld) {
		throw new AppError(
			'conflict',
			'Đơn đã hết hạn và đã trả lại mã khuyến mãi hoặc suất giảm giá chớp nhoáng, nên không thể thanh toán lại với giá cũ. Hãy cộng tiền vào ví của người mua để họ đặt lại.',
			{ reason: 'expired_order_released_holds' }
		);
	}
	if (order.userId) {
		const [owned] = await tx
			.select({ userId: productOwnerships.userId })
			.from(productOwnerships)
			.where(and(eq(productOwnerships.userId, order.userId), eq(productOwnerships.productId, order.productId)));
		if (owned) throw new AppError('already_owned', 'Người mua đã sở hữu sản phẩm này; hãy cộng tiền vào ví của họ thay vì gán cho đơn.', { productId: order.productId });
		const [pending] = await tx
			.select({ id: orders.id })
			.from(orders)
			.where(and(eq(orders.userId, order.userId), eq(orders.productId, order.productId), eq(orders.status, 'PENDING'), ne(orders.id, order.id)));
		if (pending) throw new AppError('conflict', 'Người mua đang có một đơn khác chờ thanh toán cho sản phẩm này; hãy gán giao dịch cho đơn đó.', { pendingOrderId: pending.id });
	}
	await tx.update(paymentIntents).set({ status: 'PENDING' }).where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'EXPIRED')));
	await tx.update(orders).set({ status: 'PENDING', expiredAt: null, updatedAt: now() }).where(and(eq(orders.id, order.id), eq(orders.status, 'EXPIRED')));
}

/**
 * The payment intent an order waits on, locked (intent before order, as the
 * webhook takes them): its own, or for a line of a cart checkout the cart's
 * one intent, which pays every line of that cart (README "Cart").
 */
async function lockIntentOf(tx: Tx, orderId: string): Promise<PaymentIntent | undefined> {
	const [own] = await tx
		.select()
		.from(paymentIntents)
		.where(and(eq(paymentIntents.kind, ORDER_KIND), eq(paymentIntents.targetId, orderId)))
		.for('update');
	if (own) return own;
	const [line] = await tx.select({ intentId: orders.paymentIntentId }).from(orders).where(eq(orders.id, orderId));
	if (!line?.intentId) return undefined;
	const [shared] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, line.intentId)).for('update');
	return shared;
}

export async function assignTransferToOrder(actorId: string, transferId: string, orderId: string, reason: string): Promise<TransferResolution> {
	let settled: PaymentIntent | undefined;
	const result = await db().transaction(async (tx) => {
		const transfer = await lockOpenTransfer(tx, transferId);
		const intent = await lockIntentOf(tx, orderId);
		if (!intent) {
			const [order] = await tx.select({ method: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId));
			if (!order) throw notFound('Không tìm thấy đơn hàng.');
			throw new AppError('state_violation', `Đơn này thanh toán bằng ${paymentMethodLabels[order.method].toLowerCase()}, không nhận chuyển khoản.`, { paymentMethod: order.method });
		}
		const lapsed = intent.status === 'PENDING' && isPastExpiry(intent);
		if (lapsed) await expireIntent(tx, intent);
		const status = lapsed ? 'EXPIRED' : intent.status;
		if (status === 'PAID') throw new AppError('conflict', 'Đơn này đã được thanh toán; hãy cộng tiền vào ví của người mua nếu cần.', { reason: 'order_paid' });
		if (status !== 'PENDING' && status !== 'EXPIRED') {
			throw new AppError('state_violation', `Chỉ gán được cho đơn đang chờ thanh toán hoặc đã hết hạn; đơn này ${statusWord(status)}.`, { status });
		}
		if (transfer.amountVnd < intent.amountVnd) {
			throw new AppError('state_violation', `Giao dịch ${formatVndText(transfer.amountVnd)} thiếu so với ${formatVndText(intent.amountVnd)} của đơn; hãy cộng vào ví thay vì gán.`, {
				reason: 'underpaid',
				required: intent.amountVnd.toString(),
				amount: transfer.amountVnd.toString()
			});
		}
		const excess = transfer.amountVnd - intent.amountVnd;
		// A guest has no wallet for the excess; refusing keeps the money visible to staff instead of lost.
		if (excess > 0n && !intent.userId) {
			throw new AppError('state_violation', `Giao dịch dư ${formatVndText(excess)} nhưng đơn của khách không có ví để nhận phần dư.`, { reason: 'guest_excess' });
		}
		if (status === 'EXPIRED' && intent.kind !== ORDER_KIND) {
			// A cart's lines gave back their flash-sale units and promo uses together; paying them again at the old prices is not possible.
			throw new AppError('state_violation', 'Giỏ hàng của đơn này đã hết hạn thanh toán; hãy cộng tiền vào ví của người mua để họ đặt lại.', { reason: 'cart_expired' });
		}
		if (status === 'EXPIRED') await reviveExpiredOrder(tx, intent);

		const [paid] = await tx
			.update(paymentIntents)
			.set({ status: 'PAID', paidAt: now() })
			.where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')))
			.returning();
		await paymentTarget(paid!.kind).settle(tx, paid!, transfer);
		const excessNote = excess > 0n ? await paymentTarget(paid!.kind).creditUnapplied(tx, paid!, transfer, excess, 'overpaid') : null;
		// Staff and the ledger name an order by its number; the reference says which transfer it stood for.
		const [named] = await tx.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
		const note = `Nhân viên gán cho đơn ${formatOrderNumber(named!.number)} (${intent.reference})${excessNote ? `; ${excessNote}` : ''}. Lý do: ${reason}`;
		await markResolved(tx, transfer, { matchStatus: excess > 0n ? 'overpaid' : 'matched', intentId: intent.id, creditedVnd: excess, note });
		await recordAudit(tx, {
			actorId,
			action: 'transfer.assign',
			targetType: 'bank_transfer',
			targetId: transfer.id,
			summary: {
				before: { matchStatus: transfer.matchStatus, needsReview: true, orderStatus: status },
				after: { matchStatus: excess > 0n ? 'overpaid' : 'matched', needsReview: false, orderStatus: 'PAID' },
				orderId,
				amountVnd: transfer.amountVnd.toString(),
				excessCreditedVnd: excess.toString(),
				reason
			}
		});
		settled = paid!;
		return { transferId: transfer.id, outcome: 'assigned' as const, orderId, userId: intent.userId, creditedVnd: excess.toString(), note };
	});
	if (settled) await runAfterSettle(settled);
	return result;
}

export async function creditTransferToWallet(actorId: string, transferId: string, userId: string, reason: string): Promise<TransferResolution> {
	return db().transaction(async (tx) => {
		const transfer = await lockOpenTransfer(tx, transferId);
		const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
		if (!user) throw notFound('Không tìm thấy tài khoản.');
		if (transfer.amountVnd <= 0n) throw new AppError('state_violation', 'Giao dịch 0 ₫ không có gì để cộng vào ví.', { reason: 'nothing_to_credit' });
		// Money already received: the wallet maximum would only strand it, as for the webhook's own credits.
		const after = await credit(tx, {
			userId,
			pocket: 'main',
			amount: transfer.amountVnd,
			entryType: 'TOPUP',
			refType: 'bank_transfer',
			refId: transfer.id,
			note: `Chuyển khoản ${transfer.bankReference ?? transfer.providerTxnId} được nhân viên cộng vào ví chính: ${formatVndText(transfer.amountVnd)}.`,
			overMax: 'allow'
		});
		const note = `Nhân viên cộng ${formatVndText(transfer.amountVnd)} vào ví của ${user.email}. Lý do: ${reason}`;
		await markResolved(tx, transfer, { creditedVnd: transfer.amountVnd, note });
		await recordAudit(tx, {
			actorId,
			action: 'transfer.credit',
			targetType: 'bank_transfer',
			targetId: transfer.id,
			summary: {
				before: { matchStatus: transfer.matchStatus, needsReview: true, creditedVnd: transfer.creditedVnd.toString() },
				after: { needsReview: false, creditedVnd: transfer.amountVnd.toString() },
				userId,
				walletTotalAfter: after.total.toString(),
				reason
			}
		});
		return { transferId: transfer.id, outcome: 'credited' as const, orderId: null, userId, creditedVnd: transfer.amountVnd.toString(), note };
	});
}
