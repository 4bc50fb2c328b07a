/** Staff product operations and the review queue (issue #16), merged into the admin router. Wiring only. */
import { z } from 'zod';
import { AdminEditInput, AdminProduct, AdminProductList, AdminProductQuery, MoveInput, ProductFileRef, ProductRef, RejectInput } from '../../../contracts/studio';
import { submittedFileUrl } from '../../admin/product-file';
import { TokenDownload } from '../../../contracts/checkout';
import { adminProduct, changeStatus, editProduct, listProducts, moveProduct, reviewQueue } from '../../admin/products';
import { route } from '../init';
import { exampleAdminProduct } from './studio-docs';

const tags = ['Admin'];
const base = { tags, envelope: 'object' as const, auth: 'staff' as const };
const mutation = { ...base, sameOrigin: true, errors: { 400: ['validation_error' as const], 404: ['not_found' as const], 409: ['conflict' as const] } };
const published = { ...exampleAdminProduct, status: 'published' } as const;

export const adminProductProcedures = {
	products: route({
		openapi: {
			...base,
			method: 'GET',
			path: '/api/v1/admin/products',
			summary: 'Search products',
			description: 'Any product, any status: by a fragment of the title (accent-insensitive), status and author. Newest change first, at most 100.',
			envelope: 'list',
			errors: { 400: ['validation_error'] },
			example: { items: [exampleAdminProduct], nextCursor: null, hasMore: false }
		}
	})
		.input(AdminProductQuery)
		.output(AdminProductList)
		.query(({ input }) => listProducts(input)),

	reviews: route({
		openapi: {
			...base,
			method: 'GET',
			path: '/api/v1/admin/reviews',
			summary: 'Review queue',
			description: 'Products submitted by authors and waiting for a decision (`in_review`).',
			envelope: 'list',
			errors: {},
			example: { items: [exampleAdminProduct], nextCursor: null, hasMore: false }
		}
	})
		.input(z.object({}).optional())
		.output(AdminProductList)
		.query(() => reviewQueue()),

	productFile: route({
		openapi: {
			...base,
			method: 'GET',
			path: '/api/v1/admin/products/{id}/file',
			summary: 'Open the submitted file',
			description:
				'A short-lived signed storage URL of the product\'s sold file, in any status: the reviewer reads the whole file, not only the preview pages. `fileId` opens another of its files (README, section Several files per product). The console\'s review queue links to each through /quan-tri/san-pham/{id}/tep. 404 `not_found` when the product has no file yet, or no file with that id.',
			errors: { 400: ['validation_error'], 404: ['not_found'], 503: ['service_unavailable'] },
			example: { url: 'https://files.hoclieu.vn/products/0f8e2d4c/giao-an.pdf?X-Amz-Signature=…', expiresIn: 300 }
		}
	})
		.input(ProductFileRef)
		.output(TokenDownload)
		.query(({ input }) => submittedFileUrl(input.id, input.fileId)),

	product: route({ openapi: { ...base, method: 'GET', path: '/api/v1/admin/products/{id}', summary: 'One product', description: 'Any product in any status, with its author, attached files, current path and the latest rejection reason.', errors: { 400: ['validation_error'], 404: ['not_found'] }, example: exampleAdminProduct } })
		.input(ProductRef)
		.output(AdminProduct)
		.query(({ input }) => adminProduct(input.id)),

	approveProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/approve', summary: 'Approve a submission', description: '`in_review` → `published`: it appears in listings, search and detail. Audited.', example: published } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'approve')),

	rejectProduct: route({
		openapi: {
			...mutation,
			method: 'POST',
			path: '/api/v1/admin/products/{id}/reject',
			summary: 'Reject a submission',
			description: '`in_review` → `rejected`, with a reason (5 to 1000 characters) the author sees; the author may edit and resubmit. Audited.',
			example: { ...exampleAdminProduct, status: 'rejected', rejectionReason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' }
		}
	})
		.input(RejectInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'reject', input.reason)),

	publishProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/publish', summary: 'Put a product back on sale', description: '`unpublished` or `suspended` → `published` (a new submission goes through approve). Audited.', example: published } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'publish')),

	unpublishProduct: route({ openapi: { ...mutation, method: 'POST', path: '/api/v1/admin/products/{id}/unpublish', summary: 'Take a product off sale', description: '`published` → `unpublished`: gone from listings, search and detail; buyers keep what they own. Audited.', example: { ...exampleAdminProduct, status: 'unpublished' } } })
		.input(ProductRef)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => changeStatus(ctx.session.user.id, input.id, 'unpublish')),

	editProduct: route({ openapi: { ...mutation, method: 'PATCH', path: '/api/v1/admin/products/{id}', summary: 'Edit any product', description: 'Title, description, type, price and tags of any product in any status; audited with the changed fields before and after.', errors: { 400: ['validation_error'], 404: ['not_found'] }, example: published } })
		.input(AdminEditInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => editProduct(ctx.session.user.id, input)),

	moveProduct: route({
		openapi: {
			...mutation,
			method: 'POST',
			path: '/api/v1/admin/products/{id}/move',
			summary: 'Rename or move a product',
			description: 'New slug and/or category. The old path becomes an alias and answers 308 to the new one (GET /api/v1/catalog/products/{fullPath}). A path held by another product: 409 `conflict`, nothing changes. Audited.',
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
			example: published
		}
	})
		.input(MoveInput)
		.output(AdminProduct)
		.mutation(({ ctx, input }) => moveProduct(ctx.session.user.id, input))
};
