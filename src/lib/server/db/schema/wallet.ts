import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './money';
import { users } from './users';

/** Pockets of a wallet: `main` holds paid money, `bonus` holds promotional credit. */
export const walletPockets = ['main', 'bonus'] as const;
export type WalletPocket = (typeof walletPockets)[number];

export const ledgerEntryTypes = ['TOPUP', 'PURCHASE', 'BONUS', 'REFUND', 'ADJUSTMENT'] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

export const ledgerDirections = ['CREDIT', 'DEBIT'] as const;
export type LedgerDirection = (typeof ledgerDirections)[number];

/** One wallet per user, created lazily on first use (docs/architecture.md#money-invariants). */
export const wallets = pgTable(
	'wallets',
	{
		userId: uuid('user_id')
			.primaryKey()
			.references(() => users.id, { onDelete: 'restrict' }),
		main: money('main').notNull().default(sql`0`),
		bonus: money('bonus').notNull().default(sql`0`),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [check('wallets_main_nonneg', sql`${t.main} >= 0`), check('wallets_bonus_nonneg', sql`${t.bonus} >= 0`)]
);

/**
 * Append-only: every balance change is one row written in the same
 * transaction as the change. The identity `id` orders a wallet's rows in the
 * order their changes were applied (each insert happens while the wallet row
 * is locked), so it is both the "newest first" key and the keyset cursor.
 */
export const walletLedger = pgTable(
	'wallet_ledger',
	{
		id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: uuid('user_id')
			.notNull()
			.references(() => wallets.userId, { onDelete: 'restrict' }),
		entryType: text('entry_type', { enum: ledgerEntryTypes }).notNull(),
		direction: text('direction', { enum: ledgerDirections }).notNull(),
		pocket: text('pocket', { enum: walletPockets }).notNull(),
		amount: money('amount').notNull(),
		/** main + bonus right after this change. */
		balanceAfter: money('balance_after').notNull(),
		refType: text('ref_type'),
		refId: text('ref_id'),
		note: text('note'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('wallet_ledger_user_idx').on(t.userId, t.id),
		// The last line of defence against crediting or debiting the same thing twice.
		uniqueIndex('wallet_ledger_once_key')
			.on(t.userId, t.entryType, t.pocket, t.refType, t.refId)
			.where(sql`${t.refId} IS NOT NULL`),
		check('wallet_ledger_amount_pos', sql`${t.amount} > 0`),
		check('wallet_ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`)
	]
);
