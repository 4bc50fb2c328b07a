/** What /openapi.json says about the routes of ./admin-products.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { exampleStudioProduct } from './studio-products.docs';

const tags = ['Admin'];

const exampleAdminProduct = {
	...exampleStudioProduct,
	status: 'in_review',
	rejectionReason: null,
	authorId: '6f1c2a9e-0000-4000-8000-000000000000',
	authorName: 'Cô Lan'
} as const;

/** A review decision or an edit: one of these fails it. */
const mutationDocs = { tags, errors: { 400: ['validation_error' as const], 404: ['not_found' as const], 409: ['conflict' as const] } };

const published = { ...exampleAdminProduct, status: 'published' } as const;

export const docs = {
	products: {
		tags,
		summary: 'Search products',
		description: 'Any product, any status: by a fragment of the title (accent-insensitive), status and author. Newest change first, at most 100.',
		errors: { 400: ['validation_error'] },
		example: { items: [exampleAdminProduct], nextCursor: null, hasMore: false }
	},

	reviews: {
		tags,
		summary: 'Review queue',
		description: 'Products submitted by authors and waiting for a decision (`in_review`).',
		errors: {},
		example: { items: [exampleAdminProduct], nextCursor: null, hasMore: false }
	},

	productFile: {
		tags,
		summary: 'Open the submitted file',
		description:
			'A short-lived signed storage URL of the product\'s sold file, in any status: the reviewer reads the whole file, not only the preview pages. `fileId` opens another of its files (README, section Several files per product). The console\'s review queue links to each through /quan-tri/san-pham/{id}/tep. 404 `not_found` when the product has no file yet, or no file with that id.',
		errors: { 400: ['validation_error'], 404: ['not_found'], 503: ['service_unavailable'] },
		example: { url: 'https://files.hoclieu.vn/products/0f8e2d4c/giao-an.pdf?X-Amz-Signature=…', expiresIn: 300 }
	},

	product: {
		tags,
		summary: 'One product',
		description: 'Any product in any status, with its author, attached files, current path and the latest rejection reason.',
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: exampleAdminProduct
	},

	approveProduct: {
		...mutationDocs,
		summary: 'Approve a submission',
		description: '`in_review` → `published`: it appears in listings, search and detail. Audited.',
		example: published
	},

	rejectProduct: {
		...mutationDocs,
		summary: 'Reject a submission',
		description: '`in_review` → `rejected`, with a reason (5 to 1000 characters) the author sees; the author may edit and resubmit. Audited.',
		example: { ...exampleAdminProduct, status: 'rejected', rejectionReason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' }
	},

	publishProduct: {
		...mutationDocs,
		summary: 'Put a product back on sale',
		description: '`unpublished` or `suspended` → `published` (a new submission goes through approve). Audited.',
		example: published
	},

	unpublishProduct: {
		...mutationDocs,
		summary: 'Take a product off sale',
		description: '`published` → `unpublished`: gone from listings, search and detail; buyers keep what they own. Audited.',
		example: { ...exampleAdminProduct, status: 'unpublished' }
	},

	editProduct: {
		...mutationDocs,
		summary: 'Edit any product',
		description: 'Title, description, type, price and tags of any product in any status; audited with the changed fields before and after.',
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: published
	},

	moveProduct: {
		...mutationDocs,
		summary: 'Rename or move a product',
		description: 'New slug and/or category. The old path becomes an alias and answers 308 to the new one (GET /api/v1/catalog/products/{fullPath}). A path held by another product: 409 `conflict`, nothing changes. Audited.',
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: published
	}
} satisfies RouterDocs;
