import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { uploads } from './uploads';
import { users } from './users';

/**
 * An author's public face and payout details (issue #16). Applying creates the
 * row and makes the account an `author` in the same transaction; the bank
 * details are private (payouts only), the rest shows on the public author page.
 */
export const authorProfiles = pgTable(
	'author_profiles',
	{
		userId: uuid('user_id')
			.primaryKey()
			.references(() => users.id, { onDelete: 'cascade' }),
		displayName: text('display_name').notNull(),
		bio: text('bio').notNull().default(''),
		bankName: text('bank_name').notNull(),
		bankAccountNumber: text('bank_account_number').notNull(),
		bankAccountHolder: text('bank_account_holder').notNull(),
		/** When the bank details last changed after applying (null: as entered when applying); starts the payout cooldown. */
		payoutDetailsChangedAt: timestamp('payout_details_changed_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	// Staff look up the accounts paid into the same bank account (a sock-puppet signal); the number is digits only (contracts/studio.ts).
	(t) => [index('author_profiles_bank_account_idx').on(t.bankAccountNumber)]
);

/**
 * What an author's draft is made of before it is submitted: references to the
 * author's own verified uploads. On submit the sold file and the cover are
 * copied to product keys (products.file_key, cover_image_url); the uploads
 * themselves stay the author's.
 */
export const productDrafts = pgTable(
	'product_drafts',
	{
		productId: uuid('product_id')
			.primaryKey()
			.references(() => products.id, { onDelete: 'cascade' }),
		fileUploadId: uuid('file_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
		coverUploadId: uuid('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
		previewUploadId: uuid('preview_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	// Whether any draft uses an upload: the unattached-upload sweep asks it of every candidate.
	(t) => [
		index('product_drafts_file_upload_idx').on(t.fileUploadId),
		index('product_drafts_cover_upload_idx').on(t.coverUploadId),
		index('product_drafts_preview_upload_idx').on(t.previewUploadId)
	]
);

export const reviewDecisions = ['submitted', 'approved', 'rejected', 'published', 'unpublished'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/**
 * The review history of a product, append-only: each submission and each
 * staff decision. The newest `rejected` row's reason is what the author sees.
 */
export const productReviews = pgTable(
	'product_reviews',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		decision: text('decision', { enum: reviewDecisions }).notNull(),
		reason: text('reason'),
		actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('product_reviews_product_idx').on(t.productId, t.createdAt),
		check('product_reviews_decision_known', sql`${t.decision} IN ('submitted', 'approved', 'rejected', 'published', 'unpublished')`),
		check('product_reviews_reject_has_reason', sql`${t.decision} <> 'rejected' OR length(btrim(${t.reason})) > 0`)
	]
);
