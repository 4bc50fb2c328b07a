/** What /openapi.json says about the routes of ./authors.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Catalog'];
const exampleAuthor = { id: '6f1c2a9e-0000-4000-8000-000000000000', displayName: 'Cô Lan' };

export const docs = {
	page: {
		summary: 'An author and their products on sale',
		description: 'The public profile (never the payout account) and every product of the author on sale, newest first.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: {
			author: { ...exampleAuthor, bio: 'Giáo viên Toán THCS, 12 năm kinh nghiệm.' },
			products: [
				{
					id: '7d2e4b10-0000-4000-8000-000000000000',
					title: 'Giáo án Toán 6 – Chương 1: Tập hợp',
					type: 'LESSON_PLAN',
					priceVnd: '35000',
					coverImageUrl: null,
					fullPath: 'giao-an/toan/lop-6/giao-an-toan-6-chuong-1-tap-hop-7d2e4b10'
				}
			]
		}
	},

	ofProduct: {
		summary: 'Who sells a product',
		description: 'The author of a product on sale; `author` is null for the house catalog (and for anything not on sale).',
		tags,
		errors: { 400: ['validation_error'] },
		example: { author: exampleAuthor }
	}
} satisfies RouterDocs;
