import { describe, expect, it } from 'vitest';
import { discountFor, evaluateLoadedCheckoutPromo, normalisePromoCode, type LoadedCheckoutPromo } from '../../src/lib/server/promos/service';

const percent = (percentOff: number, maxDiscountVnd: bigint | null = null) => ({ kind: 'PERCENT' as const, percentOff, maxDiscountVnd, amountOffVnd: null });
const fixed = (amountOffVnd: bigint) => ({ kind: 'FIXED' as const, percentOff: null, maxDiscountVnd: null, amountOffVnd });

describe('promo discounts', () => {
	it.each([
		[percent(10), 200_000n, 20_000n],
		[percent(10, 15_000n), 200_000n, 15_000n],
		[percent(10, 15_000n), 100_000n, 10_000n],
		[percent(15), 99_999n, 14_999n], // rounded down to whole VND
		[percent(100), 50_000n, 50_000n],
		[fixed(20_000n), 100_000n, 20_000n],
		[fixed(20_000n), 5_000n, 5_000n], // never more than the amount
		[percent(10), 0n, 0n]
	])('%o on %s is %s', (promo, amount, expected) => {
		expect(discountFor(promo, amount)).toBe(expected);
	});

	it('compares codes upper-case without surrounding spaces', () => {
		expect(normalisePromoCode('  giam10 ')).toBe('GIAM10');
	});
});

describe('a checkout promo as the opening read loaded it', () => {
	const loaded = (o: Partial<LoadedCheckoutPromo['terms']> = {}, inScope = true, usesByBuyer = 0): LoadedCheckoutPromo => ({
		id: 'p1',
		terms: { kind: 'FIXED', percentOff: null, maxDiscountVnd: null, amountOffVnd: 5_000n, minAmountVnd: 0n, totalCap: null, used: 0, perUserCap: null, ...o },
		inScope,
		usesByBuyer
	});
	it.each([
		['no live promo with the code', null, 'u', 20_000n, { ok: false, reason: 'invalid' }],
		['a free product', loaded(), 'u', 0n, { ok: false, reason: 'invalid' }],
		['below the minimum', loaded({ minAmountVnd: 30_000n }), 'u', 20_000n, { ok: false, reason: 'invalid' }],
		['out of scope', loaded({}, false), 'u', 20_000n, { ok: false, reason: 'invalid' }],
		['total cap used up', loaded({ totalCap: 3, used: 3 }), 'u', 20_000n, { ok: false, reason: 'cap_reached' }],
		['a per-user cap for a guest', loaded({ perUserCap: 1 }), null, 20_000n, { ok: false, reason: 'account_required' }],
		['the buyer used their share', loaded({ perUserCap: 2 }, true, 2), 'u', 20_000n, { ok: false, reason: 'cap_reached' }],
		['applies', loaded({ perUserCap: 2, totalCap: 3, used: 2 }, true, 1), 'u', 20_000n, { ok: true, promoId: 'p1', discountVnd: 5_000n }],
		['never more than the price', loaded({ amountOffVnd: 50_000n }), null, 20_000n, { ok: true, promoId: 'p1', discountVnd: 20_000n }]
	] as const)('%s', (_name, promo, userId, price, expected) => {
		expect(evaluateLoadedCheckoutPromo(promo, userId, price)).toEqual(expected);
	});
});
