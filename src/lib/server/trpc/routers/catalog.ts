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
import { listCategory } from '../../catalog/listing';
import { productByPath } from '../../catalog/product-detail';
import { route, router } from '../init';
import { docs } from './catalog.docs';

export const PRODUCT_PATH_PREFIX = '/api/v1/catalog/products/';

export const catalogRouter = router({
	product: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/catalog/products/{...fullPath}',
			envelope: 'object',
			auth: 'optional-session',
			redirects: (result) => {
				const moved = Moved.safeParse(result);
				return moved.success ? PRODUCT_PATH_PREFIX + moved.data.moved : undefined;
			},
			httpCache: true,
			...docs.product
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
		openapi: { method: 'GET', path: '/api/v1/catalog/categories/{...path}', envelope: 'list', auth: 'none', httpCache: true, ...docs.listing }
	})
		.input(CategoryListingInput)
		.output(CategoryListingResult)
		.query(({ input, ctx }) => listCategory(input, (reuse) => (ctx.response.reuse = reuse))),

	tree: route({ openapi: { method: 'GET', path: '/api/v1/catalog/categories', envelope: 'object', auth: 'none', httpCache: true, ...docs.tree } })
		.input(z.object({}).optional())
		.output(CategoryTreeResult)
		.query(({ ctx }) => categoryTree(undefined, (reuse) => (ctx.response.reuse = reuse)))
});
