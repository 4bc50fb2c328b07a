import { describe, expect, it } from 'vitest';
import { BankTransferNotification } from '../../src/lib/server/payments/bank-transfer';
import { isAuthorisedWebhook } from '../../src/lib/server/payments/webhook-auth';

const secret = 'k'.repeat(40);

describe('webhook authentication', () => {
	it.each([
		[`Apikey ${secret}`, true],
		[`apikey ${secret}`, true],
		[`Apikey  ${secret} `, true],
		[`Apikey ${secret}x`, false],
		[`Apikey ${secret.slice(1)}`, false],
		[`Bearer ${secret}`, false],
		[secret, false],
		['Apikey ', false],
		['', false],
		[null, false]
	])('%j → %s', (header, expected) => {
		expect(isAuthorisedWebhook(header, secret)).toBe(expected);
	});
});

describe('bank-transfer notifications', () => {
	const sepay = {
		id: 92704,
		gateway: 'Vietcombank',
		transactionDate: '2023-03-25 14:02:37',
		accountNumber: '0123499999',
		code: null,
		content: 'chuyen tien HL7K2MQX9A',
		transferType: 'in',
		transferAmount: 2277000,
		accumulated: 19077000,
		subAccount: null,
		referenceCode: 'MBVCB.3278907687',
		description: ''
	};

	it('reads a SePay notification, keeping unknown fields', () => {
		const n = BankTransferNotification.parse(sepay);
		expect(n).toMatchObject({ id: '92704', transferType: 'in', transferAmount: 2277000n, content: 'chuyen tien HL7K2MQX9A', accumulated: 19077000 });
	});

	it('accepts amounts and ids sent as strings', () => {
		const n = BankTransferNotification.parse({ ...sepay, id: 'abc-1', transferAmount: '50000' });
		expect(n.id).toBe('abc-1');
		expect(n.transferAmount).toBe(50000n);
	});

	it.each([
		['a negative amount', { transferAmount: -1 }],
		['a fractional amount', { transferAmount: 10.5 }],
		['an unknown direction', { transferType: 'sideways' }],
		['no id', { id: undefined }],
		['an empty id', { id: ' ' }]
	])('rejects %s', (_, change) => {
		expect(BankTransferNotification.safeParse({ ...sepay, ...change }).success).toBe(false);
	});
});
