import { z } from 'zod';
import { MoneyVnd } from './money';

export const RedeemGiftCodeInput = z.object({ code: z.string().min(1).max(64) });

export const RedeemGiftCodeResult = z.object({
	/** What the code credited (to the bonus pocket). */
	xuAmount: MoneyVnd,
	/** Wallet total (main + bonus) after the credit. */
	newBalance: MoneyVnd
});
export type RedeemGiftCodeResult = z.infer<typeof RedeemGiftCodeResult>;
