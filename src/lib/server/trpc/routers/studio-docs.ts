/** Example payloads of the studio and staff product routes (OpenAPI only). */
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

export const exampleAdminProduct = {
	...exampleStudioProduct,
	status: 'in_review',
	rejectionReason: null,
	authorId: '6f1c2a9e-0000-4000-8000-000000000000',
	authorName: 'Cô Lan'
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
