/**
 * What bank transfers (and cash confirmations) do to purchase orders. Paid
 * in full: the order is PAID (ownership, promo use final), and once that has
 * committed the receipt goes out. Expired: the flash-sale unit and promo use
 * are given back. Money that pays nothing — after expiry, for an order
 * already paid, or the excess of an overpayment — goes to the buyer's main
 * pocket as a REFUND when the buyer has an account; a guest's is kept for
 * staff (its email is not proof of owning any account).
 */
import type { PaymentTarget, UnappliedReason } from '../payments/targets';
import { creditBuyersWallet } from '../payments/unapplied';
import { formatVndText } from '../../format';
import { deliverReceipt } from './receipts';
import { markOrderPaid, releaseOrder } from './transitions';
import { orderTransferLate, orderTransferShort } from '../notifications/events';

const unappliedNote: Record<UnappliedReason, (ref: string, amount: bigint) => string> = {
	late: (ref, amount) => `Chuyển khoản ${ref} đến sau khi đơn hàng hết hạn hoặc đã huỷ: hoàn ${formatVndText(amount)} vào ví chính.`,
	duplicate_payment: (ref, amount) => `Chuyển khoản lặp lại cho đơn hàng ${ref} đã thanh toán: hoàn ${formatVndText(amount)} vào ví chính.`,
	overpaid: (ref, amount) => `Chuyển thừa ${formatVndText(amount)} cho đơn hàng ${ref}: hoàn phần thừa vào ví chính.`
};

export const orderPaymentTarget: PaymentTarget = {
	async settle(tx, intent) {
		await markOrderPaid(tx, intent.targetId);
	},

	async afterSettle(intent) {
		await deliverReceipt(intent.targetId);
	},

	async expire(tx, intent) {
		await releaseOrder(tx, intent.targetId, 'EXPIRED');
	},

	// A guest's intent has no account: creditBuyersWallet leaves that money for staff.
	async creditUnapplied(tx, intent, transfer, amount, reason) {
		const note = await creditBuyersWallet(tx, intent, transfer, amount, 'REFUND', unappliedNote[reason](intent.reference, amount));
		if (note !== null) await orderTransferLate(tx, intent.targetId, amount, reason);
		return note;
	},

	paidShort: (tx, intent, receivedVnd, dueVnd) => orderTransferShort(tx, intent.targetId, receivedVnd, dueVnd)
};
