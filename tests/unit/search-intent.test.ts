import { describe, expect, it } from 'vitest';
import { subjects, textbookSeries } from '../../src/lib/server/catalog/seed/curriculum';
import { queryWords } from '../../src/lib/server/search/query-text';
import { queryWithout, readIntent } from '../../src/lib/server/search/intent';
import { categoryScore } from '../../src/lib/server/search/intent-rank';

function read(q: string) {
	const w = queryWords(q)!;
	const intent = readIntent(w.words, w.folded);
	return {
		facets: Object.fromEntries(intent.facets.map((f) => [f.kind, f.slug])),
		rest: intent.rest.map((i) => w.words[i]).join(' '),
		without: Object.fromEntries(intent.facets.map((f) => [f.kind, queryWithout(w.words, f)]))
	};
}

describe('readIntent', () => {
	it.each([
		['toan lop 1', { grade: 'lop-1', subject: 'toan' }, ''],
		['Toán lớp 1', { grade: 'lop-1', subject: 'toan' }, ''],
		['giáo án toán l1', { grade: 'lop-1', subject: 'toan' }, 'giáo án'],
		['lop1 tieng viet', { grade: 'lop-1', subject: 'tieng-viet' }, ''],
		['tieng viet lop 2 canh dieu', { grade: 'lop-2', subject: 'tieng-viet', series: 'canh-dieu' }, ''],
		['ngu van 10 ket noi', { grade: 'lop-10', subject: 'ngu-van', series: 'ket-noi-tri-thuc' }, ''],
		['khtn 7 chân trời sáng tạo nguyên tử', { grade: 'lop-7', subject: 'khoa-hoc-tu-nhien', series: 'chan-troi-sang-tao' }, 'nguyên tử'],
		['khoa học tự nhiên', { subject: 'khoa-hoc-tu-nhien' }, ''],
		['lịch sử và địa lí lớp 4', { grade: 'lop-4', subject: 'lich-su-va-dia-li' }, ''],
		['phân số lớp 4', { grade: 'lop-4' }, 'phân số']
	])('reads %s', (q, facets, rest) => {
		const got = read(q);
		expect(got.facets).toEqual(facets);
		expect(got.rest).toBe(rest);
	});

	it('leaves words typed with other accents, grades out of range and a second grade alone', () => {
		expect(read('an toàn thông tin').facets).toEqual({});
		expect(read('vần an lớp 1').facets).toEqual({ grade: 'lop-1' });
		expect(read('lớp 13').facets).toEqual({});
		expect(read('lớp 1 lớp 2')).toMatchObject({ facets: { grade: 'lop-1' }, rest: 'lớp 2' });
		expect(read('bài 1 unit 3').facets).toEqual({});
	});

	it('gives each chip the query without its words', () => {
		expect(read('giáo án toán lớp 1 cánh diều').without).toEqual({
			subject: 'giáo án lớp 1 cánh diều',
			grade: 'giáo án toán cánh diều',
			series: 'giáo án toán lớp 1'
		});
	});

	it('recognises every subject and series of the curriculum by its name', () => {
		for (const s of subjects) expect(read(s.name).facets, s.name).toEqual({ subject: s.slug });
		for (const s of textbookSeries) expect(read(s.name).facets, s.name).toEqual({ series: s.slug });
	});
});

describe('categoryScore', () => {
	const facets = (q: string) => {
		const w = queryWords(q)!;
		return readIntent(w.words, w.folded).facets;
	};
	it('ranks grade over series over subject', () => {
		const f = facets('tieng viet lop 2 canh dieu');
		const order = ['lop-2/tieng-viet/canh-dieu', 'lop-2/toan/canh-dieu', 'lop-2/tieng-viet/ket-noi-tri-thuc', 'lop-2/toan', 'lop-3/tieng-viet/canh-dieu', 'lop-3/toan/canh-dieu', 'lop-3/tieng-viet', 'lop-3/toan'];
		const scores = order.map((p) => categoryScore(p, f));
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		expect(new Set(scores).size).toBe(order.length);
		expect(scores.at(-1)).toBe(0);
	});
});
