/** What /openapi.json says about the routes of ./admin-reports.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Admin'];
const example = {
	id: '8d3e6c1a-0000-4000-8000-000000000000',
	kind: 'copyright',
	status: 'open',
	productId: '5b2f9d40-0000-4000-8000-000000000000',
	productTitle: 'Giáo án Toán lớp 1 – Bài 3: Các số 1, 2, 3',
	productFullPath: 'lop-1/toan/giao-an-toan-lop-1-bai-3',
	productStatus: 'published',
	authorEmail: 'co.lan@example.vn',
	reporterUserId: null,
	reporterName: 'Nhà xuất bản Giáo dục Việt Nam',
	reporterEmail: 'banquyen@example.vn',
	organisation: 'NXB Giáo dục Việt Nam',
	originalWork: 'https://example.vn/sach-giao-vien-toan-1',
	message: 'Tài liệu sao chép nguyên văn sách giáo viên Toán 1 của chúng tôi, trang 12–20.',
	sworn: true,
	suspendedProduct: false,
	pendingOnProduct: 1,
	decisionNote: null,
	decidedByEmail: null,
	decidedAt: null,
	createdAt: '2026-11-20T03:12:45.000Z'
};

export const docs = {
	list: {
		summary: 'The reports queue',
		description: 'Takedown notices and reports, waiting ones first (open, then suspended, oldest first), then decided ones newest first; filter by `status` and `kind`. At most 100.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { items: [example], nextCursor: null, hasMore: false }
	},

	get: {
		summary: 'One report',
		description: 'A report with its product, the reporter, and the decision once there is one.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example
	},

	suspend: {
		summary: 'Suspend the product pending review',
		description:
			'Takes the reported product off sale at once (gone from listing, search, its page and checkout; owners keep their downloads) while staff review the report. Only an `open` report (409 `conflict` otherwise). Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...example, status: 'suspended', productStatus: 'suspended', productFullPath: null, suspendedProduct: true }
	},

	decide: {
		summary: 'Record the decision on a report',
		description:
			'`upheld`: the product stays (or goes) off sale. `dismissed`: the report is closed and, if this report suspended the product and no other report holds it, the product goes back on sale. A note is required. Once per report (409 `conflict` after that). Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...example, status: 'dismissed', decisionNote: 'Tác giả gửi giấy phép sử dụng của nhà xuất bản.', decidedByEmail: 'quantri@example.vn', decidedAt: '2026-11-21T08:00:00.000Z' }
	}
} satisfies RouterDocs;
