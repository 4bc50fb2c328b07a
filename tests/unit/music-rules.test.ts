import { describe, expect, it } from 'vitest';
import { effectivePriceVnd, isFreeNow, type FlashSaleOffer } from '../../src/lib/server/catalog/pricing';
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

describe('effective price (is a track free right now?)', () => {
	const at = d('2026-06-01T12:00:00Z');
	const paid = { priceVnd: 15_000n, salePriceVnd: null, saleEndsAt: null };
	const flash = (over: Partial<FlashSaleOffer>): FlashSaleOffer => ({
		startsAt: d('2026-06-01T00:00:00Z'),
		endsAt: d('2026-06-02T00:00:00Z'),
		salePriceVnd: 0n,
		stockCap: null,
		stockLeft: null,
		...over
	});

	it('is the list price without offers', () => {
		expect(effectivePriceVnd(paid, [], at)).toBe(15_000n);
		expect(isFreeNow({ ...paid, priceVnd: 0n }, [], at)).toBe(true);
	});

	it('takes a running sale, open-ended or not yet ended', () => {
		expect(isFreeNow({ ...paid, salePriceVnd: 0n }, [], at)).toBe(true);
		expect(isFreeNow({ ...paid, salePriceVnd: 0n, saleEndsAt: d('2026-06-01T12:00:01Z') }, [], at)).toBe(true);
		expect(isFreeNow({ ...paid, salePriceVnd: 0n, saleEndsAt: at }, [], at)).toBe(false);
	});

	it('takes a running flash sale only while it has stock', () => {
		expect(isFreeNow(paid, [flash({})], at)).toBe(true);
		expect(isFreeNow(paid, [flash({ stockCap: 5, stockLeft: 1 })], at)).toBe(true);
		expect(isFreeNow(paid, [flash({ stockCap: 5, stockLeft: 0 })], at)).toBe(false);
		expect(isFreeNow(paid, [flash({ startsAt: d('2026-06-01T12:00:01Z') })], at)).toBe(false);
		expect(isFreeNow(paid, [flash({ endsAt: at })], at)).toBe(false);
		expect(effectivePriceVnd(paid, [flash({ salePriceVnd: 9_000n }), flash({ salePriceVnd: 7_000n })], at)).toBe(7_000n);
	});

	it('never raises the price above the list price', () => {
		expect(effectivePriceVnd({ ...paid, salePriceVnd: 20_000n }, [flash({ salePriceVnd: 30_000n })], at)).toBe(15_000n);
	});
});
