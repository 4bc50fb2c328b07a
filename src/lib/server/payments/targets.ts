/**
 * What a paid, expired or stray payment means depends on what was being paid
 * for. Each kind of order registers one handler; the bank-transfer matcher
 * and the expiry sweep stay generic (docs/architecture.md#payments).
 */
import type { Tx } from '../db/client';
import type { bankTransfers, paymentIntents } from '../db/schema';
import { log } from '../platform/logger';

export type PaymentIntent = typeof paymentIntents.$inferSelect;
export type BankTransfer = typeof bankTransfers.$inferSelect;

/** Why money reached an intent without paying it. */
export type UnappliedReason = 'late' | 'duplicate_payment' | 'overpaid';

export interface PaymentTarget {
	/**
	 * The intent has just been paid in full. Runs in the webhook's transaction
	 * with the intent row locked, exactly once per intent.
	 */
	settle(tx: Tx, intent: PaymentIntent, transfer: BankTransfer | null): Promise<void>;
	/**
	 * Runs once the transaction that settled the intent has committed: work
	 * that must not happen if it rolled back (a receipt email). Failures are
	 * logged, never undo the payment, and must be retried by the target itself.
	 */
	afterSettle?(intent: PaymentIntent): Promise<void>;
	/** The intent expired unpaid: give back what the order held (promo uses, stock). */
	expire(tx: Tx, intent: PaymentIntent): Promise<void>;
	/**
	 * Money that pays nothing (a transfer after expiry, a second payment, the
	 * excess of an overpayment). Credit it where the buyer can use it and
	 * return a note for staff, or return null to leave it for staff review.
	 */
	creditUnapplied(tx: Tx, intent: PaymentIntent, transfer: BankTransfer, amount: bigint, reason: UnappliedReason): Promise<string | null>;
	/** A transfer arrived short and the intent still waits: tell the buyer what arrived and what is due. */
	paidShort?(tx: Tx, intent: PaymentIntent, receivedVnd: bigint, dueVnd: bigint): Promise<void>;
}

const targets = new Map<string, PaymentTarget>();

export function registerPaymentTarget(kind: string, target: PaymentTarget): void {
	const existing = targets.get(kind);
	if (existing && existing !== target) throw new Error(`payment target "${kind}" is already registered`);
	targets.set(kind, target);
}

export function paymentTarget(kind: string): PaymentTarget {
	const target = targets.get(kind);
	if (!target) throw new Error(`no payment target registered for "${kind}"`);
	return target;
}

/** The payment is committed; what follows may fail without touching it. */
export async function runAfterSettle(intent: PaymentIntent): Promise<void> {
	try {
		await paymentTarget(intent.kind).afterSettle?.(intent);
	} catch (error) {
		log.error('after-payment work failed; the payment stands', { kind: intent.kind, targetId: intent.targetId, error });
	}
}
