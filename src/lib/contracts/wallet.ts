import { z } from 'zod';
import { MoneyVnd, pageFields } from './money';

export const WalletBalance = z.object({ main: MoneyVnd, bonus: MoneyVnd, total: MoneyVnd }).meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof WalletBalance>;

export const LedgerEntry = z.object({
	entryType: z.enum(['TOPUP', 'PURCHASE', 'BONUS', 'REFUND', 'ADJUSTMENT']),
	direction: z.enum(['CREDIT', 'DEBIT']),
	/** Additive: which pocket the change touched. */
	pocket: z.enum(['main', 'bonus']),
	amount: MoneyVnd,
	/** main + bonus right after this change. */
	balanceAfter: MoneyVnd,
	refType: z.string().nullable(),
	refId: z.string().nullable(),
	note: z.string().nullable(),
	createdAt: z.iso.datetime()
}).meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerQuery = z.object({
	cursor: z.string().min(1).max(512).optional(),
	pageSize: z.number().int().min(1).max(100).default(20)
});

export const LedgerPage = z.object({ items: z.array(LedgerEntry), ...pageFields });
export type LedgerPage = z.infer<typeof LedgerPage>;
