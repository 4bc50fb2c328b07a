import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** `attachment`: an image or a PDF sent with a conversation message (any signed-in account). */
export type UploadPurpose = 'file' | 'cover' | 'preview' | 'attachment';
export type UploadStatus = 'pending' | 'verified' | 'failed' | 'expired';

/**
 * One upload slot (issue #16, storage D6): what the author declared, where the
 * bytes go, and what the server found when it checked them. Only `verified`
 * rows may ever be attached to a product; a slot that is never completed is
 * swept with its object once `expires_at` passes.
 */
export const uploads = pgTable(
	'uploads',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		purpose: text('purpose').$type<UploadPurpose>().notNull(),
		fileName: text('file_name').notNull(),
		contentType: text('content_type').notNull(),
		sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
		/** Lower-case hex, as declared; verification proves the stored bytes have it. */
		sha256: text('sha256').notNull(),
		storageKey: text('storage_key').notNull().unique(),
		/** Set when the file goes up in parts: the store's multipart upload id and the size of each part but the last. */
		multipartUploadId: text('multipart_upload_id'),
		partBytes: integer('part_bytes'),
		status: text('status').$type<UploadStatus>().notNull().default('pending'),
		/** MIME type found in the bytes (magic numbers), set once checked. */
		detectedType: text('detected_type'),
		failureReason: text('failure_reason'),
		/** Another author's verified file with the same SHA-256 (a theft signal for staff). */
		duplicateOfId: uuid('duplicate_of_id'),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		/**
		 * When the expiry sweep removed whatever the slot's PUT URL could still have
		 * stored (a pending slot, or a failed one re-sent before its URL expired).
		 */
		sweptAt: timestamp('swept_at', { withTimezone: true })
	},
	(t) => [
		index('uploads_owner_idx').on(t.ownerId, t.createdAt),
		index('uploads_sha256_idx').on(t.sha256, t.status),
		index('uploads_unswept_expiry_idx').on(t.expiresAt).where(sql`${t.sweptAt} IS NULL AND ${t.status} IN ('pending', 'failed')`),
		index('uploads_duplicate_idx').on(t.duplicateOfId),
		// The unattached-upload sweep (uploads/uploads.ts) walks verified, unswept uploads oldest first.
		index('uploads_unswept_verified_idx').on(t.completedAt).where(sql`${t.sweptAt} IS NULL AND ${t.status} = 'verified'`)
	]
);
