/**
 * How the storefront names and colours product types (badges, filters, covers).
 * Short labels teachers use; colours match the cover art and pass AA on white.
 */
import type { ProductType } from './contracts/catalog';

export const typeLabels: Record<ProductType, string> = {
	LESSON_PLAN: 'Giáo án',
	SLIDE: 'Bài giảng (slide)',
	VIDEO: 'Video',
	MUSIC: 'Nhạc',
	COMBO: 'Combo'
};

export const typeColours: Record<ProductType, { fg: string; bg: string }> = {
	LESSON_PLAN: { fg: '#1d6f42', bg: '#e8f5ec' },
	SLIDE: { fg: '#b24a1c', bg: '#fdf0ea' },
	VIDEO: { fg: '#8a1c7c', bg: '#f8ebf6' },
	MUSIC: { fg: '#1f5fa8', bg: '#eaf1fb' },
	COMBO: { fg: '#7a5500', bg: '#fdf5e3' }
};
