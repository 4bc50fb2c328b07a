/**
 * Bank-transfer notifications for HTTP tests, posted the way the notifier
 * (SePay) does. Test servers run without payment configuration, so they use
 * the demo account and its public webhook key.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_PAYMENT_ACCOUNT } from '../../src/lib/server/config';
import { request, type JsonResponse } from './http';

export const WEBHOOK_PATH = '/api/payments/bank-transfer/webhook';
export const DEMO_WEBHOOK_SECRET = DEMO_PAYMENT_ACCOUNT.webhookSecret;

export interface TransferOptions {
	/** Transfer content as the bank reports it; defaults to a typical one around `ref`. */
	content?: string;
	/** The provider's transaction id; a fresh one unless you are testing redelivery. */
	id?: string | number;
	transferType?: 'in' | 'out';
	secret?: string;
}

export function transferPayload(ref: string, amountVnd: number | string, opts: TransferOptions = {}) {
	return {
		id: opts.id ?? randomUUID(),
		gateway: 'MBBank',
		transactionDate: '2026-01-15 08:31:02',
		accountNumber: DEMO_PAYMENT_ACCOUNT.accountNumber,
		code: null,
		content: opts.content ?? `MBVCB.1234567.${ref}.CT tu 0123456789 NGUYEN VAN A`,
		transferType: opts.transferType ?? 'in',
		transferAmount: Number(amountVnd),
		accumulated: 0,
		subAccount: null,
		referenceCode: `FT${Date.now()}`,
		description: ''
	};
}

/** Posts an authenticated notification; the response is the webhook's `{ success, status, transferId }`. */
export function postBankTransfer(base: string, ref: string, amountVnd: number | string, opts: TransferOptions = {}): Promise<JsonResponse<any>> {
	return request(base, WEBHOOK_PATH, {
		method: 'POST',
		json: transferPayload(ref, amountVnd, opts),
		headers: { authorization: `Apikey ${opts.secret ?? DEMO_WEBHOOK_SECRET}` }
	});
}

/** Pays a reference in full and fails loudly if the server did not accept it. */
export async function payReference(base: string, ref: string, amountVnd: number | string, opts: TransferOptions = {}): Promise<JsonResponse<any>> {
	const res = await postBankTransfer(base, ref, amountVnd, opts);
	if (res.status !== 200) throw new Error(`webhook failed (${res.status}): ${res.text}`);
	return res;
}
