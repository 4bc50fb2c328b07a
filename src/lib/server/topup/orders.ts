/**
 * Top-up orders: a buyer picks a denomination, transfers `totalAmountVnd`
 * by VietQR, and the bank-transfer webhook credits the wallet
 * (./payment-target.ts). Pending top-ups expire after TOPUP_ORDER_TTL_MINUTES.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { CreateTopupOrderInput, TopupOrder } from '../../contracts/topup';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { topupDenominations, topupOrders, wallets } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { paymentAccount } from '../payments/account';
import { createPaymentIntent, expireIfDue, isPastExpiry, paymentDetails } from '../payments/intents';
import { capReached, evaluateTopupPromo, reservePromo } from '../promos/service';
import { ensureWallet, overflowError } from '../wallet/service';
import { bonusFor } from './denominations';
import { isUuid } from '../db/ids';
import { claimIdempotencyKey, recordIdempotentOrder, requestHash, type IdempotencyKey } from '../payments/idempotency';

export const TOPUP_KIND = 'topup';

type TopupRow = typeof topupOrders.$inferSelect;

function unknownDenomination(): AppError {
	return badRequest('Mệnh giá nạp không tồn tại hoặc đã ngừng áp dụng.', {
		fields: [{ path: 'denominationId', message: 'unknown or inactive denomination' }]
	});
}

/**
 * Locks the wallet row (serialising one buyer's top-up creations) and
 * returns what it holds plus what pending top-ups will add when paid.
 */
async function committedBalance(tx: Tx, userId: string): Promise<bigint> {
	await ensureWallet(tx, userId);
	const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
	const [pending] = await tx
		.select({ total: sql<string>`coalesce(sum(${topupOrders.amountVnd} + ${topupOrders.bonusVnd}), 0)`.mapWith((v) => BigInt(v)) })
		.from(topupOrders)
		.where(and(eq(topupOrders.userId, userId), eq(topupOrders.status, 'PENDING'), gt(topupOrders.expiresAt, now())));
	return wallet!.main + wallet!.bonus + (pending?.total ?? 0n);
}

export interface CreatedTopup {
	order: TopupOrder;
	/** A retry with the same Idempotency-Key: the first request's top-up. */
	replayed: boolean;
}

/** Top-up keys are the account's own: another account's same key is another key. */
const topupKey = (userId: string, key: string): IdempotencyKey => ({ kind: 'topup', scope: `user:${userId}`, key });

export async function createTopupOrder(userId: string, input: CreateTopupOrderInput, idempotencyKey?: string): Promise<CreatedTopup> {
	// No payment account, no QR: refuse before anything is reserved.
	paymentAccount();
	if (!isUuid(input.denominationId)) throw unknownDenomination();
	const promoCode = input.promoCode || undefined;
	const key = idempotencyKey ? topupKey(userId, idempotencyKey) : undefined;
	const hash = requestHash({ denominationId: input.denominationId, promoCode, returnTo: input.returnTo });

	const created = await db().transaction(async (tx): Promise<{ row: TopupRow; replayed: boolean }> => {
		const claim = key ? await claimIdempotencyKey(tx, key, hash) : undefined;
		if (claim?.kind === 'replay') {
			const [first] = await tx.select().from(topupOrders).where(eq(topupOrders.id, claim.orderId));
			return { row: first!, replayed: true };
		}
		const [denomination] = await tx
			.select()
			.from(topupDenominations)
			.where(and(eq(topupDenominations.id, input.denominationId), eq(topupDenominations.isActive, true)));
		if (!denomination) throw unknownDenomination();
		const amountVnd = denomination.amountVnd;
		const bonusVnd = bonusFor(amountVnd, denomination.bonusRateBp);

		const committed = await committedBalance(tx, userId);
		if (committed + amountVnd + bonusVnd > config().walletMaxBalanceVnd) throw overflowError(committed, amountVnd + bonusVnd);

		let promo: { id: string; discountVnd: bigint } | undefined;
		if (promoCode) {
			const evaluation = await evaluateTopupPromo(tx, promoCode, userId, amountVnd);
			if (!evaluation.ok && evaluation.reason === 'cap_reached') throw capReached();
			if (!evaluation.ok) {
				throw badRequest('Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho mệnh giá này.', {
					fields: [{ path: 'promoCode', message: 'invalid promo code' }]
				});
			}
			promo = { id: evaluation.promo.id, discountVnd: evaluation.discountVnd };
		}

		const id = randomUUID();
		const totalAmountVnd = amountVnd - (promo?.discountVnd ?? 0n);
		const createdAt = now();
		const expiresAt = new Date(createdAt.getTime() + config().topupOrderTtlMs);
		const intent = await createPaymentIntent(tx, { kind: TOPUP_KIND, targetId: id, amountVnd: totalAmountVnd, userId, expiresAt });
		const promoRedemptionId = promo
			? await reservePromo(tx, { promoId: promo.id, userId, refType: TOPUP_KIND, refId: id, discountVnd: promo.discountVnd }, 'TOPUP')
			: null;
		const [row] = await tx
			.insert(topupOrders)
			.values({
				id,
				userId,
				denominationId: denomination.id,
				amountVnd,
				bonusVnd,
				promoDiscountVnd: promo?.discountVnd ?? 0n,
				totalAmountVnd,
				promoRedemptionId,
				paymentRef: intent.reference,
				returnTo: input.returnTo ?? null,
				expiresAt,
				createdAt,
				updatedAt: createdAt
			})
			.returning();
		if (key) await recordIdempotentOrder(tx, key, id);
		return { row: row!, replayed: false };
	});
	return { order: await toTopupOrder(created.row), replayed: created.replayed };
}

export async function getTopupOrder(userId: string, id: string): Promise<TopupOrder> {
	if (!isUuid(id)) throw notFound('Không tìm thấy lệnh nạp tiền.');
	const find = async () =>
		(await db().select().from(topupOrders).where(and(eq(topupOrders.id, id), eq(topupOrders.userId, userId))))[0];
	let row = await find();
	if (!row) throw notFound('Không tìm thấy lệnh nạp tiền.');
	// A pending top-up past its expiry is never shown as payable, even before the sweep reaches it.
	if (row.status === 'PENDING' && isPastExpiry(row)) {
		await expireIfDue(TOPUP_KIND, row.id);
		row = (await find())!;
	}
	return toTopupOrder(row);
}

async function toTopupOrder(row: TopupRow): Promise<TopupOrder> {
	const payable = row.status === 'PENDING' && config().payment.ready;
	const details = payable ? await paymentDetails({ reference: row.paymentRef, amountVnd: row.totalAmountVnd }) : null;
	return {
		id: row.id,
		status: row.status,
		amountVnd: row.amountVnd.toString(),
		bonusVnd: row.bonusVnd.toString(),
		promoDiscountVnd: row.promoDiscountVnd.toString(),
		totalAmountVnd: row.totalAmountVnd.toString(),
		paymentMethod: 'qr_direct',
		qrUrl: details?.qrUrl ?? null,
		qrPayload: details?.qrPayload ?? null,
		expiresAt: row.expiresAt.toISOString(),
		paymentRef: row.paymentRef,
		paymentInstructions: details?.paymentInstructions ?? null,
		paidAt: row.paidAt?.toISOString() ?? null,
		createdAt: row.createdAt.toISOString(),
		returnTo: row.returnTo
	};
}
