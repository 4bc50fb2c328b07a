import { z } from 'zod';

export const reportKinds = ['copyright', 'theft', 'content', 'other'] as const;
export const reportStatuses = ['open', 'suspended', 'upheld', 'dismissed'] as const;
export const ReportKind = z.enum(reportKinds);
export const ReportStatus = z.enum(reportStatuses);

const optionalText = (max: number, message: string) =>
	z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max, message).optional());

/**
 * A takedown notice or a report about a product. A copyright notice names the
 * original and carries the good-faith statement; a theft report names the
 * original it copies. Messages must say enough for staff to act on.
 */
export const FileReportInput = z
	.object({
		productId: z.uuid('Học liệu không hợp lệ.'),
		kind: ReportKind,
		name: z.string().trim().min(2, 'Vui lòng nhập họ tên.').max(120, 'Họ tên tối đa 120 ký tự.'),
		email: z.email('Email không hợp lệ.').max(254),
		organisation: optionalText(200, 'Tên đơn vị tối đa 200 ký tự.'),
		originalWork: optionalText(1000, 'Mô tả bản gốc tối đa 1000 ký tự.'),
		message: z.string().trim().min(20, 'Vui lòng mô tả vi phạm ít nhất 20 ký tự.').max(5000, 'Nội dung tối đa 5000 ký tự.'),
		sworn: z.boolean().default(false)
	})
	.superRefine((r, ctx) => {
		if ((r.kind === 'copyright' || r.kind === 'theft') && !r.originalWork) {
			ctx.addIssue({ code: 'custom', path: ['originalWork'], message: 'Vui lòng cho biết bản gốc ở đâu (đường dẫn hoặc mô tả).' });
		}
		if (r.kind === 'copyright' && !r.sworn) {
			ctx.addIssue({ code: 'custom', path: ['sworn'], message: 'Yêu cầu gỡ bỏ vì bản quyền cần lời xác nhận bạn là chủ sở hữu hoặc được uỷ quyền.' });
		}
	});
export type FileReportInput = z.infer<typeof FileReportInput>;

export const FiledReport = z.object({ id: z.string(), status: ReportStatus, createdAt: z.iso.datetime() }).meta({ id: 'FiledReport' });

export const AdminReport = z
	.object({
		id: z.string(),
		kind: ReportKind,
		status: ReportStatus,
		productId: z.string(),
		productTitle: z.string(),
		/** Null while the product is not on sale. */
		productFullPath: z.string().nullable(),
		productStatus: z.string(),
		/** Null for the house catalog. */
		authorEmail: z.string().nullable(),
		reporterUserId: z.string().nullable(),
		reporterName: z.string(),
		reporterEmail: z.string(),
		organisation: z.string().nullable(),
		originalWork: z.string().nullable(),
		message: z.string(),
		sworn: z.boolean(),
		/** This report took the product off sale. */
		suspendedProduct: z.boolean(),
		/** Reports of the same product still waiting for a decision, this one included. */
		pendingOnProduct: z.number().int(),
		decisionNote: z.string().nullable(),
		decidedByEmail: z.string().nullable(),
		decidedAt: z.iso.datetime().nullable(),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportQuery = z.object({
	status: ReportStatus.optional(),
	kind: ReportKind.optional()
});

export const AdminReportList = z.object({ items: z.array(AdminReport), nextCursor: z.null(), hasMore: z.boolean() });

export const ReportIdInput = z.object({ id: z.uuid() });

export const SuspendReportInput = z.object({
	id: z.uuid(),
	note: optionalText(1000, 'Ghi chú tối đa 1000 ký tự.')
});

export const DecideReportInput = z.object({
	id: z.uuid(),
	decision: z.enum(['upheld', 'dismissed']),
	note: z.string().trim().min(5, 'Vui lòng ghi lý do quyết định (ít nhất 5 ký tự).').max(1000, 'Lý do tối đa 1000 ký tự.')
});
