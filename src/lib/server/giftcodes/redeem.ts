/**
 * Gift-code redemption. One transaction: the per-user redemption row (unique
 * per code and user), the conditional `redemption_count < max_redemptions`
 * claim and the wallet credit commit together or not at all, so a code is
 * never credited twice to one user nor more often than it allows.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { RedeemGiftCodeResult } from '../../contracts/giftcode';
import { db, type Tx } from '../db/client';
import { giftCodeRedemptions, giftCodes, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { credit } from '../wallet/service';
import { formatVndText } from '../../format';
import { giftCodeLookupHash } from './codes';

export type RedeemFailure = 'expired' | 'exhausted' | 'already_redeemed' | 'zero_amount';

const messages: Record<RedeemFailure, string> = {
	expired: 'Mã quà tặng đã hết hạn hoặc không còn hiệu lực.',
	exhausted: 'Mã quà tặng đã được sử dụng hết.',
	already_redeemed: 'Bạn đã sử dụng mã quà tặng này rồi.',
	zero_amount: 'Mã quà tặng này không có giá trị để cộng vào ví.'
};

function refused(reason: RedeemFailure): AppError {
	return new AppError('validation_error', messages[reason], { reason });
}

/** The failure limit around one attempt: judged before it, told of it when it failed. */
export interface AttemptGuard {
	check(): Promise<void>;
	failed(): Promise<void>;
}

const isFailedAttempt = (error: unknown) => error instanceof AppError && (error.status === 400 || error.status === 404);

/**
 * One account's attempts run one at a time (its user row is locked first), so
 * the guard sees each failure counted before it judges the next attempt: a
 * burst of simultaneous guesses gets no more tries than a sequence would.
 */
export async function redeemGiftCode(userId: string, code: string, guard?: AttemptGuard): Promise<RedeemGiftCodeResult> {
	return db().transaction(async (tx) => {
		await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
		await guard?.check();
		try {
			return await redeemLocked(tx, userId, code);
		} catch (error) {
			if (isFailedAttempt(error)) await guard?.failed();
			throw error;
		}
	});
}

async function redeemLocked(tx: Tx, userId: string, code: string): Promise<RedeemGiftCodeResult> {
	const lookupHash = giftCodeLookupHash(code);
	const [gift] = await tx.select().from(giftCodes).where(eq(giftCodes.lookupHash, lookupHash));
	if (!gift) throw notFound('Mã quà tặng không tồn tại. Vui lòng kiểm tra lại.');
	if (!gift.isActive || (gift.expiresAt !== null && gift.expiresAt <= now())) throw refused('expired');
	if (gift.amountVnd <= 0n) throw refused('zero_amount');

	const [redemption] = await tx
		.insert(giftCodeRedemptions)
		.values({ giftCodeId: gift.id, userId, amountVnd: gift.amountVnd, createdAt: now() })
		.onConflictDoNothing({ target: [giftCodeRedemptions.giftCodeId, giftCodeRedemptions.userId] })
		.returning({ id: giftCodeRedemptions.id });
	if (!redemption) throw refused('already_redeemed');

	const [claimed] = await tx
		.update(giftCodes)
		.set({ redemptionCount: sql`${giftCodes.redemptionCount} + 1` })
		.where(and(eq(giftCodes.id, gift.id), lt(giftCodes.redemptionCount, giftCodes.maxRedemptions)))
		.returning({ id: giftCodes.id });
	if (!claimed) throw refused('exhausted');

	const balance = await credit(tx, {
		userId,
		pocket: 'bonus',
		amount: gift.amountVnd,
		entryType: 'BONUS',
		refType: 'giftcode',
		refId: redemption.id,
		note: `Nhập mã quà tặng …${gift.hint}: cộng ${formatVndText(gift.amountVnd)} vào ví thưởng.`
	});
	return { xuAmount: gift.amountVnd.toString(), newBalance: balance.total.toString() };
}
