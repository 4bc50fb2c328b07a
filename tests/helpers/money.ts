/** Shortcuts over the money test hooks (TEST_HOOKS only) and the wallet endpoints. */
import { request, type TestUser } from './http';

async function hook<T = any>(base: string, path: string, json: unknown): Promise<T> {
	const res = await request(base, path, { method: 'POST', json });
	if (res.status !== 200) throw new Error(`${path} failed (${res.status}): ${res.text}`);
	return res.body.data as T;
}

export function createGiftCodes(base: string, spec: { amountVnd: string; count: number; maxRedemptions?: number; expiresAt?: string }) {
	return hook<{ batchId: string; codes: string[] }>(base, '/api/v1/_test/giftcodes', spec);
}

export function createPromo(base: string, spec: Record<string, unknown>) {
	return hook<{ id: string; code: string }>(base, '/api/v1/_test/promos', spec);
}

export function creditWallet(base: string, userId: string, amount: string, pocket: 'main' | 'bonus' = 'main', refId: string = crypto.randomUUID()) {
	return hook(base, '/api/v1/_test/wallet/credit', { userId, amount, pocket, entryType: 'ADJUSTMENT', refId });
}

export function debitWallet(base: string, userId: string, amount: string, refId: string = crypto.randomUUID()) {
	return request(base, '/api/v1/_test/wallet/debit', { method: 'POST', json: { userId, amount, refId } });
}

export function sweepPayments(base: string) {
	return hook<{ expired: number }>(base, '/api/v1/_test/payments/sweep', {});
}

export async function balanceOf(base: string, user: TestUser): Promise<{ main: string; bonus: string; total: string }> {
	const res = await request(base, '/api/v1/wallet/balance', { headers: { cookie: user.cookie } });
	if (res.status !== 200) throw new Error(`balance failed (${res.status}): ${res.text}`);
	return res.body.data;
}

export async function denominationId(base: string, amountVnd: string): Promise<string> {
	const res = await request(base, '/api/v1/topup/denominations');
	const d = res.body.data.find((x: { amountVnd: string }) => x.amountVnd === amountVnd);
	if (!d) throw new Error(`no active denomination of ${amountVnd}`);
	return d.id;
}

export function createTopup(base: string, user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
	return request(base, '/api/v1/topup/orders', { method: 'POST', json: body, headers: { cookie: user.cookie, ...headers } });
}
