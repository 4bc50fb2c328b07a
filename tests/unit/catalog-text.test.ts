import { describe, expect, it } from 'vitest';
import { orderForDisplay, type CategoryRow } from '../../src/lib/server/catalog/categories';
import { pathPrefixes, pathProblem, slugify, splitProductPath } from '../../src/lib/server/catalog/paths';
import { stripShebang } from '../../src/lib/server/platform/ratelimit/ioredis-client';
import { fold, queryWords, tsQueries } from '../../src/lib/server/search/query-text';
import { allowedEdits, editDistance, pickCorrections } from '../../src/lib/server/search/spelling';

describe('queryWords and tsQueries', () => {
	it('quotes each word, ANDs them and makes the last one a prefix', () => {
		const w = queryWords('  Giáo án Toán ')!;
		expect(w.words).toEqual(['giáo', 'án', 'toán']);
		expect(w.folded).toEqual(['giao', 'an', 'toan']);
		const t = tsQueries(w.words.map((x) => [x]), w.lastIsPrefix, w.folded.map((x) => [x]));
		expect(t.all).toBe("'giáo' & 'án' & 'toán':*");
		expect(t.title).toBe("'giáo':A & 'án':A & 'toán':*A");
		expect(t.titlePairs).toBe("'giao_an' & 'an_toan':*");
		expect(tsQueries([['toán']], true).titlePairs).toBeNull();
	});

	it('turns alternatives (typo corrections) into OR groups', () => {
		const t = tsQueries([['giao'], ['an'], ['toan', 'tong']], false);
		expect(t.all).toBe("'giao' & 'an' & ('toan' | 'tong')");
		expect(t.titlePairs).toBe("'giao_an' & ('an_toan' | 'an_tong')");
	});

	it('keeps a trailing number exact so "lớp 1" does not match "lớp 10"', () => {
		const w = queryWords('lop 1')!;
		expect(w.lastIsPrefix).toBe(false);
		expect(tsQueries([['lop'], ['1']], w.lastIsPrefix).all).toBe("'lop' & '1'");
	});

	it('drops every tsquery operator and quote, and gives up on punctuation only', () => {
		expect(queryWords("to'an & | ! :* (lop)")!.words).toEqual(['to', 'an', 'lop']);
		expect(queryWords('!!! ...')).toBeNull();
	});

	it('normalises NFD input and folds accents for the cursor key', () => {
		const nfd = queryWords('Toán'.normalize('NFD'))!;
		expect(nfd.words).toEqual(['toán']);
		expect(nfd.key).toBe('toan');
		expect(fold('Đạo Đức')).toBe('dao duc');
	});

	it('keeps at most twelve words', () => {
		expect(queryWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!.words).toHaveLength(12);
	});
});

describe('typo corrections', () => {
	it('counts an adjacent swap as one edit', () => {
		expect(editDistance('tona', 'toan')).toBe(1);
		expect(editDistance('tona', 'ton')).toBe(1);
		expect(editDistance('dinhh', 'dinh')).toBe(1);
		expect(editDistance('giao', 'giao')).toBe(0);
		expect(editDistance('abc', 'xyz')).toBe(3);
	});

	it('allows no edit for one- and two-letter words, one up to five letters, two beyond', () => {
		expect([allowedEdits('an'), allowedEdits('tona'), allowedEdits('phuong')]).toEqual([0, 1, 2]);
	});

	it('keeps the nearest candidates, most used first, at most three', () => {
		const candidates = [
			{ term: 'ton', ndoc: 40 },
			{ term: 'toan', ndoc: 9000 },
			{ term: 'tong', ndoc: 10 },
			{ term: 'tonal', ndoc: 5 },
			{ term: 'tona', ndoc: 1 },
			{ term: 'ta', ndoc: 1 }
		];
		expect(pickCorrections('tona', candidates)).toEqual(['toan', 'ton', 'tong']);
		expect(pickCorrections('xyz', candidates)).toEqual([]);
	});
});

describe('catalog paths', () => {
	it.each([
		['lop-1/toan/giao-an', null],
		['lop-1//toan', 'empty_segment'],
		['lop-1/', 'empty_segment'],
		['/lop-1', 'empty_segment'],
		['Lop-1', 'invalid_characters'],
		['lop_1', 'invalid_characters'],
		['lop-1/toán', 'invalid_characters'],
		['-lop', 'invalid_characters'],
		['lop--1', 'invalid_characters'],
		['a'.repeat(121), 'too_long'],
		[Array.from({ length: 13 }, () => 'a').join('/'), 'too_deep'],
		[`${'a'.repeat(100)}/`.repeat(6), 'too_long']
	])('%s → %s', (path, problem) => {
		expect(pathProblem(path)).toBe(problem);
	});

	it('splits a product path and lists prefixes', () => {
		expect(splitProductPath('lop-1/toan/giao-an')).toEqual({ categoryPath: 'lop-1/toan', slug: 'giao-an' });
		expect(splitProductPath('lop-1')).toBeNull();
		expect(pathPrefixes('lop-1/toan/kntt')).toEqual(['lop-1', 'lop-1/toan', 'lop-1/toan/kntt']);
	});

	it('slugifies Vietnamese, folding đ and cutting at a word boundary', () => {
		expect(slugify('Giáo án Đạo đức lớp 1 – Bài 2: Em yêu gia đình')).toBe('giao-an-dao-duc-lop-1-bai-2-em-yeu-gia-dinh');
		expect(slugify('Hàm số y = ax²')).toBe('ham-so-y-ax');
		expect(slugify('chuyen de hinh hoc phang', 12)).toBe('chuyen-de');
		expect(slugify('!!!')).toBe('san-pham');
	});
});

describe('orderForDisplay', () => {
	const row = (id: string, parentId: string | null, name: string, sortOrder: number): CategoryRow => ({
		id,
		parentId,
		name,
		slug: id,
		path: id,
		depth: 0,
		sortOrder,
		isActive: true
	});

	it('is depth-first with siblings by sort order, then Vietnamese name', () => {
		const rows = [
			row('b', null, 'Lớp 2', 2),
			row('a', null, 'Lớp 1', 1),
			row('a-dd', 'a', 'Đạo đức', 0),
			row('a-ta', 'a', 'Toán', 0),
			row('a-av', 'a', 'Âm nhạc', 0),
			row('a-first', 'a', 'Zê', -1),
			row('orphan', 'missing', 'Lạc', 9)
		];
		expect(orderForDisplay(rows).map((r) => r.id)).toEqual(['a', 'a-first', 'a-av', 'a-dd', 'a-ta', 'b', 'orphan']);
	});
});

describe('stripShebang', () => {
	it('removes the first-line flags Redis 7.0 refuses and nothing else', () => {
		expect(stripShebang('#!lua flags=allow-key-locking\n  local key = KEYS[1]\n')).toBe('  local key = KEYS[1]\n');
		expect(stripShebang('local x = 1')).toBe('local x = 1');
	});
});
