import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { orders } from './orders';
import { users } from './users';
// One source for the bounds and reasons: the forms, the procedures and the table's CHECKs.
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_REPLY_MAX, reviewReportReasons } from '../../../contracts/reviews';


/**
 * A buyer's review of a product (issue #18): one per account and product,
 * written only by an account that owns the product through a paid order (the
 * order is kept as the proof). Hidden reviews stay in the table for the
 * author and staff but count nowhere: products.rating_avg/rating_count are
 * recomputed from the visible ones by a trigger (migration 0023; product_reviews is the editorial approval queue, hence "buyer"), in the same
 * transaction as every change.
 */
export const buyerReviews = pgTable(
	'buyer_reviews',
	{
		id: uuid('id').primaryKey(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** The paid order that made the author a buyer. */
		orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
		stars: smallint('stars').notNull(),
		body: text('body').notNull(),
		/** "Hữu ích" votes, kept with the vote rows in one transaction so listing sorts on an index. */
		helpfulCount: integer('helpful_count').notNull().default(0),
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
		hiddenReason: text('hidden_reason'),
		/**
		 * The product's one public answer (its author; staff for the house catalog), shown under the
		 * review. Kept apart from updated_at, which says the reviewer edited their own text.
		 */
		replyBody: text('reply_body'),
		replyBy: uuid('reply_by').references(() => users.id, { onDelete: 'set null' }),
		repliedAt: timestamp('replied_at', { withTimezone: true }),
		replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull()
	},
	(t) => [
		uniqueIndex('buyer_reviews_one_per_buyer').on(t.productId, t.userId),
		index('buyer_reviews_listing_idx').on(t.productId, t.helpfulCount, t.createdAt, t.id).where(sql`${t.hiddenAt} IS NULL`),
		index('buyer_reviews_user_idx').on(t.userId),
		check('buyer_reviews_stars', sql`${t.stars} BETWEEN 1 AND 5`),
		check('buyer_reviews_body_length', sql`char_length(${t.body}) BETWEEN ${sql.raw(String(REVIEW_BODY_MIN))} AND ${sql.raw(String(REVIEW_BODY_MAX))}`),
		check('buyer_reviews_helpful_nonneg', sql`${t.helpfulCount} >= 0`),
		check('buyer_reviews_hidden', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
		check('buyer_reviews_reply', sql`(${t.replyBody} IS NULL) = (${t.repliedAt} IS NULL)`),
		check('buyer_reviews_reply_length', sql`char_length(${t.replyBody}) BETWEEN 1 AND ${sql.raw(String(REVIEW_REPLY_MAX))}`)
	]
);

/** One "Hữu ích" per account and review (never on one's own, checked by the service). */
export const buyerReviewVotes = pgTable(
	'buyer_review_votes',
	{
		reviewId: uuid('review_id')
			.notNull()
			.references(() => buyerReviews.id, { onDelete: 'cascade' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [primaryKey({ columns: [t.reviewId, t.userId] })]
);


/**
 * A signed-in reader flags a review for staff; one report per account and
 * review. Open until staff hide or keep the review (resolved_at).
 */
export const buyerReviewReports = pgTable(
	'buyer_review_reports',
	{
		reviewId: uuid('review_id')
			.notNull()
			.references(() => buyerReviews.id, { onDelete: 'cascade' }),
		reporterUserId: uuid('reporter_user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		reason: text('reason', { enum: reviewReportReasons }).notNull(),
		message: text('message'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		resolvedAt: timestamp('resolved_at', { withTimezone: true })
	},
	(t) => [
		primaryKey({ columns: [t.reviewId, t.reporterUserId] }),
		index('buyer_review_reports_open_idx').on(t.reviewId).where(sql`${t.resolvedAt} IS NULL`),
		check('buyer_review_reports_reason', sql`${t.reason} IN ('spam', 'offensive', 'off_topic', 'other')`)
	]
);
