/**
 * What a teacher's query says about where to look (issue #18 item 5): a grade
 * ("lớp 1", "lop1", "l1", or a number right after a subject: "ngữ văn 10"), a
 * subject ("toán", "tiếng việt", "khtn"…) and a textbook series ("kết nối",
 * "chân trời", "cánh diều"). Pure and cheap: a walk over the query's words
 * against a small table, no database. The words it recognises leave the
 * full-text query and rank instead (./intent-rank.ts matches them against the
 * category tree: lop-N / subject / series); the rest stay required words.
 *
 * A phrase matches when every word is typed either with the right accents or
 * with none at all: "toan" and "toán" mean Toán, "toàn" (an toàn) does not.
 */
import { fold } from './query-text';

export type FacetKind = 'grade' | 'subject' | 'series';

export interface Facet {
	kind: FacetKind;
	/** The category slug it matches at its level: "lop-1", "toan", "canh-dieu". */
	slug: string;
	/** What the chip shows: "Lớp 1", "Toán", "Cánh Diều". */
	label: string;
	/** Indexes of the query words it was read from. */
	words: number[];
}

export interface Intent {
	facets: Facet[];
	/** Indexes of the words left for full-text matching, in order. */
	rest: number[];
}

interface Entry {
	kind: Exclude<FacetKind, 'grade'>;
	slug: string;
	label: string;
	/** Each phrase as accented lower-case words. */
	phrases: string[];
}

/** Subject slugs are the category slugs of the GDPT 2018 subjects (seed/curriculum.ts). */
const TABLE: readonly Entry[] = [
	{ kind: 'subject', slug: 'toan', label: 'Toán', phrases: ['toán'] },
	{ kind: 'subject', slug: 'tieng-viet', label: 'Tiếng Việt', phrases: ['tiếng việt'] },
	{ kind: 'subject', slug: 'ngu-van', label: 'Ngữ văn', phrases: ['ngữ văn'] },
	{ kind: 'subject', slug: 'tieng-anh', label: 'Tiếng Anh', phrases: ['tiếng anh'] },
	{ kind: 'subject', slug: 'dao-duc', label: 'Đạo đức', phrases: ['đạo đức'] },
	{ kind: 'subject', slug: 'tu-nhien-va-xa-hoi', label: 'Tự nhiên và Xã hội', phrases: ['tự nhiên và xã hội', 'tự nhiên xã hội', 'tnxh'] },
	{ kind: 'subject', slug: 'khoa-hoc-tu-nhien', label: 'Khoa học tự nhiên', phrases: ['khoa học tự nhiên', 'khtn'] },
	{ kind: 'subject', slug: 'khoa-hoc', label: 'Khoa học', phrases: ['khoa học'] },
	{ kind: 'subject', slug: 'lich-su-va-dia-li', label: 'Lịch sử và Địa lí', phrases: ['lịch sử và địa lí', 'lịch sử và địa lý', 'lịch sử địa lí', 'lịch sử địa lý', 'sử địa'] },
	{ kind: 'subject', slug: 'lich-su', label: 'Lịch sử', phrases: ['lịch sử'] },
	{ kind: 'subject', slug: 'dia-li', label: 'Địa lí', phrases: ['địa lí', 'địa lý'] },
	{ kind: 'subject', slug: 'vat-li', label: 'Vật lí', phrases: ['vật lí', 'vật lý'] },
	{ kind: 'subject', slug: 'hoa-hoc', label: 'Hoá học', phrases: ['hoá học', 'hóa học'] },
	{ kind: 'subject', slug: 'sinh-hoc', label: 'Sinh học', phrases: ['sinh học'] },
	{ kind: 'subject', slug: 'giao-duc-cong-dan', label: 'Giáo dục công dân', phrases: ['giáo dục công dân', 'gdcd'] },
	{
		kind: 'subject',
		slug: 'giao-duc-kinh-te-va-phap-luat',
		label: 'Giáo dục kinh tế và pháp luật',
		phrases: ['giáo dục kinh tế và pháp luật', 'kinh tế và pháp luật', 'kinh tế pháp luật', 'gdktpl', 'ktpl']
	},
	{ kind: 'subject', slug: 'cong-nghe', label: 'Công nghệ', phrases: ['công nghệ'] },
	{ kind: 'subject', slug: 'tin-hoc', label: 'Tin học', phrases: ['tin học'] },
	{ kind: 'subject', slug: 'am-nhac', label: 'Âm nhạc', phrases: ['âm nhạc'] },
	{ kind: 'subject', slug: 'mi-thuat', label: 'Mĩ thuật', phrases: ['mĩ thuật', 'mỹ thuật'] },
	{ kind: 'subject', slug: 'hoat-dong-trai-nghiem', label: 'Hoạt động trải nghiệm', phrases: ['hoạt động trải nghiệm', 'hđtn'] },
	{ kind: 'series', slug: 'ket-noi-tri-thuc', label: 'Kết nối tri thức', phrases: ['kết nối tri thức với cuộc sống', 'kết nối tri thức', 'kết nối', 'kntt'] },
	{ kind: 'series', slug: 'chan-troi-sang-tao', label: 'Chân trời sáng tạo', phrases: ['chân trời sáng tạo', 'chân trời', 'ctst'] },
	{ kind: 'series', slug: 'canh-dieu', label: 'Cánh Diều', phrases: ['cánh diều'] }
];

interface Phrase {
	entry: Entry;
	words: string[];
	folded: string[];
}

/** Longest phrases first, so "khoa học tự nhiên" wins over "khoa học". */
const PHRASES: readonly Phrase[] = TABLE.flatMap((entry) =>
	entry.phrases.map((p) => {
		const words = p.split(' ');
		return { entry, words, folded: words.map(fold) };
	})
).sort((a, b) => b.words.length - a.words.length);

/** Typed with the phrase's accents, or with none at all. */
const sameWord = (typed: string, typedFolded: string, word: string, wordFolded: string) =>
	typed === word || (typed === typedFolded && typedFolded === wordFolded);

const gradeNumber = (s: string | undefined): number | null => {
	if (!s || !/^\d{1,2}$/.test(s)) return null;
	const n = Number(s);
	return n >= 1 && n <= 12 ? n : null;
};

const gradeFacet = (n: number, words: number[]): Facet => ({ kind: 'grade', slug: `lop-${n}`, label: `Lớp ${n}`, words });

/**
 * `words` are the query's lower-case NFC words and `folded` the same words
 * accent-folded (query-text.ts queryWords). At most one facet of each kind is
 * read; a second grade or subject stays a plain word.
 */
export function readIntent(words: readonly string[], folded: readonly string[]): Intent {
	const facets: Facet[] = [];
	const rest: number[] = [];
	const has = (kind: FacetKind) => facets.some((f) => f.kind === kind);
	for (let i = 0; i < words.length; ) {
		const w = folded[i]!;
		if (!has('grade')) {
			// "lớp 1", "lop 1"
			const next = gradeNumber(folded[i + 1]);
			if (w === 'lop' && (words[i] === 'lớp' || words[i] === 'lop') && next !== null) {
				facets.push(gradeFacet(next, [i, i + 1]));
				i += 2;
				continue;
			}
			// "lop1", "lớp1", "l1"
			const glued = /^(?:lop|l)(\d{1,2})$/.exec(w);
			const n = glued ? gradeNumber(glued[1]) : null;
			if (n !== null && (words[i] === w || words[i]!.startsWith('lớp'))) {
				facets.push(gradeFacet(n, [i]));
				i += 1;
				continue;
			}
		}
		const phrase = PHRASES.find(
			(p) =>
				!has(p.entry.kind) &&
				p.words.every((pw, k) => i + k < words.length && sameWord(words[i + k]!, folded[i + k]!, pw, p.folded[k]!))
		);
		if (phrase) {
			const at = phrase.words.map((_, k) => i + k);
			facets.push({ kind: phrase.entry.kind, slug: phrase.entry.slug, label: phrase.entry.label, words: at });
			i += phrase.words.length;
			// "toán 6", "ngữ văn 10": a grade number right after a subject.
			const n = gradeNumber(folded[i]);
			if (phrase.entry.kind === 'subject' && n !== null && !has('grade')) {
				facets.push(gradeFacet(n, [i]));
				i += 1;
			}
			continue;
		}
		rest.push(i);
		i += 1;
	}
	return { facets, rest };
}

/** The query without one facet's words (what its chip's remove link searches for). */
export function queryWithout(words: readonly string[], facet: Facet): string {
	return words.filter((_, i) => !facet.words.includes(i)).join(' ');
}
