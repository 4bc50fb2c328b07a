import { z } from 'zod';
import {
	CategoryListingInput,
	CategoryListingResult,
	CategoryTreeResult,
	ProductDetailInput,
	Moved,
	ProductDetailResult
} from '../../../contracts/catalog';
import { categoryTree } from '../../catalog/categories';
import { catalogExamples } from '../../catalog/examples';
import { listCategory } from '../../catalog/listing';
import { productByPath } from '../../catalog/product-detail';
import { route, router } from '../init';

const tags = ['Catalog'] as const;

export const PRODUCT_PATH_PREFIX = '/api/v1/catalog/products/';

export const catalogRouter = router({
	product: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/catalog/products/{...fullPath}',
			summary: 'Chi tiết học liệu theo đường dẫn',
			description:
				'`fullPath` is the category path joined with the product slug (slashes are part of it). A historical path of a renamed or moved product answers 308 with `Location` set to the current path; follow it once. `isPurchased` is true only for the signed-in owner.',
			tags,
			envelope: 'object',
			auth: 'optional-session',
			redirects: (result) => {
				const moved = Moved.safeParse(result);
				return moved.success ? PRODUCT_PATH_PREFIX + moved.data.moved : undefined;
			},
			httpCache: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 500: ['internal'] },
			example: catalogExamples.productDetail
		}
	})
		.input(ProductDetailInput)
		.output(z.union([ProductDetailResult, Moved]))
		.query(async ({ input, ctx }) => {
			const found = await productByPath(input.fullPath, ctx.session?.user.id ?? null);
			if (found.kind === 'moved') return { moved: found.fullPath };
			ctx.response.reuse = found.reuse;
			return found.result;
		}),

	listing: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/catalog/categories/{...path}',
			summary: 'Học liệu trong một danh mục (cả các danh mục con)',
			description:
				'Lists published products of the whole category subtree (empty path: the whole catalog). Price filters apply to the effective price: the flash-sale price while a flash sale runs, else the sale price while the sale runs, else the list price. `onSale=true` keeps only discounted products. Pages with an opaque keyset `cursor`.',
			tags,
			envelope: 'list',
			auth: 'none',
			httpCache: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 500: ['internal'] },
			example: catalogExamples.listing
		}
	})
		.input(CategoryListingInput)
		.output(CategoryListingResult)
		.query(({ input, ctx }) => listCategory(input, (reuse) => (ctx.response.reuse = reuse))),

	tree: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/catalog/categories',
			summary: 'Cây danh mục',
			description: 'The whole category tree, depth-first in display order (siblings by sort order, then name). Inactive categories are included with `isActive: false`.',
			tags,
			envelope: 'object',
			auth: 'none',
			httpCache: true,
			errors: { 500: ['internal'] },
			example: catalogExamples.tree
		}
	})
		.input(z.object({}).optional())
		.output(CategoryTreeResult)
		.query(({ ctx }) => categoryTree(undefined, (reuse) => (ctx.response.reuse = reuse)))
});
