import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

/**
 * Free-track downloads counted per user and quota window (a calendar month in
 * Vietnam time). Consumed with one conditional upsert
 * (`… ON CONFLICT DO UPDATE SET used = used + 1 WHERE used < limit`), so
 * concurrent downloads can never push `used` past the limit.
 */
export const musicQuotaUsage = pgTable(
	'music_quota_usage',
	{
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
		used: integer('used').notNull().default(0),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.userId, t.windowStart] }), check('music_quota_usage_used_nonneg', sql`${t.used} >= 0`)]
);

export const musicGrantReasons = ['owned', 'free'] as const;
export type MusicGrantReason = (typeof musicGrantReasons)[number];

/** Every signed-URL grant: who, what, when, and whether it counted against the quota. */
export const musicDownloadLogs = pgTable(
	'music_download_logs',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		reason: text('reason', { enum: musicGrantReasons }).notNull(),
		quotaUsed: boolean('quota_used').notNull(),
		/** The quota window charged, when `quota_used`. */
		windowStart: timestamp('window_start', { withTimezone: true }),
		urlExpiresAt: timestamp('url_expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [
		index('music_download_logs_user_idx').on(t.userId, t.createdAt),
		index('music_download_logs_product_idx').on(t.productId),
		check('music_download_logs_window', sql`${t.quotaUsed} = (${t.windowStart} IS NOT NULL)`)
	]
);
