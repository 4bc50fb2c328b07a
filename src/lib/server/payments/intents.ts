/**
 * Payment intents: one per order that a bank transfer can pay, holding its
 * reference, amount and expiry. Orders create one in their own transaction
 * and show its QR while it is pending.
 */
import { and, eq, lte } from 'drizzle-orm';
import { db, type Tx } from '../db/client';
import { paymentIntents } from '../db/schema';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { formatVndText } from '../../format';
import { paymentAccount } from './account';
import { newPaymentReference } from './payment-ref';
import { paymentTarget, type PaymentIntent } from './targets';
import { vietQrDataUrl, vietQrPayload } from './vietqr';

export interface NewPaymentIntent {
	kind: string;
	targetId: string;
	amountVnd: bigint;
	userId: string | null;
	expiresAt: Date;
}

export async function createPaymentIntent(tx: Tx, input: NewPaymentIntent): Promise<PaymentIntent> {
	// 2^40 references make a collision rare; ON CONFLICT keeps one from aborting the transaction.
	for (let attempt = 0; attempt < 5; attempt++) {
		const [intent] = await tx
			.insert(paymentIntents)
			.values({ ...input, reference: newPaymentReference(), createdAt: now() })
			.onConflictDoNothing({ target: paymentIntents.reference })
			.returning();
		if (intent) return intent;
	}
	throw new Error('could not allocate a unique payment reference');
}

export interface PaymentDetails {
	paymentRef: string;
	/** The VietQR (EMVCo TLV) text, for integrations that hand it to a banking app instead of showing the image. */
	qrPayload: string;
	qrUrl: string;
	paymentInstructions: string;
}

/** What the buyer needs to pay: the VietQR image and the same details spelt out. */
export async function paymentDetails(intent: Pick<PaymentIntent, 'reference' | 'amountVnd'>): Promise<PaymentDetails> {
	const account = paymentAccount();
	const payload = vietQrPayload({
		bankBin: account.bankBin,
		accountNumber: account.accountNumber,
		amountVnd: intent.amountVnd,
		memo: intent.reference
	});
	return {
		paymentRef: intent.reference,
		qrPayload: payload,
		qrUrl: await vietQrDataUrl(payload),
		paymentInstructions:
			`Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản ${formatVndText(intent.amountVnd)} tới ${account.bankName}, ` +
			`số tài khoản ${account.accountNumber} (${account.accountName}), nội dung: ${intent.reference}. ` +
			'Đơn được xác nhận tự động khi tiền về.'
	};
}

/** Marks a locked, pending intent expired and lets its order give back what it held. */
export async function expireIntent(tx: Tx, intent: PaymentIntent): Promise<void> {
	const [expired] = await tx
		.update(paymentIntents)
		.set({ status: 'EXPIRED' })
		.where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')))
		.returning();
	if (expired) await paymentTarget(expired.kind).expire(tx, expired);
}

export function isPastExpiry(intent: Pick<PaymentIntent, 'expiresAt'>): boolean {
	return intent.expiresAt.getTime() <= now().getTime();
}

/**
 * Expires one intent if it is due, waiting for its lock (a webhook may be
 * paying it right now). Reads call this so a pending order past its expiry
 * is never shown as payable.
 */
export async function expireIfDue(kind: string, targetId: string): Promise<void> {
	await db().transaction(async (tx) => {
		const [intent] = await tx
			.select()
			.from(paymentIntents)
			.where(and(eq(paymentIntents.kind, kind), eq(paymentIntents.targetId, targetId)))
			.for('update');
		if (intent?.status === 'PENDING' && isPastExpiry(intent)) await expireIntent(tx, intent);
	});
}

const SWEEP_BATCH = 100;

/**
 * The expiry worker's pass. SKIP LOCKED lets several instances sweep at once
 * (and never waits on a webhook holding an intent); each batch is one
 * transaction, so a failure leaves the rest for the next pass.
 */
export async function expireDueIntents(): Promise<number> {
	let total = 0;
	for (;;) {
		const count = await db().transaction(async (tx) => {
			const due = await tx
				.select()
				.from(paymentIntents)
				.where(and(eq(paymentIntents.status, 'PENDING'), lte(paymentIntents.expiresAt, now())))
				.orderBy(paymentIntents.expiresAt)
				.limit(SWEEP_BATCH)
				.for('update', { skipLocked: true });
			for (const intent of due) await expireIntent(tx, intent);
			return due.length;
		});
		total += count;
		if (count < SWEEP_BATCH) break;
	}
	if (total > 0) log.info('expired unpaid payment intents', { count: total });
	return total;
}
