/**
 * Payments confirmed by staff instead of the bank feed (cash handed over at a
 * counter): the intent is settled exactly as a matched transfer would settle
 * it, with the same lock and the same exactly-once status change.
 */
import { and, eq } from 'drizzle-orm';
import { db, type Tx } from '../db/client';
import { paymentIntents } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { expireIntent, isPastExpiry } from './intents';
import { paymentTarget, runAfterSettle, type PaymentIntent } from './targets';
import { orderStatusLabels } from '../../order-labels';

/**
 * `onSettled` runs in the same transaction right after the intent is paid —
 * where the caller writes its audit row, so the payment and its record
 * commit together or not at all.
 */
export async function settleIntentManually(
	kind: string,
	targetId: string,
	onSettled?: (tx: Tx, intent: PaymentIntent) => Promise<void>
): Promise<PaymentIntent> {
	const paid = await db().transaction(async (tx) => {
		const [intent] = await tx
			.select()
			.from(paymentIntents)
			.where(and(eq(paymentIntents.kind, kind), eq(paymentIntents.targetId, targetId)))
			.for('update');
		if (!intent) throw new AppError('not_found', 'Không tìm thấy khoản thanh toán của đơn này.');
		if (intent.status === 'PENDING' && isPastExpiry(intent)) {
			await expireIntent(tx, intent);
			return null;
		}
		if (intent.status !== 'PENDING') {
			throw new AppError('state_violation', `Đơn không còn chờ thanh toán (trạng thái ${(orderStatusLabels as Record<string, string>)[intent.status] ?? intent.status}).`, { status: intent.status });
		}
		const [row] = await tx
			.update(paymentIntents)
			.set({ status: 'PAID', paidAt: now() })
			.where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')))
			.returning();
		await paymentTarget(kind).settle(tx, row!, null);
		await onSettled?.(tx, row!);
		return row!;
	});
	// Expiring it must commit (the order gives back what it held) before the refusal is reported.
	if (!paid) throw new AppError('state_violation', 'Đơn đã quá hạn thanh toán và đã hết hiệu lực.', { status: 'EXPIRED' });
	await runAfterSettle(paid);
	return paid;
}
