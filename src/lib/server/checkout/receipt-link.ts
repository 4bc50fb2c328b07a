/**
 * The receipt link in the receipt mail: `?ma=<orderId>.<expiry>.<HMAC>`
 * (purpose `receipt-link`). A guest opens the mail on another device, without
 * the order-access cookie; the link authorises the receipt of that one order
 * and nothing else (not the download, not the order page).
 */
import { nowMs } from '../platform/clock';
import { sign, verify } from '../platform/signing';

/** A year: schools ask for receipts long after the purchase. */
const RECEIPT_LINK_TTL_MS = 365 * 24 * 3600_000;

export function issueReceiptLink(orderId: string): string {
	return sign('receipt-link', `${orderId}.${Math.floor((nowMs() + RECEIPT_LINK_TTL_MS) / 1000)}`);
}

export function grantsReceipt(orderId: string, value: string | null | undefined): boolean {
	if (!value) return false;
	const payload = verify('receipt-link', value);
	if (payload === null) return false;
	const dot = payload.lastIndexOf('.');
	const expires = Number(payload.slice(dot + 1));
	return payload.slice(0, dot) === orderId && Number.isInteger(expires) && expires * 1000 > nowMs();
}
