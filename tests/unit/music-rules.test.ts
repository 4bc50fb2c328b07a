import { describe, expect, it } from 'vitest';
import { isActiveVip, quotaLimitFor } from '../../src/lib/server/music/policy';
import { vietnamDate, vietnamMonthWindow } from '../../src/lib/server/music/quota-window';

const d = (iso: string) => new Date(iso);

describe('music quota window (calendar month, Vietnam time)', () => {
	it('starts at 00:00 on the 1st in Vietnam, which is 17:00 UTC the day before', () => {
		const w = vietnamMonthWindow(d('2026-11-15T08:00:00Z'));
		expect(w.start.toISOString()).toBe('2026-10-31T17:00:00.000Z');
		expect(w.end.toISOString()).toBe('2026-11-30T17:00:00.000Z');
	});

	it('treats 2026-11-30T17:00:00Z as already December', () => {
		const w = vietnamMonthWindow(d('2026-11-30T17:00:00Z'));
		expect(w.start.toISOString()).toBe('2026-11-30T17:00:00.000Z');
		expect(w.end.toISOString()).toBe('2026-12-31T17:00:00.000Z');
		expect(vietnamMonthWindow(d('2026-11-30T16:59:59.999Z')).end.toISOString()).toBe('2026-11-30T17:00:00.000Z');
	});

	it('rolls over the year and handles February in leap years', () => {
		expect(vietnamMonthWindow(d('2026-12-31T17:00:00Z')).start.toISOString()).toBe('2026-12-31T17:00:00.000Z');
		expect(vietnamMonthWindow(d('2026-12-31T16:59:59Z')).end.toISOString()).toBe('2026-12-31T17:00:00.000Z');
		const feb = vietnamMonthWindow(d('2028-02-10T00:00:00Z'));
		expect(feb.end.toISOString()).toBe('2028-02-29T17:00:00.000Z');
	});

	it('writes dates the Vietnamese way', () => {
		expect(vietnamDate(d('2026-11-30T17:00:00Z'))).toBe('01/12/2026');
	});
});

describe('music quota policy', () => {
	const at = d('2026-06-01T00:00:00Z');
	it('gives free users the configured monthly limit and VIPs unlimited', () => {
		expect(quotaLimitFor({ isVip: false, vipUntil: null }, at, 10)).toBe(10);
		expect(quotaLimitFor({ isVip: true, vipUntil: null }, at, 10)).toBe('unlimited');
	});
	it('ends VIP at vip_until', () => {
		expect(isActiveVip({ isVip: true, vipUntil: d('2026-06-01T00:00:01Z') }, at)).toBe(true);
		expect(isActiveVip({ isVip: true, vipUntil: at }, at)).toBe(false);
		expect(isActiveVip({ isVip: false, vipUntil: d('2030-01-01T00:00:00Z') }, at)).toBe(false);
	});
});
