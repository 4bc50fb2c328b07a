/** What /openapi.json says about the routes of ./studio-products.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Studio'];

/** A product as its author sees it (the staff's view in ./admin-products.docs.ts adds to it). */
export const exampleStudioProduct = {
	id: '7d2e4b10-0000-4000-8000-000000000000',
	title: 'Giáo án Toán 6 – Chương 1: Tập hợp',
	description: 'Giáo án chi tiết 5 tiết, kèm phiếu bài tập.',
	type: 'LESSON_PLAN',
	priceVnd: '35000',
	buyerPriceVnd: '35000',
	tags: ['toán 6', 'tập hợp'],
	status: 'rejected',
	categoryId: '2b1a0c9d-0000-4000-8000-000000000000',
	categoryName: 'Toán lớp 6',
	fullPath: 'giao-an/toan/lop-6/giao-an-toan-6-chuong-1-tap-hop-7d2e4b10',
	fileName: 'giao-an-toan-6.pdf',
	coverImageUrl: '/product-covers/7d2e4b10-0000-4000-8000-000000000000/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png',
	file: { id: '3c9e1f2a-0000-4000-8000-000000000000', fileName: 'giao-an-toan-6.pdf', sizeBytes: 482133 },
	files: [
		{ id: '3c9e1f2a-0000-4000-8000-000000000000', fileName: 'giao-an-toan-6.pdf', sizeBytes: 482133 },
		{ id: '5e1a3b4c-0000-4000-8000-000000000000', fileName: 'phieu-bai-tap.docx', sizeBytes: 38912 }
	],
	soldFiles: [
		{
			id: '8a4f6c2e-0000-4000-8000-000000000000',
			fileName: 'giao-an-toan-6.pdf',
			contentType: 'application/pdf',
			sizeBytes: 482133,
			preview: {
				status: 'ready',
				imageUrls: ['/xem-truoc/5b0e8c1d9a7f4e3c2b1a0f9e8d7c6b5a/page-1.webp', '/xem-truoc/5b0e8c1d9a7f4e3c2b1a0f9e8d7c6b5a/page-2.webp'],
				pageCount: 12,
				durationSeconds: null,
				reason: null
			}
		},
		{
			id: '9b5a7d3f-0000-4000-8000-000000000000',
			fileName: 'phieu-bai-tap.docx',
			contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			sizeBytes: 38912,
			preview: { status: 'queued', imageUrls: [], pageCount: null, durationSeconds: null, reason: null }
		}
	],
	cover: { id: '4d0f2a3b-0000-4000-8000-000000000000', fileName: 'bia.png', sizeBytes: 20480 },
	preview: null,
	generatedPreview: {
		status: 'ready',
		imageUrls: ['/xem-truoc/5b0e8c1d9a7f4e3c2b1a0f9e8d7c6b5a/page-1.webp', '/xem-truoc/5b0e8c1d9a7f4e3c2b1a0f9e8d7c6b5a/page-2.webp'],
		pageCount: 12,
		durationSeconds: null,
		reason: null
	},
	rejectionReason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.',
	createdAt: '2026-01-15T08:30:00.000Z',
	updatedAt: '2026-01-16T10:00:00.000Z'
} as const;

export const exampleProfile = {
	userId: '6f1c2a9e-0000-4000-8000-000000000000',
	displayName: 'Cô Lan',
	bio: 'Giáo viên Toán THCS, 12 năm kinh nghiệm.',
	bankName: 'Vietcombank',
	bankAccountNumber: '0123456789',
	bankAccountHolder: 'NGUYEN THI LAN',
	createdAt: '2026-01-15T08:30:00.000Z',
	updatedAt: '2026-01-15T08:30:00.000Z'
} as const;

const draftErrors = { 400: ['validation_error' as const], 404: ['not_found' as const], 409: ['conflict' as const] };

export const docs = {
	applyAsAuthor: {
		summary: 'Apply to sell',
		description:
			'Stores the public author profile and the bank account for payouts, and makes the account an `author` at once (audited as done by the account itself; staff may revoke it). Needs a verified email (403 `forbidden`, `details.reason` = `email_unverified`). An account whose author role staff took away is refused (403 `forbidden`, `details.reason` = `author_revoked`) until staff allow it to apply again. Applying again updates the profile; a changed bank account is audited and starts the payout cooldown, as with PUT /api/v1/studio/payout-details.',
		tags,
		errors: { 400: ['validation_error'], 403: ['forbidden'] },
		example: exampleProfile
	},

	profile: {
		summary: 'My author profile',
		description: 'The profile and payout account given when applying; 404 for an author without one (e.g. made author by staff).',
		tags,
		errors: { 404: ['not_found'] },
		example: exampleProfile
	},

	products: {
		summary: 'My products',
		description: 'Every product of the signed-in author with its status and, when rejected, the reviewer\'s reason. Newest change first.',
		tags,
		errors: {},
		example: { items: [exampleStudioProduct], nextCursor: null, hasMore: false }
	},

	createProduct: {
		summary: 'Create a draft',
		description:
			'A new `draft` of the signed-in author. `priceVnd` is whole VND as a string of digits (0 to 50000000); the category must exist; uploads must be the author\'s own, verified, and of the matching purpose (`file`, `cover`, `preview`). Any problem answers 400 and creates nothing.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { ...exampleStudioProduct, status: 'draft', rejectionReason: null, fileName: null, coverImageUrl: null }
	},

	product: {
		summary: 'One of my products',
		description: 'Another author\'s product answers 404, exactly like a missing one.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: exampleStudioProduct
	},

	updateProduct: {
		summary: 'Edit a draft',
		description:
			'Changes the given fields of a `draft` or `rejected` product (409 `conflict` otherwise: a product in review or on sale is changed by staff). Same checks as creation; `null` detaches an upload.',
		tags,
		errors: draftErrors,
		example: { ...exampleStudioProduct, status: 'draft', rejectionReason: null }
	},

	submitProduct: {
		summary: 'Submit for review',
		description:
			'`draft` or `rejected` → `in_review`. Needs a sold file and a cover (400 `details.reason` = `incomplete`). An author has at most STUDIO_IN_REVIEW_PER_AUTHOR products in review at once (422 `state_violation`, `details.reason` = `in_review_quota`, with `used` and `limit`). The sold file and the cover are copied to the product; a sold file byte-identical to a file of a product another author has on sale is refused with 409 `duplicate_file`.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict', 'duplicate_file'], 422: ['state_violation'] },
		example: { ...exampleStudioProduct, status: 'in_review', rejectionReason: null }
	}
} satisfies RouterDocs;
