/** Author studio: application, profile and products (issue #16). Merged into the studio router. Wiring only. */
import { AuthorProfile, ApplyInput, CreateDraftInput, ProductRef, StudioProduct, StudioProductList, UpdateDraftInput } from '../../../contracts/studio';
import { applyAsAuthor, authorProfile } from '../../studio/authors';
import { createDraft, myProduct, myProducts, submitForReview, updateDraft } from '../../studio/products';
import { route } from '../init';
import { docs } from './studio-products.docs';

export const studioProductProcedures = {
	applyAsAuthor: route({
		openapi: { method: 'POST', path: '/api/v1/studio/application', envelope: 'object', auth: 'session', sameOrigin: true, ...docs.applyAsAuthor }
	})
		.input(ApplyInput)
		.output(AuthorProfile)
		.mutation(({ ctx, input }) => applyAsAuthor(ctx.session.user.id, input)),

	profile: route({ openapi: { method: 'GET', path: '/api/v1/studio/profile', envelope: 'object', auth: 'author', ...docs.profile } })
		.output(AuthorProfile)
		.query(({ ctx }) => authorProfile(ctx.session.user.id)),

	products: route({ openapi: { method: 'GET', path: '/api/v1/studio/products', envelope: 'list', auth: 'author', ...docs.products } })
		.output(StudioProductList)
		.query(({ ctx }) => myProducts(ctx.session.user.id)),

	createProduct: route({
		openapi: { method: 'POST', path: '/api/v1/studio/products', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.createProduct }
	})
		.input(CreateDraftInput)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => createDraft(ctx.session.user.id, input)),

	product: route({ openapi: { method: 'GET', path: '/api/v1/studio/products/{id}', envelope: 'object', auth: 'author', ...docs.product } })
		.input(ProductRef)
		.output(StudioProduct)
		.query(({ ctx, input }) => myProduct(ctx.session.user.id, input.id)),

	updateProduct: route({
		openapi: { method: 'PATCH', path: '/api/v1/studio/products/{id}', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.updateProduct }
	})
		.input(UpdateDraftInput)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => updateDraft(ctx.session.user.id, input)),

	submitProduct: route({
		openapi: { method: 'POST', path: '/api/v1/studio/products/{id}/submit', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.submitProduct }
	})
		.input(ProductRef)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => submitForReview(ctx.session.user.id, input.id))
};
