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

export const CompleteUploadInput = UploadRef.extend({
	/** Multipart slots only: every part's number with the ETag its PUT answered, in any order. */
	parts: z
		.array(
			z.object({
				partNumber: z.number().int().min(1, 'Số thứ tự phần bắt đầu từ 1.').max(10_000, 'Tối đa 10 000 phần.'),
				etag: z.string().trim().min(1, 'Thiếu ETag của phần.').max(200, 'ETag quá dài.')
			})
		)
		.max(10_000, 'Tối đa 10 000 phần.')
		.optional()
});
export type CompleteUploadInput = z.infer<typeof CompleteUploadInput>;

export const UploadStatusValue = z.enum(['pending', 'verified', 'failed', 'expired']);

export const Upload = z.object({
	id: z.uuid(),
	ownerId: z.uuid(),
	/** `attachment`: a file sent with a conversation message (POST /api/v1/conversations/attachments). */
	purpose: z.enum(['file', 'cover', 'preview', 'attachment']),
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
}).meta({ id: 'Upload' });
export type Upload = z.infer<typeof Upload>;

export const UploadSlot = z.object({
	upload: Upload,
	/** Files up to the multipart threshold: send the bytes here, with exactly these headers, before `expiresAt`; null for a multipart slot. */
	put: z.object({ url: z.url(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.iso.datetime() }).nullable(),
	/** Larger files: PUT each part (exactly `sizeBytes` bytes of the file, in order of `partNumber`) to its URL, keep each answer's ETag header, and send them all to `complete`; null for a single PUT. */
	multipart: z
		.object({
			partBytes: z.number().int(),
			parts: z.array(z.object({ partNumber: z.number().int(), sizeBytes: z.number().int(), url: z.url(), headers: z.record(z.string(), z.string()) })),
			expiresAt: z.iso.datetime()
		})
		.nullable()
});

export const AdminUploadQuery = z.object({
	/** `duplicate`: refused copies of another author's file (theft signals). */
	flag: z.enum(['duplicate']).optional(),
	status: UploadStatusValue.optional()
});

export const UploadList = z.object({ items: z.array(Upload), nextCursor: z.null(), hasMore: z.boolean() });
export type AdminUploadQuery = z.infer<typeof AdminUploadQuery>;
