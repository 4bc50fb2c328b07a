import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, formatVnd } from '../../src/lib/format';

describe('Vietnamese formatting', () => {
	it('formats VND with dot grouping and the dong sign', () => {
		expect(formatVnd('120000')).toBe('120.000 ₫');
		expect(formatVnd('0')).toBe('0 ₫');
		expect(formatVnd(1_000_000n)).toBe('1.000.000 ₫');
		expect(formatVnd('9007199254740993')).toBe('9.007.199.254.740.993 ₫'); // beyond float precision
	});

	it('shows dates in Vietnam time', () => {
		expect(formatDate('2026-11-30T17:30:00Z')).toBe('1/12/2026');
		expect(formatDateTime('2026-11-30T17:30:00Z')).toMatch(/00:30/);
	});

	it('counts down in mm:ss and h:mm:ss', () => {
		expect(formatCountdown(307_000)).toBe('05:07');
		expect(formatCountdown(3_723_000)).toBe('1:02:03');
		expect(formatCountdown(-5)).toBe('00:00');
	});
});
