import { describe, expect, it } from 'vitest';
import { discountFor, normalisePromoCode } from '../../src/lib/server/promos/service';

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
