/** Staff product operations and the review queue (issue #16), merged into the admin router. Wiring only. */
import { z } from 'zod';
import { AdminEditInput, AdminProduct, AdminProductList, AdminProductQuery, MoveInput, ProductFileRef, ProductRef, RejectInput } from '../../../contracts/studio';
import { submittedFileUrl } from '../../admin/product-file';
import { TokenDownload } from '../../../contracts/checkout';
import { adminProduct, changeStatus, editProduct, listProducts, moveProduct, reviewQueue } from '../../admin/products';
import { route } from '../init';
import { docs } from './admin-products.docs';

const base = { envelope: 'object' as const, auth: 'staff' as const };
const mutation = { ...base, sameOrigin: true };

export const adminProductProcedures = {
	products: route({ openapi: { ...base, method: 'GET', path: '/api/v1/admin/products', envelope: 'list', ...docs.products } })
		.input(AdminProductQuery)
		.output(AdminProductList)
		.query(({ input }) => listProducts(input)),

	reviews: route({ openapi: { ...base, method: 'GET', path: '/api/v1/admin/reviews', envelope: 'list', ...docs.reviews } })
		.input(z.object({}).optional())
		.output(AdminProductList)
		.query(() => reviewQueue()),

	productFile: route({ openapi: { ...base, method: 'GET', path: '/api/v1/admin/products/{id}/file', ...docs.productFile } })
		.input(ProductFileRef)
		.output(TokenDownload)
		.query(({ input }) => submittedFileUrl(input.id, input.fileId)),

	product: route({ openapi: { ...base, method: 'GET', path: '/api/v1/admin/products/{id}', ...docs.product } })
		.input(ProductRef)
		.output(AdminProduct)
		.query(({ input }) => adminProduct(input.id)),

	approveProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/approve', ...docs.approveProduct } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'approve')),

	rejectProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/reject', ...docs.rejectProduct } })
		.input(RejectInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'reject', input.reason)),

	publishProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/publish', ...docs.publishProduct } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'publish')),

	unpublishProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/unpublish', ...docs.unpublishProduct } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'unpublish')),

	editProduct: route({ openapi: { ...mutation, method: 'PATCH', path: '/api/v1/admin/products/{id}', ...docs.editProduct } })
		.input(AdminEditInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => editProduct(ctx.session.user.id, input)),

	moveProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/move', ...docs.moveProduct } })
		.input(MoveInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => moveProduct(ctx.session.user.id, input))
};
