/** Public author pages (issue #16): who sells what. Wiring only. */
import { AuthorPublicRef, ProductAuthor, ProductRef, PublicAuthorPage } from '../../../contracts/studio';
import { authorOfProduct, authorPage } from '../../studio/authors';
import { route, router } from '../init';

const tags = ['Catalog'];
const exampleAuthor = { id: '6f1c2a9e-0000-4000-8000-000000000000', displayName: 'Cô Lan' };

export const authorsRouter = router({
	page: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/authors/{id}',
			summary: 'An author and their products on sale',
			description: 'The public profile (never the payout account) and every product of the author on sale, newest first.',
			tags,
			envelope: 'object',
			auth: 'none',
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
		}
	})
		.input(AuthorPublicRef)
		.output(PublicAuthorPage)
		.query(({ input }) => authorPage(input.id)),

	ofProduct: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/authors/of-product/{id}',
			summary: 'Who sells a product',
			description: 'The author of a product on sale; `author` is null for the house catalog (and for anything not on sale).',
			tags,
			envelope: 'object',
			auth: 'none',
			errors: { 400: ['validation_error'] },
			example: { author: exampleAuthor }
		}
	})
		.input(ProductRef)
		.output(ProductAuthor)
		.query(async ({ input }) => ({ author: await authorOfProduct(input.id) }))
});
