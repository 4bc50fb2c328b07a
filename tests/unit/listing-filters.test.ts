import { describe, expect, it } from 'vitest';
import { filterQuery, hasFilters, parseFilters, parsePrice } from '../../src/lib/listing-filters';

const parse = (q: string) => parseFilters(new URLSearchParams(q));

describe('listing filters in the URL', () => {
	it('reads prices typed the Vietnamese way', () => {
		expect(parsePrice('50.000')).toBe(50_000);
		expect(parsePrice('120.000 ₫')).toBe(120_000);
		expect(parsePrice('')).toBeUndefined();
		expect(parsePrice('abc')).toBeUndefined();
		expect(parsePrice('9'.repeat(13))).toBeUndefined();
		expect(parsePrice(null)).toBeUndefined();
		// The money parser's spellings (src/lib/money-input.ts), and what it refuses is no bound at all.
		expect(parsePrice('35 000')).toBe(35_000);
		expect(parsePrice('35.000đ')).toBe(35_000);
		expect(parsePrice('35,5')).toBeUndefined();
		expect(parsePrice('3.5')).toBeUndefined();
		expect(parsePrice('-100')).toBeUndefined();
	});

	it('keeps what it understands and drops the rest', () => {
		expect(parse('type=SLIDE&minPrice=10000&maxPrice=20000&onSale=true&sort=rating')).toEqual({
			type: 'SLIDE',
			minPrice: 10_000,
			maxPrice: 20_000,
			onSale: true,
			sort: 'rating'
		});
		expect(parse('type=POSTER&sort=cheapest&onSale=yes&minPrice=')).toEqual({});
	});

	it('swaps a reversed price range instead of showing nothing', () => {
		expect(parse('minPrice=100000&maxPrice=50000')).toMatchObject({ minPrice: 50_000, maxPrice: 100_000 });
	});

	it('writes filters back in a stable order, with extra parameters first', () => {
		expect(filterQuery({ sort: 'popular', type: 'VIDEO', onSale: true }, { q: 'toán lớp 1', cursor: undefined })).toBe(
			'?q=to%C3%A1n+l%E1%BB%9Bp+1&type=VIDEO&onSale=true&sort=popular'
		);
		expect(filterQuery({})).toBe('');
		expect(parse(filterQuery({ minPrice: 0, maxPrice: 0 }).slice(1))).toEqual({ minPrice: 0, maxPrice: 0 });
	});

	it('knows when something filters (sorting alone does not)', () => {
		expect(hasFilters({ sort: 'newest' })).toBe(false);
		expect(hasFilters({ minPrice: 0 })).toBe(true);
		expect(hasFilters({ onSale: true })).toBe(true);
	});
});
