import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { productDrafts } from './studio';
import { uploads } from './uploads';

/**
 * The sold files of a product, in the order buyers see them (README "Several
 * files per product"). Position 0 is the primary file, the one the single-file
 * fields of products (file_key, file_name, file_sha256, page_count…) describe:
 * a trigger (migration) keeps that row following products.file_key, so a writer
 * that only knows the single file (the seed, staff) still leaves a true list.
 * Each row has its own preview job (preview_jobs, keyed by file_key), whose
 * facts the preview worker writes here as on products.
 */
export const productFiles = pgTable(
	'product_files',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		fileKey: text('file_key').notNull(),
		/** The name the browser saves, e.g. "Bài hát Quê hương.mp3". */
		fileName: text('file_name').notNull(),
		contentType: text('content_type').notNull(),
		/** Null until known: a file migrated from a product whose size the preview worker had not measured yet. */
		sizeBytes: bigint('size_bytes', { mode: 'number' }),
		/** Null only for seed files that never went through an upload. */
		sha256: text('sha256'),
		previewStatus: text('preview_status'),
		pageCount: integer('page_count'),
		durationSeconds: integer('duration_seconds'),
		previewImageUrls: text('preview_image_urls').array().notNull().default(sql`'{}'::text[]`),
		previewClipUrl: text('preview_clip_url'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('product_files_position_key').on(t.productId, t.position),
		uniqueIndex('product_files_key_key').on(t.productId, t.fileKey),
		// The preview worker writes its facts by file key.
		index('product_files_file_key_idx').on(t.fileKey),
		index('product_files_sha256_idx').on(t.sha256).where(sql`${t.sha256} IS NOT NULL`)
	]
);

/**
 * The sold files of an author's draft, in order: verified uploads of purpose
 * `file`. product_drafts.file_upload_id stays the first of them (clients of the
 * single-file studio contract read and write it). Submitting copies them all to
 * product keys and product_files.
 */
export const productDraftFiles = pgTable(
	'product_draft_files',
	{
		productId: uuid('product_id')
			.notNull()
			.references(() => productDrafts.productId, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		uploadId: uuid('upload_id')
			.notNull()
			.references(() => uploads.id, { onDelete: 'cascade' })
	},
	(t) => [
		uniqueIndex('product_draft_files_position_key').on(t.productId, t.position),
		// Whether any draft uses an upload: the unattached-upload sweep asks it of every candidate.
		index('product_draft_files_upload_idx').on(t.uploadId)
	]
);
