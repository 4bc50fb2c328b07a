/**
 * What bank transfers do to top-ups. Paid in full: the amount goes to the
 * main pocket and the bonus to the bonus pocket (two ledger rows) and the
 * promo use becomes final. Expired: the promo use is given back. Money that
 * pays nothing (late, repeated, or the excess of an overpayment) still
 * belongs to a signed-in buyer, so it is credited to the main pocket.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { topupOrders } from '../db/schema';
import { now } from '../platform/clock';
import type { PaymentTarget, UnappliedReason } from '../payments/targets';
import { creditBuyersWallet } from '../payments/unapplied';
import { consumePromoRedemption, releasePromoRedemption } from '../promos/service';
import { credit } from '../wallet/service';
import { formatVndText } from '../../format';

async function moveStatus(tx: Tx, id: string, to: 'PAID' | 'EXPIRED') {
	const [order] = await tx
		.update(topupOrders)
		.set({ status: to, updatedAt: now(), ...(to === 'PAID' ? { paidAt: now() } : {}) })
		.where(and(eq(topupOrders.id, id), eq(topupOrders.status, 'PENDING')))
		.returning();
	return order;
}

const unappliedNote: Record<UnappliedReason, (ref: string, amount: bigint) => string> = {
	late: (ref, amount) => `Chuyển khoản ${ref} đến sau khi lệnh nạp hết hạn: cộng ${formatVndText(amount)} vào ví chính (không kèm thưởng).`,
	duplicate_payment: (ref, amount) => `Chuyển khoản lặp lại cho lệnh nạp ${ref} đã thanh toán: cộng ${formatVndText(amount)} vào ví chính.`,
	overpaid: (ref, amount) => `Chuyển thừa ${formatVndText(amount)} cho lệnh nạp ${ref}: cộng phần thừa vào ví chính.`
};

export const topupPaymentTarget: PaymentTarget = {
	async settle(tx, intent) {
		const order = await moveStatus(tx, intent.targetId, 'PAID');
		// The intent was PENDING under lock and both move together, so this is a broken invariant.
		if (!order) throw new Error(`top-up ${intent.targetId} is not pending while its payment intent was`);
		const ref = { refType: 'topup', refId: order.id, overMax: 'allow' as const };
		await credit(tx, { ...ref, userId: order.userId, pocket: 'main', amount: order.amountVnd, entryType: 'TOPUP', note: `Nạp ${formatVndText(order.amountVnd)} vào ví (mã ${order.paymentRef}).` });
		if (order.bonusVnd > 0n) {
			await credit(tx, { ...ref, userId: order.userId, pocket: 'bonus', amount: order.bonusVnd, entryType: 'BONUS', note: `Thưởng ${formatVndText(order.bonusVnd)} cho lần nạp ${order.paymentRef}.` });
		}
		if (order.promoRedemptionId) await consumePromoRedemption(tx, order.promoRedemptionId);
	},

	async expire(tx, intent) {
		const order = await moveStatus(tx, intent.targetId, 'EXPIRED');
		if (order?.promoRedemptionId) await releasePromoRedemption(tx, order.promoRedemptionId);
	},

	creditUnapplied: (tx, intent, transfer, amount, reason) =>
		creditBuyersWallet(tx, intent, transfer, amount, 'TOPUP', unappliedNote[reason](intent.reference, amount))
};
