/**
 * Token downloads of products with several files (README "Several files per
 * product"): the wire shapes of POST /api/v1/downloads/by-token beyond the
 * single-file ones of ./checkout.ts, which stay valid (every field here is
 * optional). Client-safe.
 */
import { z } from 'zod';
import { DownloadByTokenInput, TokenDownload } from './checkout';

export const TokenDownloadInput = DownloadByTokenInput.extend({
	fileId: z
		.uuid({ error: 'Mã tệp không hợp lệ.' })
		.optional()
		.describe('One file of the product (an `id` from `files`); omitted: the primary (first) file'),
	all: z.boolean({ error: 'all phải là true hoặc false.' }).optional().describe('true: `url` serves one ZIP of every file, streamed')
}).refine((v) => !(v.fileId !== undefined && v.all === true), { message: 'Chọn một tệp (fileId) hoặc tất cả (all), không chọn cả hai.', path: ['all'] });
export type TokenDownloadInput = z.infer<typeof TokenDownloadInput>;

export const DownloadableFile = z.object({
	id: z.uuid(),
	fileName: z.string(),
	contentType: z.string(),
	/** Null while the file has not been measured yet (a file older than the list of files). */
	sizeBytes: z.number().int().nullable()
}).meta({ id: 'DownloadableFile' });
export type DownloadableFile = z.infer<typeof DownloadableFile>;

export const TokenDownloadResult = TokenDownload.extend({
	/** The name the browser saves `url` under (the file's, or "<title>.zip"). Additive in v1. */
	fileName: z.string().optional(),
	/** Every file the token gives, primary first; pass one's `id` as `fileId`, or `all: true` for a ZIP. Additive in v1. */
	files: z.array(DownloadableFile).optional()
});
export type TokenDownloadResult = z.infer<typeof TokenDownloadResult>;
