/** Author studio: application, profile and products (issue #16). Merged into the studio router. Wiring only. */
import { AuthorProfile, ApplyInput, CreateDraftInput, ProductRef, StudioProduct, StudioProductList, UpdateDraftInput } from '../../../contracts/studio';
import { applyAsAuthor, authorProfile } from '../../studio/authors';
import { createDraft, myProduct, myProducts, submitForReview, updateDraft } from '../../studio/products';
import { route } from '../init';
import { exampleProfile, exampleStudioProduct } from './studio-docs';

const tags = ['Studio'];
const draftErrors = { 400: ['validation_error' as const], 404: ['not_found' as const], 409: ['conflict' as const] };

export const studioProductProcedures = {
	applyAsAuthor: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/studio/application',
			summary: 'Apply to sell',
			description:
				'Stores the public author profile and the bank account for payouts, and makes the account an `author` at once (audited as done by the account itself; staff may revoke it). Needs a verified email (403 `forbidden`, `details.reason` = `email_unverified`). An account whose author role staff took away is refused (403 `forbidden`, `details.reason` = `author_revoked`) until staff allow it to apply again. Applying again updates the profile; a changed bank account is audited and starts the payout cooldown, as with PUT /api/v1/studio/payout-details.',
			tags,
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 403: ['forbidden'] },
			example: exampleProfile
		}
	})
		.input(ApplyInput)
		.output(AuthorProfile)
		.mutation(({ ctx, input }) => applyAsAuthor(ctx.session.user.id, input)),

	profile: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/studio/profile',
			summary: 'My author profile',
			description: 'The profile and payout account given when applying; 404 for an author without one (e.g. made author by staff).',
			tags,
			envelope: 'object',
			auth: 'author',
			errors: { 404: ['not_found'] },
			example: exampleProfile
		}
	})
		.output(AuthorProfile)
		.query(({ ctx }) => authorProfile(ctx.session.user.id)),

	products: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/studio/products',
			summary: 'My products',
			description: 'Every product of the signed-in author with its status and, when rejected, the reviewer\'s reason. Newest change first.',
			tags,
			envelope: 'list',
			auth: 'author',
			errors: {},
			example: { items: [exampleStudioProduct], nextCursor: null, hasMore: false }
		}
	})
		.output(StudioProductList)
		.query(({ ctx }) => myProducts(ctx.session.user.id)),

	createProduct: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/studio/products',
			summary: 'Create a draft',
			description:
				'A new `draft` of the signed-in author. `priceVnd` is whole VND as a string of digits (0 to 50000000); the category must exist; uploads must be the author\'s own, verified, and of the matching purpose (`file`, `cover`, `preview`). Any problem answers 400 and creates nothing.',
			tags,
			envelope: 'object',
			auth: 'author',
			sameOrigin: true,
			errors: { 400: ['validation_error'] },
			example: { ...exampleStudioProduct, status: 'draft', rejectionReason: null, fileName: null, coverImageUrl: null }
		}
	})
		.input(CreateDraftInput)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => createDraft(ctx.session.user.id, input)),

	product: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/studio/products/{id}',
			summary: 'One of my products',
			description: 'Another author\'s product answers 404, exactly like a missing one.',
			tags,
			envelope: 'object',
			auth: 'author',
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: exampleStudioProduct
		}
	})
		.input(ProductRef)
		.output(StudioProduct)
		.query(({ ctx, input }) => myProduct(ctx.session.user.id, input.id)),

	updateProduct: route({
		openapi: {
			method: 'PATCH',
			path: '/api/v1/studio/products/{id}',
			summary: 'Edit a draft',
			description:
				'Changes the given fields of a `draft` or `rejected` product (409 `conflict` otherwise: a product in review or on sale is changed by staff). Same checks as creation; `null` detaches an upload.',
			tags,
			envelope: 'object',
			auth: 'author',
			sameOrigin: true,
			errors: draftErrors,
			example: { ...exampleStudioProduct, status: 'draft', rejectionReason: null }
		}
	})
		.input(UpdateDraftInput)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => updateDraft(ctx.session.user.id, input)),

	submitProduct: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/studio/products/{id}/submit',
			summary: 'Submit for review',
			description:
				'`draft` or `rejected` → `in_review`. Needs a sold file and a cover (400 `details.reason` = `incomplete`). An author has at most STUDIO_IN_REVIEW_PER_AUTHOR products in review at once (422 `state_violation`, `details.reason` = `in_review_quota`, with `used` and `limit`). The sold file and the cover are copied to the product; a sold file byte-identical to a file of a product another author has on sale is refused with 409 `duplicate_file`.',
			tags,
			envelope: 'object',
			auth: 'author',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict', 'duplicate_file'], 422: ['state_violation'] },
			example: { ...exampleStudioProduct, status: 'in_review', rejectionReason: null }
		}
	})
		.input(ProductRef)
		.output(StudioProduct)
		.mutation(({ ctx, input }) => submitForReview(ctx.session.user.id, input.id))
};
