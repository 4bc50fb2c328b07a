/**
 * Confirmation of bank transfers (docs/architecture.md#payments): the notifier (SePay-style
 * JSON) reports every transfer into the shop's account; this module records
 * it, finds the payment reference in its content and lets the intent's
 * handler apply it.
 *
 * Exactly once: the transfer row is inserted first, in the same transaction
 * as everything the transfer causes, with the provider's transaction id
 * unique. A repeated delivery — even a concurrent one, which waits on the
 * unique index — finds the row and changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type DbOrTx, type Tx } from '../db/client';
import { bankTransfers, paymentIntents, type TransferMatchStatus } from '../db/schema';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { formatVndText } from '../../format';
import { expireIntent, isPastExpiry } from './intents';
import { referenceCandidates } from './payment-ref';
import { paymentTarget, runAfterSettle, type BankTransfer, type PaymentIntent, type UnappliedReason } from './targets';
import { unmatchedTransfer } from '../notifications/events';

export const BANK_TRANSFER_PROVIDER = 'sepay';

const text = (max: number) => z.string().max(max).nullish();

export const BankTransferNotification = z.looseObject({
	id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(64)]).transform(String),
	gateway: text(100),
	transactionDate: text(40),
	accountNumber: text(40),
	/** Some notifiers extract the payment code themselves. */
	code: text(100),
	content: text(1000),
	transferType: z.enum(['in', 'out']),
	transferAmount: z
		.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[0-9]{1,15}$/)])
		.transform((v) => BigInt(v)),
	referenceCode: text(100),
	description: text(1000)
});
export type BankTransferNotification = z.infer<typeof BankTransferNotification>;

export interface TransferOutcome {
	/** `duplicate`: this provider transaction was already processed; nothing changed. */
	status: TransferMatchStatus | 'duplicate';
	transferId: string | null;
}

interface Resolution {
	matchStatus: TransferMatchStatus;
	intentId?: string;
	creditedVnd?: bigint;
	needsReview: boolean;
	note: string;
	/** The intent this transfer paid, for the target's after-commit work. */
	settled?: PaymentIntent;
}

/** Inserts the transfer, or re-claims one whose processing failed before; null for a repeat delivery. */
async function claim(tx: Tx, n: BankTransferNotification, payload: unknown): Promise<BankTransfer | null> {
	const [row] = await tx
		.insert(bankTransfers)
		.values({
			provider: BANK_TRANSFER_PROVIDER,
			providerTxnId: n.id,
			gateway: n.gateway ?? null,
			accountNumber: n.accountNumber ?? null,
			transferType: n.transferType,
			amountVnd: n.transferAmount,
			content: n.content ?? '',
			bankReference: n.referenceCode ?? null,
			transactionDate: n.transactionDate ?? null,
			payload,
			matchStatus: 'error',
			receivedAt: now()
		})
		.onConflictDoUpdate({
			target: [bankTransfers.provider, bankTransfers.providerTxnId],
			set: { attempts: sql`${bankTransfers.attempts} + 1` },
			setWhere: eq(bankTransfers.matchStatus, 'error')
		})
		.returning();
	return row ?? null;
}

/** The reason is also the transfer's match status. */
async function creditUnapplied(tx: Tx, intent: PaymentIntent, transfer: BankTransfer, amount: bigint, matchStatus: UnappliedReason): Promise<Resolution> {
	if (amount === 0n) return { matchStatus, intentId: intent.id, needsReview: false, note: 'Không có khoản nào cần xử lý thêm.' };
	const note = await paymentTarget(intent.kind).creditUnapplied(tx, intent, transfer, amount, matchStatus);
	return note === null
		? { matchStatus, intentId: intent.id, needsReview: true, note: `${formatVndText(amount)} chưa được xử lý: cần nhân viên kiểm tra.` }
		: { matchStatus, intentId: intent.id, creditedVnd: amount, needsReview: false, note };
}

async function resolve(tx: Tx, n: BankTransferNotification, transfer: BankTransfer): Promise<Resolution> {
	if (n.transferType === 'out') return { matchStatus: 'outgoing', needsReview: false, note: 'Giao dịch tiền ra, không đối soát.' };

	const candidates = referenceCandidates([n.code, n.content, n.description].filter(Boolean).join(' '));
	const intents = candidates.length
		? await tx.select().from(paymentIntents).where(inArray(paymentIntents.reference, candidates)).for('update')
		: [];
	if (intents.length !== 1) {
		const note = intents.length === 0 ? 'Không tìm thấy mã thanh toán trong nội dung chuyển khoản.' : `Nội dung chứa nhiều mã thanh toán: ${intents.map((i) => i.reference).join(', ')}.`;
		await unmatchedTransfer(tx, transfer.amountVnd, transfer.content);
		return { matchStatus: 'unmatched', needsReview: true, note };
	}
	const intent = intents[0]!;

	// Past its expiry but not swept yet: expire it now (its order gives back what it held), then treat the money as late.
	const lapsed = intent.status === 'PENDING' && isPastExpiry(intent);
	if (lapsed) await expireIntent(tx, intent);
	if (intent.status === 'PAID') return creditUnapplied(tx, intent, transfer, transfer.amountVnd, 'duplicate_payment');
	if (lapsed || intent.status !== 'PENDING') return creditUnapplied(tx, intent, transfer, transfer.amountVnd, 'late');
	if (transfer.amountVnd < intent.amountVnd) {
		// Short transfers before this one still wait on the intent: together they may pay it (the buyer paid the remainder).
		const earlier = await openShortTransfers(tx, intent.id);
		const received = earlier.reduce((sum, t) => sum + t.amountVnd, 0n) + transfer.amountVnd;
		if (received < intent.amountVnd) {
			await paymentTarget(intent.kind).paidShort?.(tx, intent, received, intent.amountVnd - received);
			return {
				matchStatus: 'underpaid',
				intentId: intent.id,
				needsReview: true,
				note: `Chuyển ${formatVndText(transfer.amountVnd)}, thiếu so với ${formatVndText(intent.amountVnd)} cần thanh toán (đã nhận ${formatVndText(received)}, còn thiếu ${formatVndText(intent.amountVnd - received)}); đơn vẫn chờ thanh toán.`
			};
		}
		const paid = await payIntent(tx, intent, transfer);
		await tx
			.update(bankTransfers)
			.set({ needsReview: false, note: sql`coalesce(${bankTransfers.note}, '') || ${` Đã gộp với chuyển khoản ${transfer.bankReference ?? transfer.providerTxnId} để thanh toán ${intent.reference}.`}` })
			.where(inArray(bankTransfers.id, earlier.map((t) => t.id)));
		const excess = received - intent.amountVnd;
		const note = `Đã thanh toán ${intent.reference} cùng ${earlier.length} chuyển khoản thiếu trước đó (tổng ${formatVndText(received)}).`;
		if (excess === 0n) return { matchStatus: 'matched', intentId: intent.id, needsReview: false, note, settled: paid };
		return { ...(await creditUnapplied(tx, paid, transfer, excess, 'overpaid')), settled: paid };
	}

	const paid = await payIntent(tx, intent, transfer);
	const excess = transfer.amountVnd - intent.amountVnd;
	if (excess === 0n) return { matchStatus: 'matched', intentId: intent.id, needsReview: false, note: `Đã thanh toán ${intent.reference}.`, settled: paid };
	return { ...(await creditUnapplied(tx, paid, transfer, excess, 'overpaid')), settled: paid };
}

async function payIntent(tx: Tx, intent: PaymentIntent, transfer: BankTransfer): Promise<PaymentIntent> {
	const [paid] = await tx
		.update(paymentIntents)
		.set({ status: 'PAID', paidAt: now() })
		.where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')))
		.returning();
	await paymentTarget(intent.kind).settle(tx, paid!, transfer);
	return paid!;
}

/** Short transfers to an intent that nothing has applied yet: what the buyer has paid so far. */
export async function openShortTransfers(tx: DbOrTx, intentId: string): Promise<BankTransfer[]> {
	return tx
		.select()
		.from(bankTransfers)
		.where(and(eq(bankTransfers.intentId, intentId), eq(bankTransfers.matchStatus, 'underpaid'), eq(bankTransfers.needsReview, true)));
}

async function keepFailedTransfer(n: BankTransferNotification, payload: unknown, error: unknown): Promise<void> {
	try {
		await db().transaction(async (tx) => {
			const row = await claim(tx, n, payload);
			if (row) {
				const message = error instanceof Error ? error.message : String(error);
				await tx
					.update(bankTransfers)
					.set({ needsReview: true, note: `Lỗi xử lý, sẽ thử lại ở lần gửi sau: ${message}`.slice(0, 1000) })
					.where(eq(bankTransfers.id, row.id));
			}
		});
	} catch (recordError) {
		log.error('could not record a failed bank transfer', { providerTxnId: n.id, error: recordError });
	}
}

/**
 * Processes one notification. Throws when processing failed; the transfer is
 * then kept with status `error` and the notifier's next delivery retries it.
 */
export async function receiveBankTransfer(n: BankTransferNotification, payload: unknown): Promise<TransferOutcome> {
	let settled: PaymentIntent | undefined;
	try {
		const outcome = await db().transaction(async (tx) => {
			const transfer = await claim(tx, n, payload);
			if (!transfer) return { status: 'duplicate' as const, transferId: null };
			const r = await resolve(tx, n, transfer);
			await tx
				.update(bankTransfers)
				.set({
					matchStatus: r.matchStatus,
					intentId: r.intentId ?? null,
					creditedVnd: r.creditedVnd ?? 0n,
					needsReview: r.needsReview,
					note: r.note,
					processedAt: now()
				})
				.where(eq(bankTransfers.id, transfer.id));
			log.info('bank transfer processed', { providerTxnId: n.id, matchStatus: r.matchStatus, amount: n.transferAmount.toString() });
			settled = r.settled;
			return { status: r.matchStatus, transferId: transfer.id };
		});
		if (settled) await runAfterSettle(settled);
		return outcome;
	} catch (error) {
		log.error('bank transfer processing failed', { providerTxnId: n.id, error });
		await keepFailedTransfer(n, payload, error);
		throw error;
	}
}

