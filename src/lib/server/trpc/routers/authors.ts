/** Public author pages (issue #16): who sells what. Wiring only. */
import { AuthorPublicRef, ProductAuthor, ProductRef, PublicAuthorPage } from '../../../contracts/studio';
import { authorOfProduct, authorPage } from '../../studio/authors';
import { route, router } from '../init';
import { docs } from './authors.docs';

export const authorsRouter = router({
	page: route({ openapi: { method: 'GET', path: '/api/v1/authors/{id}', envelope: 'object', auth: 'none', ...docs.page } })
		.input(AuthorPublicRef)
		.output(PublicAuthorPage)
		.query(({ input }) => authorPage(input.id)),

	ofProduct: route({ openapi: { method: 'GET', path: '/api/v1/authors/of-product/{id}', envelope: 'object', auth: 'none', ...docs.ofProduct } })
		.input(ProductRef)
		.output(ProductAuthor)
		.query(async ({ input }) => ({ author: await authorOfProduct(input.id) }))
});
