/**
 * The demo catalog against Chương trình GDPT 2018: well-known lesson topics
 * sit under the grade and subject that teach them, in the curriculum table
 * and in every title the generator writes. Known past mistakes are pinned:
 * "Bảng nhân 2, 5" is grade 2, "Nguyên hàm" grade 12, "Hệ thức lượng trong
 * tam giác" grade 10, "Tỉ số phần trăm" grade 5.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { subjects } from '../../src/lib/server/catalog/seed/curriculum';

/** topic (exact table entry) → [subject slug, grade]. */
const KNOWN: Record<string, [string, number]> = {
	'Các số từ 0 đến 10': ['toan', 1],
	'Bảng nhân 2': ['toan', 2],
	'Bảng nhân 5': ['toan', 2],
	'Làm quen với chữ số La Mã': ['toan', 3],
	'Rút gọn và quy đồng mẫu số các phân số': ['toan', 4],
	'Tỉ số phần trăm': ['toan', 5],
	'Thể tích hình hộp chữ nhật, hình lập phương': ['toan', 5],
	'Vận tốc, quãng đường, thời gian': ['toan', 5],
	'Số nguyên': ['toan', 6],
	'Số hữu tỉ': ['toan', 7],
	'Hằng đẳng thức đáng nhớ': ['toan', 8],
	'Định lí Pythagore': ['toan', 8],
	'Hệ thức lượng trong tam giác vuông': ['toan', 9],
	'Phương trình bậc hai một ẩn, định lí Viète': ['toan', 9],
	'Hệ thức lượng trong tam giác': ['toan', 10],
	'Mệnh đề và tập hợp': ['toan', 10],
	'Đạo hàm': ['toan', 11],
	'Cấp số cộng và cấp số nhân': ['toan', 11],
	'Nguyên hàm': ['toan', 12],
	'Tích phân': ['toan', 12],
	'Xác suất có điều kiện': ['toan', 12],
	'Vần an, ăn, ân': ['tieng-viet', 1],
	'Đọc: Tôi là học sinh lớp 2': ['tieng-viet', 2],
	'Từ đồng nghĩa': ['tieng-viet', 5],
	'Câu ghép': ['tieng-viet', 5],
	'Bài học đường đời đầu tiên': ['ngu-van', 6],
	'Thánh Gióng': ['ngu-van', 6],
	'Lão Hạc': ['ngu-van', 8],
	'Chuyện người con gái Nam Xương': ['ngu-van', 9],
	'Chiến thắng Mtao Mxây': ['ngu-van', 10],
	'Chí Phèo': ['ngu-van', 11],
	'Tây Tiến': ['ngu-van', 12],
	'Unit 1: My new school': ['tieng-anh', 6],
	'Unit 1: Family life': ['tieng-anh', 10],
	'Nấm có ích và nấm có hại': ['khoa-hoc', 4],
	'Nguyên tử': ['khoa-hoc-tu-nhien', 7],
	'Di truyền học Mendel': ['khoa-hoc-tu-nhien', 9],
	'Dao động điều hoà': ['vat-li', 11],
	'Ba định luật Newton': ['vat-li', 10],
	'Vật lí hạt nhân': ['vat-li', 12],
	'Cấu tạo nguyên tử': ['hoa-hoc', 10],
	'Cân bằng hoá học': ['hoa-hoc', 11],
	'Polymer': ['hoa-hoc', 12],
	'Di truyền quần thể': ['sinh-hoc', 12],
	'Khởi nghĩa Lam Sơn': ['lich-su-va-dia-li', 7],
	'Cách mạng tháng Tám năm 1945': ['lich-su-va-dia-li', 9],
	'Lịch sử và sử học': ['lich-su', 10],
	'Lập trình Python: biến và kiểu dữ liệu': ['tin-hoc', 10]
};

/** Subjects each level teaches under GDPT 2018 (by category slug). */
const LEVEL_SUBJECTS: Record<string, readonly string[]> = {
	primary: ['toan', 'tieng-viet', 'dao-duc', 'tu-nhien-va-xa-hoi', 'khoa-hoc', 'lich-su-va-dia-li', 'tin-hoc', 'cong-nghe', 'tieng-anh', 'am-nhac', 'mi-thuat', 'hoat-dong-trai-nghiem'],
	lower: ['toan', 'ngu-van', 'tieng-anh', 'giao-duc-cong-dan', 'lich-su-va-dia-li', 'khoa-hoc-tu-nhien', 'cong-nghe', 'tin-hoc', 'am-nhac', 'mi-thuat', 'hoat-dong-trai-nghiem'],
	upper: ['toan', 'ngu-van', 'tieng-anh', 'lich-su', 'dia-li', 'vat-li', 'hoa-hoc', 'sinh-hoc', 'giao-duc-kinh-te-va-phap-luat', 'cong-nghe', 'tin-hoc', 'am-nhac', 'mi-thuat', 'hoat-dong-trai-nghiem']
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const levelOf = (g: number) => (g <= 5 ? 'primary' : g <= 9 ? 'lower' : 'upper');

/** Where the curriculum table lists a topic: every [subject, grade]. */
function placesOf(topic: string): [string, number][] {
	return subjects.flatMap((s) => Object.entries(s.topics).filter(([, list]) => list.includes(topic)).map(([g]): [string, number] => [s.slug, Number(g)]));
}

describe('curriculum table (GDPT 2018)', () => {
	it.each(Object.entries(KNOWN))('lists “%s” only under its subject and grade', (topic, place) => {
		expect(placesOf(topic)).toEqual([place]);
	});

	it('teaches each subject only at the levels GDPT 2018 has it, with topics for every grade it lists', () => {
		for (const s of subjects) {
			for (const g of s.grades) {
				expect(LEVEL_SUBJECTS[levelOf(g)], `${s.slug} in grade ${g}`).toContain(s.slug);
				expect(s.topics[g]?.length ?? 0, `${s.slug} grade ${g} topics`).toBeGreaterThan(0);
			}
			expect(Object.keys(s.topics).map(Number).sort((a, b) => a - b)).toEqual([...s.grades]);
		}
		expect(subjects.find((s) => s.slug === 'tu-nhien-va-xa-hoi')!.grades).toEqual([1, 2, 3]);
		expect(subjects.find((s) => s.slug === 'khoa-hoc')!.grades).toEqual([4, 5]);
		expect(subjects.find((s) => s.slug === 'tieng-anh')!.grades[0]).toBe(3);
	});
});

describe('generated titles', () => {
	const catalog = generateCatalog({ products: 3_000, seed: 20_260_901, now: new Date('2026-09-01T08:00:00Z') });

	it('put every known topic under its own grade and subject, in title, tags and category', () => {
		let seen = 0;
		for (const p of catalog.products) {
			const [grade, subject] = p.categoryPath.split('/');
			const g = Number(grade!.slice('lop-'.length));
			expect(p.title).toContain(`lớp ${g}`);
			expect(p.tags).toContain(`Lớp ${g}`);
			for (const [topic, [slug, want]] of Object.entries(KNOWN)) {
				// The whole topic: "Hệ thức lượng trong tam giác" is not "… tam giác vuông" (grade 9).
				if (!new RegExp(`(?:: |– )${escape(topic)}(?: \\(| –|$)`).test(p.title) || subject !== slug) continue;
				seen++;
				expect(g, p.title).toBe(want);
			}
		}
		expect(seen).toBeGreaterThan(50);
	});

	it('names the subject of the category in the title and never sells a song outside Âm nhạc', () => {
		const names = new Map(subjects.map((s) => [s.slug, s.name]));
		for (const p of catalog.products) {
			const subject = p.categoryPath.split('/')[1]!;
			expect(p.title, p.categoryPath).toContain(names.get(subject)!);
			if (p.title.startsWith('Bài hát') || p.title.startsWith('Beat karaoke')) expect(subject).toBe('am-nhac');
		}
	});

	it('files every textbook subject under the three series, with the series in title and tags', () => {
		for (const p of catalog.products) {
			const series = p.categoryPath.split('/')[2];
			if (p.categoryPath.split('/')[1] === 'tieng-anh') expect(series).toBeUndefined();
			else expect(series, p.categoryPath).toBeDefined();
		}
	});
});
