import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

/** copyright: a rights holder's takedown notice; theft: copied from another author; content: wrong or inappropriate. */
export const reportKinds = ['copyright', 'theft', 'content', 'other'] as const;
export type ReportKind = (typeof reportKinds)[number];
/** open → suspended (product taken off sale pending review) → upheld | dismissed; open → upheld | dismissed directly. */
export const reportStatuses = ['open', 'suspended', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Takedown notices and theft reports from rights holders and buyers, and staff's decision on each. */
export const productReports = pgTable(
	'product_reports',
	{
		id: uuid('id').primaryKey(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: reportKinds }).notNull(),
		/** Null for a visitor who was not signed in. */
		reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
		reporterName: text('reporter_name').notNull(),
		reporterEmail: text('reporter_email').notNull(),
		/** The rights holder's organisation (publisher, school), when there is one. */
		organisation: text('organisation'),
		/** Where the original is (a URL or a description): required for copyright and theft. */
		originalWork: text('original_work'),
		message: text('message').notNull(),
		/** When the reporter stated in good faith that they hold the rights (copyright notices). */
		swornAt: timestamp('sworn_at', { withTimezone: true }),
		status: text('status', { enum: reportStatuses }).notNull().default('open'),
		/** This report took the product off sale: dismissing it puts the product back. */
		suspendedProduct: boolean('suspended_product').notNull().default(false),
		decisionNote: text('decision_note'),
		decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
		decidedAt: timestamp('decided_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [
		index('product_reports_queue_idx').on(t.status, t.createdAt),
		index('product_reports_product_idx').on(t.productId),
		check('product_reports_decided', sql`(${t.status} IN ('upheld', 'dismissed')) = (${t.decidedAt} IS NOT NULL)`),
		check('product_reports_copyright_sworn', sql`${t.kind} <> 'copyright' OR ${t.swornAt} IS NOT NULL`)
	]
);
