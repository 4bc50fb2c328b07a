import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './money';
import { users } from './users';

export const paymentIntentStatuses = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/**
 * One row per thing a bank transfer can pay (a top-up, a purchase order …),
 * so every kind shares one reference space and one matcher (docs/architecture.md#payments).
 * `kind` names the handler registered with `registerPaymentTarget`.
 */
export const paymentIntents = pgTable(
	'payment_intents',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		kind: text('kind').notNull(),
		/** The paid thing's id in its own table. */
		targetId: uuid('target_id').notNull(),
		/** The memo the buyer puts in the transfer, e.g. HL7K2MQX9A. */
		reference: text('reference').notNull(),
		amountVnd: money('amount_vnd').notNull(),
		/** Who gets credited when money arrives that pays nothing (null for guests). */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		status: text('status', { enum: paymentIntentStatuses }).notNull().default('PENDING'),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('payment_intents_reference_key').on(t.reference),
		uniqueIndex('payment_intents_target_key').on(t.kind, t.targetId),
		index('payment_intents_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'PENDING'`),
		check('payment_intents_amount_pos', sql`${t.amountVnd} > 0`)
	]
);

/**
 * What a received transfer did. `matched`/`overpaid` paid an intent;
 * `late`/`duplicate_payment` found an intent that could no longer be paid;
 * `underpaid`/`unmatched` paid nothing; `outgoing` is money leaving the
 * account; `error` means processing failed and the next delivery retries it.
 */
export const transferMatchStatuses = [
	'matched',
	'overpaid',
	'underpaid',
	'late',
	'duplicate_payment',
	'unmatched',
	'outgoing',
	'error'
] as const;
export type TransferMatchStatus = (typeof transferMatchStatuses)[number];

/** Every notification the bank-transfer webhook accepted, kept for staff; never deleted. */
export const bankTransfers = pgTable(
	'bank_transfers',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		provider: text('provider').notNull(),
		/** The provider's transaction id: the idempotency key of deliveries. */
		providerTxnId: text('provider_txn_id').notNull(),
		gateway: text('gateway'),
		accountNumber: text('account_number'),
		transferType: text('transfer_type').notNull(),
		amountVnd: money('amount_vnd').notNull(),
		content: text('content').notNull().default(''),
		bankReference: text('bank_reference'),
		transactionDate: text('transaction_date'),
		payload: jsonb('payload').notNull(),
		matchStatus: text('match_status', { enum: transferMatchStatuses }).notNull(),
		intentId: uuid('intent_id').references(() => paymentIntents.id, { onDelete: 'set null' }),
		/** What of the amount went to a buyer's wallet instead of paying an intent. */
		creditedVnd: money('credited_vnd').notNull().default(sql`0`),
		/** Staff must look at it: the money is neither applied nor credited anywhere. */
		needsReview: boolean('needs_review').notNull().default(false),
		note: text('note'),
		attempts: integer('attempts').notNull().default(1),
		receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
		processedAt: timestamp('processed_at', { withTimezone: true })
	},
	(t) => [
		uniqueIndex('bank_transfers_provider_txn_key').on(t.provider, t.providerTxnId),
		index('bank_transfers_review_idx').on(t.receivedAt).where(sql`${t.needsReview}`),
		index('bank_transfers_intent_idx').on(t.intentId),
		check('bank_transfers_amount_nonneg', sql`${t.amountVnd} >= 0`),
		check('bank_transfers_credited_nonneg', sql`${t.creditedVnd} >= 0`)
	]
);
