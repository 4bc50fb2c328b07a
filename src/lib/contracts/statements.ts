/**
 * Author statements and payouts (issue #16): what an author earned per month
 * and what staff paid out. Client-safe: the studio and console pages use them.
 */
import { z } from 'zod';
import { PayoutDetails } from './studio';
import { MoneyVnd } from './money';

/** Signed whole VND (a refund line takes the author's share back). */
const SignedVnd = z.string().regex(/^-?[0-9]+$/).meta({ description: 'Whole VND as a decimal string; negative when money goes back', example: '-31500' });

export const StatementMonth = z
	.string()
	.regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Tháng phải có dạng YYYY-MM, ví dụ 2026-10.')
	.describe('Statement month, YYYY-MM in Vietnam time (UTC+7)');

export const StatementQuery = z.object({ month: StatementMonth });

export const Payout = z.object({
	amountVnd: MoneyVnd,
	reference: z.string(),
	paidAt: z.iso.datetime()
});

export const StatementLine = z.object({
	kind: z.enum(['sale', 'refund']),
	orderId: z.uuid(),
	/** The order's payment reference (HL…), null for wallet orders without one. */
	orderRef: z.string().nullable(),
	productId: z.uuid(),
	productTitle: z.string(),
	at: z.iso.datetime(),
	/** What the buyer paid (sale) or got back (refund), always positive. */
	amountVnd: MoneyVnd,
	/** The author's share of this line; negative for a refund. */
	authorShareVnd: SignedVnd
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
	month: StatementMonth,
	sharePercent: z.number().int().min(0).max(100),
	salesCount: z.number().int().min(0),
	grossVnd: MoneyVnd,
	refundsCount: z.number().int().min(0),
	refundsVnd: MoneyVnd,
	netVnd: SignedVnd,
	authorShareVnd: SignedVnd,
	/** Earned up to the end of this month and not yet paid out; what a payout for this month would be. */
	owedVnd: SignedVnd,
	payout: Payout.nullable(),
	lines: z.array(StatementLine)
});
export type Statement = z.infer<typeof Statement>;

export const EarningsMonth = z.object({
	month: StatementMonth,
	salesCount: z.number().int().min(0),
	grossVnd: MoneyVnd,
	refundsVnd: MoneyVnd,
	authorShareVnd: SignedVnd,
	payout: Payout.nullable()
});

export const Earnings = z.object({
	sharePercent: z.number().int().min(0).max(100),
	/** Everything earned minus everything paid out so far. */
	balanceVnd: SignedVnd,
	months: z.array(EarningsMonth)
});
export type Earnings = z.infer<typeof Earnings>;

export const PayoutRow = z.object({
	authorId: z.uuid(),
	email: z.string(),
	name: z.string().nullable(),
	salesCount: z.number().int().min(0),
	/** The author's share of this month's lines alone. */
	monthShareVnd: SignedVnd,
	owedVnd: SignedVnd,
	payout: Payout.nullable(),
	/** Where the money goes: the author's bank account (null for an account without an author profile). */
	payoutDetails: PayoutDetails.nullable()
});
export type PayoutRow = z.infer<typeof PayoutRow>;

export const PayoutList = z.object({
	month: StatementMonth,
	sharePercent: z.number().int().min(0).max(100),
	/** True once the month has ended in Vietnam time: only then can it be paid. */
	monthEnded: z.boolean(),
	items: z.array(PayoutRow)
});
export type PayoutList = z.infer<typeof PayoutList>;

export const MarkPayoutInput = z.object({
	authorId: z.uuid({ error: 'Mã tác giả không hợp lệ.' }),
	month: StatementMonth,
	reference: z
		.string()
		.trim()
		.min(3, 'Nhập mã giao dịch chuyển khoản (ít nhất 3 ký tự).')
		.max(200, 'Mã giao dịch tối đa 200 ký tự.'),
	confirmNewPayoutDetails: z
		.boolean()
		.optional()
		.describe('Required (true) while the author\'s bank details changed less than PAYOUT_DETAILS_COOLDOWN_HOURS ago: staff checked the new account with the author')
});

export const MarkedPayout = Payout.extend({ authorId: z.uuid(), month: StatementMonth });
