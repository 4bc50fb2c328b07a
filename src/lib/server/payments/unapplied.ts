import type { Tx } from '../db/client';
import type { LedgerEntryType } from '../db/schema';
import { credit } from '../wallet/service';
import type { BankTransfer, PaymentIntent } from './targets';

/**
 * Money a transfer brought that pays nothing is the buyer's: it goes to the
 * main pocket of the account the intent belongs to, once per transfer, and
 * the wallet maximum is not applied to money already received. Returns the
 * note, or null when the intent has no account (staff must resolve it).
 */
export async function creditBuyersWallet(
	tx: Tx,
	intent: PaymentIntent,
	transfer: BankTransfer,
	amount: bigint,
	entryType: Extract<LedgerEntryType, 'TOPUP' | 'REFUND'>,
	note: string
): Promise<string | null> {
	if (!intent.userId) return null;
	await credit(tx, { userId: intent.userId, pocket: 'main', amount, entryType, refType: 'bank_transfer', refId: transfer.id, note, overMax: 'allow' });
	return note;
}
