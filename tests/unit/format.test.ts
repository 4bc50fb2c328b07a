import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, formatDateTimeText, formatVnd, formatVndText, mentionsVnd } from '../../src/lib/format';

const NBSP = '\u00a0';

describe('Vietnamese formatting', () => {
	it('formats VND with dot grouping and the dong sign, kept on one line by a no-break space', () => {
		expect(formatVnd('120000')).toBe(`120.000${NBSP}₫`);
		expect(formatVnd('0')).toBe(`0${NBSP}₫`);
		expect(formatVnd(1_000_000n)).toBe(`1.000.000${NBSP}₫`);
		expect(formatVnd('9007199254740993')).toBe(`9.007.199.254.740.993${NBSP}₫`); // beyond float precision
	});

	it('writes VND with a plain space in server text (API messages, e-mails, notes)', () => {
		expect(formatVndText('120000')).toBe('120.000 ₫');
		expect(formatVndText(1_000_000n)).toBe('1.000.000 ₫');
		expect(formatVndText('9007199254740993')).toBe('9.007.199.254.740.993 ₫');
	});

	it('tells whether a text already names an amount, with either space before ₫', () => {
		expect(mentionsVnd('Giảm 10.000 ₫ cho lần nạp', '10000')).toBe(true);
		expect(mentionsVnd(`Giảm 10.000${NBSP}₫ cho lần nạp`, 10_000n)).toBe(true);
		expect(mentionsVnd('Giảm 10.000 ₫ cho lần nạp', '100000')).toBe(false);
		expect(mentionsVnd('Khuyến mãi tháng 9', '10000')).toBe(false);
		expect(mentionsVnd('Giảm 110.000 ₫', '10000')).toBe(false);
		expect(mentionsVnd('10.000₫ cho bạn mới', '10000')).toBe(true);
	});

	it('shows dates in Vietnam time with two-digit day and month and a four-digit year', () => {
		expect(formatDate('2026-11-30T17:30:00Z')).toBe('01/12/2026');
		expect(formatDate('2026-03-09T20:00:00Z')).toBe('10/03/2026');
		expect(formatDateTime('2026-11-30T17:30:00Z')).toBe('00:30 01/12/2026');
		expect(formatDateTime('2026-03-09T08:05:00Z')).toBe('15:05 09/03/2026');
		expect(formatDateTimeText('2026-11-30T17:30:00Z')).toMatch(/^00:30 /);
	});

	it('counts down in mm:ss and h:mm:ss', () => {
		expect(formatCountdown(307_000)).toBe('05:07');
		expect(formatCountdown(3_723_000)).toBe('1:02:03');
		expect(formatCountdown(-5)).toBe('00:00');
	});
});
