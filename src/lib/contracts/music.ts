/** Classroom music (GET /api/v1/music/quota, POST /api/v1/music/{id}/download). Client-safe. */
import { z } from 'zod';

/** Product ids are UUIDs; anything else is a malformed id (400), not an unknown one (404). */
export const ProductId = z
	.string()
	.min(1)
	.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Mã sản phẩm không hợp lệ.');

export const QuotaLimit = z.union([z.number().int().min(0), z.literal('unlimited')]);
export type QuotaLimit = z.infer<typeof QuotaLimit>;

export const MusicQuota = z.object({
	isVip: z.boolean(),
	used: z.number().int().min(0),
	limit: QuotaLimit,
	/** Start of the next quota window (the first day of next month, 00:00 Vietnam time). */
	resetsAt: z.iso.datetime()
}).meta({ id: 'MusicQuota' });
export type MusicQuota = z.infer<typeof MusicQuota>;

export const MusicDownloadInput = z.object({ id: ProductId });

export const MusicDownloadGrant = z.object({
	signedUrl: z.url(),
	expiresAt: z.iso.datetime(),
	logId: z.string().optional()
});
export type MusicDownloadGrant = z.infer<typeof MusicDownloadGrant>;
