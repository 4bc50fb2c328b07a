import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../src/lib/server/search/vocabulary';

/** What the load statement returns for these (term, ndoc) rows: sorted by code point, one row. */
function loaded(rows: [string, number][]): Vocabulary | null {
	const sorted = [...rows].sort((a, b) => (a[0] < b[0] ? -1 : 1));
	return Vocabulary.fromSorted(sorted.map(([t]) => `${t}\n`).join(''), sorted.map(([, n]) => n).join(','));
}

describe('Vocabulary (search terms in memory)', () => {
	const v = loaded([
		['giao', 40],
		['giao_an', 30],
		['an', 35],
		['toan', 20],
		['toa', 3],
		['toan_lop', 9],
		['toanh', 1],
		['tieng', 12],
		['viet', 12],
		['đàn', 2]
	])!;

	it('answers document frequencies of words and title word pairs, 0 for unknown terms', () => {
		expect(v.size).toBe(10);
		expect(v.ndoc('giao')).toBe(40);
		expect(v.ndoc('giao_an')).toBe(30);
		expect(v.ndoc('đàn')).toBe(2);
		expect(v.ndoc('gia')).toBe(0);
		expect(v.ndoc('zzz')).toBe(0);
		expect(v.has('toa')).toBe(true);
		expect(v.has('to')).toBe(false);
		expect(v.hasPrefix('to')).toBe(true);
		expect(v.hasPrefix('tx')).toBe(false);
	});

	it('completes a prefix with words only (no pairs), most used first, at most max + 1', () => {
		expect(v.completions('toa', 8)).toEqual([
			{ term: 'toan', ndoc: 20 },
			{ term: 'toa', ndoc: 3 },
			{ term: 'toanh', ndoc: 1 }
		]);
		expect(v.completions('t', 2).map((c) => c.term)).toEqual(['toan', 'tieng', 'toa']);
		expect(v.completions('x', 8)).toEqual([]);
	});

	it('refuses terms out of order, and holds an empty vocabulary', () => {
		expect(Vocabulary.fromSorted('b\na\n', '1,2')).toBeNull();
		expect(Vocabulary.fromSorted('a\nb', '1,2')).toBeNull();
		const empty = Vocabulary.fromSorted('', '')!;
		expect(empty.size).toBe(0);
		expect(empty.ndoc('a')).toBe(0);
		expect(empty.completions('a', 8)).toEqual([]);
	});
});
