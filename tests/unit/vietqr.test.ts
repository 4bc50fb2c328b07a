import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
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

/** A PNG's pixels as RGBA, for the 8-bit, non-interlaced greyscale, RGB and RGBA images qrcode writes (every row filter). */
function decodePng(png: Buffer): { width: number; height: number; colorType: number; rgba: Buffer } {
	expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
	let width = 0;
	let height = 0;
	let colorType = -1;
	const idat: Buffer[] = [];
	for (let at = 8; at < png.length; ) {
		const length = png.readUInt32BE(at);
		const type = png.toString('ascii', at + 4, at + 8);
		const data = png.subarray(at + 8, at + 8 + length);
		if (type === 'IHDR') {
			[width, height, colorType] = [data.readUInt32BE(0), data.readUInt32BE(4), data[9]!];
			expect([data[8], data[12]], 'bit depth, interlace').toEqual([8, 0]);
		}
		if (type === 'IDAT') idat.push(data);
		at += 12 + length;
	}
	const channels = ({ 0: 1, 2: 3, 6: 4 } as Record<number, number>)[colorType]!;
	const raw = inflateSync(Buffer.concat(idat));
	const stride = width * channels;
	const rows = Buffer.alloc(stride * height);
	for (let y = 0; y < height; y++) {
		const filter = raw[y * (stride + 1)]!;
		for (let x = 0; x < stride; x++) {
			const value = raw[y * (stride + 1) + 1 + x]!;
			const left = x >= channels ? rows[y * stride + x - channels]! : 0;
			const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
			const upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
			const p = left + up - upLeft;
			const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
			const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
			const predictor = [0, left, up, (left + up) >> 1, paeth][filter]!;
			rows[y * stride + x] = (value + predictor) & 0xff;
		}
	}
	const rgba = Buffer.alloc(width * height * 4);
	for (let i = 0; i < width * height; i++) {
		const px = rows.subarray(i * channels, (i + 1) * channels);
		rgba.set(channels === 1 ? [px[0]!, px[0]!, px[0]!, 255] : channels === 3 ? [...px, 255] : px, i * 4);
	}
	return { width, height, colorType, rgba };
}

describe('VietQR image', () => {
	const payload = vietQrPayload({ bankBin: '970436', accountNumber: '1023456789', amountVnd: 1_250_000n, memo: 'HLQ3ZK8M2P' });

	it('draws exactly the payload\'s QR modules: black where a module is set, white elsewhere and in the margin', async () => {
		const image = decodePng(Buffer.from((await vietQrDataUrl(payload)).split(',')[1]!, 'base64'));
		const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
		expect([image.width, image.height]).toEqual([360, 360]);
		// 360 pixels over the modules and a 2-module margin each side: a module is 360 / (size + 4) pixels, not a whole number.
		const scale = 360 / (modules.size + 4);
		const moduleAt = (pixel: number) => Math.floor((pixel - 2 * scale) / scale);
		let wrong = 0;
		for (let y = 0; y < image.height; y++) {
			for (let x = 0; x < image.width; x++) {
				const [mx, my] = [moduleAt(x), moduleAt(y)];
				const inside = x >= 2 * scale && y >= 2 * scale && x < 360 - 2 * scale && y < 360 - 2 * scale;
				const dark = inside && modules.get(my, mx) === 1;
				const pixel = [...image.rgba.subarray((y * image.width + x) * 4, (y * image.width + x + 1) * 4)];
				if (pixel.join() !== (dark ? '0,0,0,255' : '255,255,255,255')) wrong++;
			}
		}
		expect(wrong, 'pixels that differ from the modules').toBe(0);
	});

	it('is greyscale, with the same pixels as qrcode\'s default RGBA encoding and fewer bytes', async () => {
		const png = Buffer.from((await vietQrDataUrl(payload)).split(',')[1]!, 'base64');
		const rgbaPng = Buffer.from((await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 360 })).split(',')[1]!, 'base64');
		const [image, before] = [decodePng(png), decodePng(rgbaPng)];
		expect([image.colorType, before.colorType]).toEqual([0, 6]);
		expect([image.width, image.height]).toEqual([before.width, before.height]);
		expect(image.rgba.equals(before.rgba)).toBe(true);
		expect(png.length).toBeLessThan(rgbaPng.length);
	});
});
