/**
 * Upload slots (issue #16, storage D6), shared by the author studio
 * (/api/v1/studio/uploads) and staff (/api/v1/admin/uploads).
 */
import { z } from 'zod';

export const UploadPurposeValue = z.enum(['file', 'cover', 'preview'], { error: 'Mục đích tải lên phải là file, cover hoặc preview.' });

export const CreateUploadInput = z.object({
	purpose: UploadPurposeValue,
	fileName: z
		.string()
		.trim()
		.min(1, 'Tên tệp không được để trống.')
		.max(200, 'Tên tệp tối đa 200 ký tự.')
		.refine((n) => ![...n].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20), 'Tên tệp không được chứa dấu gạch chéo hay ký tự điều khiển.'),
	contentType: z.string().trim().toLowerCase().min(3).max(127),
	sizeBytes: z.number().int().positive('Kích thước tệp phải lớn hơn 0.'),
	sha256: z
		.string()
		.regex(/^[0-9a-fA-F]{64}$/, 'SHA-256 phải gồm 64 ký tự hex.')
		.transform((s) => s.toLowerCase())
});
export type CreateUploadInput = z.infer<typeof CreateUploadInput>;

export const UploadRef = z.object({ id: z.uuid({ error: 'Mã lượt tải lên không hợp lệ.' }) });

export const UploadStatusValue = z.enum(['pending', 'verified', 'failed', 'expired']);

export const Upload = z.object({
	id: z.uuid(),
	ownerId: z.uuid(),
	purpose: UploadPurposeValue,
	fileName: z.string(),
	contentType: z.string(),
	sizeBytes: z.number().int(),
	sha256: z.string(),
	status: UploadStatusValue,
	detectedType: z.string().nullable(),
	failureReason: z.string().nullable(),
	duplicateOfId: z.uuid().nullable(),
	expiresAt: z.iso.datetime(),
	createdAt: z.iso.datetime(),
	completedAt: z.iso.datetime().nullable()
});
export type Upload = z.infer<typeof Upload>;

export const UploadSlot = z.object({
	upload: Upload,
	/** Send the bytes here, with exactly these headers, before `expiresAt`. */
	put: z.object({ url: z.url(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.iso.datetime() })
});

export const AdminUploadQuery = z.object({
	/** `duplicate`: refused copies of another author's file (theft signals). */
	flag: z.enum(['duplicate']).optional(),
	status: UploadStatusValue.optional()
});

export const UploadList = z.object({ items: z.array(Upload), nextCursor: z.null(), hasMore: z.boolean() });
export type AdminUploadQuery = z.infer<typeof AdminUploadQuery>;
