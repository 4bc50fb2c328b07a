/**
 * What a bank transfer does to a cart's orders (cart-checkout.ts): paid in
 * full, every order of the intent is PAID in the webhook's transaction (each
 * with its own ownership and promo use made final) and the lines leave the
 * cart; once that has committed each order's receipt goes out. Expired or
 * cancelled, every order gives back what it held (cart-release.ts). Money
 * that pays nothing goes to the buyer's main pocket as for single orders
 * (payment-target.ts); a guest's is kept for staff.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../db/client';
import { cartCheckouts, cartItems, orders } from '../db/schema';
import type { PaymentTarget, UnappliedReason } from '../payments/targets';
import { creditBuyersWallet } from '../payments/unapplied';
import { formatVndText } from '../../format';
import { notifyUser } from '../notifications/notify';
import { paths } from '../../paths';
import { pendingOrdersOf, releaseIntentOrders } from './cart-release';
import { deliverReceipt } from './receipts';
import { markOrderPaid } from './transitions';

const unappliedNote: Record<UnappliedReason, (ref: string, amount: bigint) => string> = {
	late: (ref, amount) => `Chuyển khoản ${ref} đến sau khi giỏ hàng hết hạn hoặc đã huỷ: hoàn ${formatVndText(amount)} vào ví chính.`,
	duplicate_payment: (ref, amount) => `Chuyển khoản lặp lại cho giỏ hàng ${ref} đã thanh toán: hoàn ${formatVndText(amount)} vào ví chính.`,
	overpaid: (ref, amount) => `Chuyển thừa ${formatVndText(amount)} cho giỏ hàng ${ref}: hoàn phần thừa vào ví chính.`
};

export const cartPaymentTarget: PaymentTarget = {
	async settle(tx, intent) {
		const paid = [];
		for (const order of await pendingOrdersOf(tx, intent.id)) paid.push(await markOrderPaid(tx, order.id));
		const [checkout] = await tx.select({ cartId: cartCheckouts.cartId }).from(cartCheckouts).where(eq(cartCheckouts.id, intent.targetId));
		if (checkout?.cartId && paid.length > 0) {
			await tx.delete(cartItems).where(and(eq(cartItems.cartId, checkout.cartId), inArray(cartItems.productId, paid.map((o) => o.productId))));
		}
	},

	async afterSettle(intent) {
		const lines = await db().select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intent.id));
		for (const line of lines) await deliverReceipt(line.id);
	},

	async expire(tx, intent) {
		await releaseIntentOrders(tx, intent.id, 'EXPIRED');
	},

	creditUnapplied: (tx, intent, transfer, amount, reason) => creditBuyersWallet(tx, intent, transfer, amount, 'REFUND', unappliedNote[reason](intent.reference, amount)),

	async paidShort(tx, intent, receivedVnd, dueVnd) {
		if (!intent.userId) return;
		await notifyUser(tx, intent.userId, {
			kind: 'order.transfer_short',
			group: 'money',
			title: `Chuyển khoản cho giỏ hàng ${intent.reference} còn thiếu ${formatVndText(dueVnd)}`,
			body: `Đã nhận ${formatVndText(receivedVnd)} trên ${formatVndText(intent.amountVnd)}. Hãy chuyển nốt ${formatVndText(dueVnd)} với nội dung ${intent.reference}; trang thanh toán giỏ hàng có mã QR cho số còn thiếu.`,
			link: paths.cartCheckout(intent.targetId)
		});
	}
};
