/**
 * Everything hoclieu says about a product type, in one place: what pages call it, its colours, what
 * its cover art prints, what a page of its file is called, what its preview is, and which sample file
 * the demo catalog makes for it. Pages, components, the studio, the console and the seed all read
 * this table; none tests `type === '…'` itself. A new type is one entry here plus its value in
 * `productTypes` (src/lib/contracts/catalog.ts, the wire enum) — the compiler points at the rest.
 *
 * Client-safe: no server imports.
 */
import type { ProductType } from './contracts/catalog';

/** What the preview job makes of a file of the type (README "Previews"), and so what the product page shows. */
export type PreviewKind = 'pages' | 'video' | 'audio' | 'archive';

/** The kind (file ending) of sample the demo catalog stores as the sold file (src/lib/server/platform/storage/sample-files.ts). */
export type SampleKind = '.docx' | '.pptx' | '.avi' | '.wav' | '.zip';

export interface ProductTypeInfo {
	/** Short, for badges, filters, cards, search suggestions and the library. */
	label: string;
	/** Full, for the studio's and the console's type pickers and the product page's "Loại". */
	name: string;
	/** Other words a buyer may type for the type (lower-cased into a card's search hints). */
	synonyms: readonly string[];
	/** Badge and fallback-cover colours; the ink passes AA on its background. */
	colours: { fg: string; bg: string };
	/** The generated cover: the type's name before the subject, its corner badge, and its file (static/covers/<subject>/<file>.svg). */
	cover: { name: string; badge: string; file: string };
	/** What one page of the file is called ("12 trang chiếu"). */
	pageNoun: string;
	preview: PreviewKind;
	sample: SampleKind;
	/** Its seller may make it a bundle of other products (README, Bundles). */
	bundles: boolean;
}

export const productTypeInfo: Record<ProductType, ProductTypeInfo> = {
	LESSON_PLAN: {
		label: 'Giáo án',
		name: 'Giáo án',
		synonyms: [],
		colours: { fg: '#1d6f42', bg: '#e8f5ec' },
		cover: { name: 'Giáo án', badge: 'DOCX', file: 'lesson-plan' },
		pageNoun: 'trang',
		preview: 'pages',
		sample: '.docx',
		bundles: false
	},
	SLIDE: {
		label: 'Bài giảng (slide)',
		name: 'Bài giảng trình chiếu',
		synonyms: ['PowerPoint'],
		colours: { fg: '#b24a1c', bg: '#fdf0ea' },
		cover: { name: 'Bài giảng PowerPoint', badge: 'PPTX', file: 'slide' },
		pageNoun: 'trang chiếu',
		preview: 'pages',
		sample: '.pptx',
		bundles: false
	},
	VIDEO: {
		label: 'Video',
		name: 'Video bài giảng',
		synonyms: [],
		colours: { fg: '#8a1c7c', bg: '#f8ebf6' },
		cover: { name: 'Video bài giảng', badge: '▶ VIDEO', file: 'video' },
		pageNoun: 'trang',
		preview: 'video',
		sample: '.avi',
		bundles: false
	},
	// "Nhạc", not "Âm nhạc": that is a subject, and classroom music is sold for every subject.
	MUSIC: {
		label: 'Nhạc',
		name: 'Nhạc lớp học',
		synonyms: [],
		colours: { fg: '#1f5fa8', bg: '#eaf1fb' },
		cover: { name: 'File nhạc', badge: '♪ NHẠC', file: 'music' },
		pageNoun: 'trang',
		preview: 'audio',
		sample: '.wav',
		bundles: false
	},
	COMBO: {
		label: 'Combo',
		name: 'Combo',
		synonyms: [],
		colours: { fg: '#7a5500', bg: '#fdf5e3' },
		cover: { name: 'Combo tài liệu', badge: 'COMBO', file: 'combo' },
		pageNoun: 'trang',
		preview: 'archive',
		sample: '.zip',
		bundles: true
	}
};

/** The short label of a type (badges, filters, cards). */
export const typeLabel = (type: ProductType): string => productTypeInfo[type].label;

/** The full name of a type (studio and console pickers, the product page). */
export const typeName = (type: ProductType): string => productTypeInfo[type].name;
