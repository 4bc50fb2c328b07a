/**
 * cash_manual: a single order (carts do not take cash) waits with its own payment intent and
 * reference until CASH_ORDER_TTL_HOURS; staff confirm it once the cash is in hand (ops CLI
 * `orders:confirm-cash`, the console), which pays it exactly as a matched transfer would.
 */
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../admin/audit';
import { config } from '../../config';
import { db } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, badRequest } from '../../errors/app-error';
import { settleIntentManually } from '../../payments/manual';
import { orderNotFound } from '../errors';
import { ORDER_KIND, type OrderRow } from '../transitions';
import { isUuid } from '../../db/ids';
import { formatDateTimeText, formatVndText } from '../../../format';
import type { CheckoutMethod } from './method';
import { waitingOrder } from './rows';

function cashInstructions(row: OrderRow): string {
	return (
		`Thanh toán ${formatVndText(row.amountVnd)} bằng tiền mặt tại văn phòng hoclieu hoặc cho nhân viên thu tiền, và đọc mã đơn ${row.paymentRef}. ` +
		`Đơn được xác nhận khi nhân viên nhận tiền${row.expiresAt ? `; đơn được giữ đến ${formatDateTimeText(row.expiresAt)}` : ''}.`
	);
}

export const cash: CheckoutMethod = {
	free: false,
	takesUnit: false,
	order: (tx, p, line) => waitingOrder(tx, p, line, 'cash_manual', new Date(p.at.getTime() + config().checkout.cashOrderTtlMs)),
	waiting: async (order) => ({ qrUrl: null, qrPayload: null, paymentInstructions: cashInstructions(order), short: null })
};

/** Who confirmed it, for the audit row: a staff account (console, /api/v1/admin) or the operator CLI (null). */
export interface CashConfirmer {
	actorId: string | null;
	via: 'admin' | 'ops orders:confirm-cash';
}

/** Pays the order exactly as a matched transfer would (ownership, promo use, receipt); refuses anything but a pending cash order. */
export async function confirmCashOrder(orderId: string, by: CashConfirmer): Promise<OrderRow> {
	if (!isUuid(orderId)) throw badRequest('Mã đơn hàng phải là một UUID.');
	const find = async () => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
	const order = await find();
	if (!order) throw orderNotFound();
	if (order.paymentMethod !== 'cash_manual') {
		throw new AppError('state_violation', `Đơn này thanh toán bằng ${order.paymentMethod}, không phải tiền mặt.`, { paymentMethod: order.paymentMethod });
	}
	await settleIntentManually(ORDER_KIND, order.id, (tx, intent) =>
		recordAudit(tx, {
			actorId: by.actorId,
			action: 'order.confirm_cash',
			targetType: 'order',
			targetId: order.id,
			summary: { before: { status: 'PENDING' }, after: { status: 'PAID' }, amountVnd: intent.amountVnd.toString(), paymentRef: intent.reference, via: by.via }
		})
	);
	return (await find())!;
}
