import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, vietQrDataUrl, vietQrPayload } from '../../src/lib/server/payments/vietqr';
import { decodeTlv } from '../helpers/tlv';

describe('CRC-16/CCITT-FALSE', () => {
	it('matches the catalogue check value', () => {
		expect(crc16CcittFalse('123456789')).toBe('29B1');
	});
	it('is four upper-case hex digits, zero-padded', () => {
		expect(crc16CcittFalse('')).toBe('FFFF');
		for (const s of ['a', 'HL7K2MQX9A', '000201']) expect(crc16CcittFalse(s)).toMatch(/^[0-9A-F]{4}$/);
	});
});

describe('VietQR payload', () => {
	const input = { bankBin: '970422', accountNumber: '0123456789', amountVnd: 185000n, memo: 'HL7K2MQX9A' };
	const payload = vietQrPayload(input);

	it('carries every field the NAPAS VietQR format requires', () => {
		const top = decodeTlv(payload);
		expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
		expect(top.get('00')).toBe('01');
		expect(top.get('01')).toBe('12');
		expect(top.get('53')).toBe('704');
		expect(top.get('54')).toBe('185000');
		expect(top.get('58')).toBe('VN');

		const merchant = decodeTlv(top.get('38')!);
		expect([...merchant.entries()]).toEqual([
			['00', 'A000000727'],
			['01', expect.any(String)],
			['02', 'QRIBFTTA']
		]);
		expect([...decodeTlv(merchant.get('01')!).entries()]).toEqual([
			['00', '970422'],
			['01', '0123456789']
		]);
		expect([...decodeTlv(top.get('62')!).entries()]).toEqual([['08', 'HL7K2MQX9A']]);
	});

	it('ends with a CRC over everything before it, including "6304"', () => {
		expect(payload.slice(-8, -4)).toBe('6304');
		expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
		const tampered = payload.replace('185000', '185001');
		expect(tampered.slice(-4)).not.toBe(crc16CcittFalse(tampered.slice(0, -4)));
	});

	it('is the exact expected text', () => {
		expect(payload).toBe(
			'000201010212' + '38540010A00000072701240006970422011001234567890208QRIBFTTA' + '5303704' + '5406185000' + '5802VN' + '62140810HL7K2MQX9A' + '6304' + payload.slice(-4)
		);
	});

	it.each([
		['a 5-digit BIN', { bankBin: '97042' }],
		['an account with symbols', { accountNumber: '0123-456' }],
		['a zero amount', { amountVnd: 0n }],
		['a memo with spaces', { memo: 'HL 7K2' }]
	])('refuses %s', (_, change) => {
		expect(() => vietQrPayload({ ...input, ...change })).toThrow();
	});

	it('renders a PNG data URL', async () => {
		const url = await vietQrDataUrl(payload);
		expect(url).toMatch(/^data:image\/png;base64,/);
		const png = Buffer.from(url.split(',')[1]!, 'base64');
		expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
	});
});
