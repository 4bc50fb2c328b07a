import { describe, expect, it } from 'vitest';
import { formatVnd } from '../../src/lib/format';
import { formatVndInput, parseVndInput } from '../../src/lib/money-input';

const value = (raw: string) => {
	const r = parseVndInput(raw);
	return r.ok ? r.value : `refused: ${r.message}`;
};

describe('money typed as Vietnamese type it', () => {
	it('reads plain digits, dot and space grouping, and the currency after the number', () => {
		for (const raw of ['35000', '35.000', '35 000', '35.000 ₫', '35.000₫', '35000đ', '35.000 đồng', '35 000 VND', ' 35.000 vnđ ', '035000']) {
			expect(value(raw), raw).toBe('35000');
		}
		expect(value('1.250.000')).toBe('1250000');
		expect(value('1 250 000')).toBe('1250000');
		expect(value('0')).toBe('0');
		expect(value('500')).toBe('500');
	});

	it('reads what the page itself shows, no-break spaces included', () => {
		expect(value(formatVnd('1250000'))).toBe('1250000');
		expect(value('1\u202f250\u202f000')).toBe('1250000');
	});

	it('refuses a comma (a decimal or a foreign grouping) with a message that says how to write it', () => {
		for (const raw of ['35,5', '35,000', '1,250,000']) {
			const r = parseVndInput(raw);
			expect(r.ok, raw).toBe(false);
			if (!r.ok) expect(r.message).toMatch(/dấu chấm để tách hàng nghìn/);
		}
	});

	it('refuses dots or spaces that do not group thousands, signs, letters and emptiness', () => {
		for (const raw of ['35.5', '3.50.00', '35.0000', '35 00', '.35000']) {
			const r = parseVndInput(raw);
			expect(r.ok, raw).toBe(false);
			if (!r.ok) expect(r.message).toMatch(/nhóm ba chữ số/);
		}
		expect(value('-35000')).toBe('refused: Số tiền không được âm.');
		expect(value('ba mươi lăm nghìn')).toMatch(/^refused: Số tiền chỉ gồm chữ số/);
		expect(value('35k')).toMatch(/^refused: Số tiền chỉ gồm chữ số/);
		expect(value('   ')).toBe('refused: Vui lòng nhập số tiền.');
		expect(value('₫')).toBe('refused: Vui lòng nhập số tiền.');
		expect(value('1234567890123456')).toBe('refused: Số tiền quá lớn.');
	});

	it('shows an amount back with dot grouping, and leaves what it cannot read as typed', () => {
		expect(formatVndInput('35000')).toBe('35.000');
		expect(formatVndInput('35 000 ₫')).toBe('35.000');
		expect(formatVndInput('1250000')).toBe('1.250.000');
		expect(formatVndInput('0')).toBe('0');
		expect(formatVndInput('35,5')).toBe('35,5');
	});
});
