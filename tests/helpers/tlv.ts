import { expect } from 'vitest';

/** Reads EMVCo TLV text back into id → value, checking every length on the way. */
export function decodeTlv(text: string): Map<string, string> {
	const fields = new Map<string, string>();
	let i = 0;
	while (i < text.length) {
		const id = text.slice(i, i + 2);
		const length = Number(text.slice(i + 2, i + 4));
		expect(id).toMatch(/^[0-9]{2}$/);
		expect(Number.isInteger(length)).toBe(true);
		const value = text.slice(i + 4, i + 4 + length);
		expect(value).toHaveLength(length);
		expect(fields.has(id), `field ${id} repeated`).toBe(false);
		fields.set(id, value);
		i += 4 + length;
	}
	return fields;
}

/**
 * CRC-16/CCITT-FALSE written apart from the server's (byte-wise, no bit loop),
 * so a test compares two implementations; its catalogue check value is
 * emvCrc('123456789') === '29B1'.
 */
export function emvCrc(text: string): string {
	let crc = 0xffff;
	for (const byte of new TextEncoder().encode(text)) {
		let x = ((crc >> 8) ^ byte) & 0xff;
		x ^= x >> 4;
		crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xffff;
	}
	return crc.toString(16).toUpperCase().padStart(4, '0');
}
