/** What /openapi.json says about the routes of ./catalog.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { catalogExamples } from '../../catalog/examples';

const tags = ['Catalog'] as const;

export const docs = {
	product: {
		summary: 'Chi tiết học liệu theo đường dẫn',
		description:
			'`fullPath` is the category path joined with the product slug (slashes are part of it). A historical path of a renamed or moved product answers 308 with `Location` set to the current path; follow it once. `isPurchased` is true only for the signed-in owner.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 500: ['internal'] },
		example: catalogExamples.productDetail
	},

	listing: {
		summary: 'Học liệu trong một danh mục (cả các danh mục con)',
		description:
			'Lists published products of the whole category subtree (empty path: the whole catalog). Price filters apply to the effective price: the flash-sale price while a flash sale runs, else the sale price while the sale runs, else the list price. `onSale=true` keeps only discounted products. Pages with an opaque keyset `cursor`.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 500: ['internal'] },
		example: catalogExamples.listing
	},

	tree: {
		summary: 'Cây danh mục',
		description: 'The whole category tree, depth-first in display order (siblings by sort order, then name). Inactive categories are included with `isActive: false`.',
		tags,
		errors: { 500: ['internal'] },
		example: catalogExamples.tree
	}
} satisfies RouterDocs;
