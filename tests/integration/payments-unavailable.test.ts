import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request } from '../helpers/http';
import { denominationId } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

describe('a misconfigured bank account', () => {
	let server: TestServer;
	beforeAll(async () => {
		// A broken value is never replaced by the demo account: QR payments are off.
		server = await startServer({ env: { PAYMENT_BANK_BIN: '97A422' } });
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('answers 503 payment_processing instead of a QR', async () => {
		const user = await createUser(server.url);
		const id = await denominationId(server.url, '100000'); // browsing still works
		const res = await request(server.url, '/api/v1/topup/orders', { method: 'POST', json: { denominationId: id }, headers: { cookie: user.cookie } });
		expect(res.status).toBe(503);
		expect(res.body.error.code).toBe('payment_processing');
		expect(res.text).not.toContain('data:image');
		expect(server.logs.some((l) => l.includes('bank-transfer payments unavailable') && l.includes('PAYMENT_BANK_BIN'))).toBe(true);
	});

	it('still records incoming transfers: confirmations depend only on the webhook key', async () => {
		const res = await postBankTransfer(server.url, 'HL7K2MQX9A', 100000);
		expect(res.status).toBe(200);
		expect(res.body.status).toBe('unmatched');
	});
});

describe('a misconfigured webhook key', () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { PAYMENT_WEBHOOK_SECRET: 'too-short' } });
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('refuses notifications with 503 payment_processing, whatever key they carry', async () => {
		for (const secret of [undefined, 'too-short']) {
			const res = await postBankTransfer(server.url, 'HL7K2MQX9A', 100000, { secret });
			expect(res.status).toBe(503);
			expect(res.body.error.code).toBe('payment_processing');
		}
		expect(server.logs.some((l) => l.includes('bank-transfer confirmations unavailable'))).toBe(true);
	});
});
