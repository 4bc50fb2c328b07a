import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a notification is about, for mail preferences. `money` (payments,
 * refunds, short transfers, sales, payouts) is mailed at once and cannot be
 * switched off; the others go out in digests and can be.
 */
export const notificationGroups = ['money', 'studio', 'messages', 'reports', 'staff'] as const;
export type NotificationGroup = (typeof notificationGroups)[number];

/** pending → sent | skipped (read first, person opted out, or no mail for this row) | failed (retried). */
export const notificationMailStates = ['pending', 'sent', 'skipped'] as const;

/**
 * One row per event a person must know (docs/architecture.md#live-events): written in the
 * transaction of the change that causes it; the page, the badge and the mail
 * all read these rows. The id only grows, so a live stream can resume from it.
 * A visitor who was not signed in (a reporter) has an email and no account.
 */
export const notifications = pgTable(
	'notifications',
	{
		id: bigserial('id', { mode: 'bigint' }).primaryKey(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		email: text('email'),
		kind: text('kind').notNull(),
		group: text('group', { enum: notificationGroups }).notNull(),
		title: text('title').notNull(),
		body: text('body').notNull().default(''),
		/** A path on this site. */
		link: text('link').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		readAt: timestamp('read_at', { withTimezone: true }),
		mailState: text('mail_state', { enum: notificationMailStates }).notNull().default('pending'),
		mailedAt: timestamp('mailed_at', { withTimezone: true })
	},
	(t) => [
		index('notifications_user_idx').on(t.userId, t.id),
		index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
		index('notifications_mail_idx').on(t.id).where(sql`${t.mailState} = 'pending'`),
		check('notifications_recipient', sql`${t.userId} IS NOT NULL OR ${t.email} IS NOT NULL`)
	]
);

/** A mail group an address asked not to receive (preferences or one-click unsubscribe); `money` is never stored. */
export const mailOptOuts = pgTable(
	'mail_opt_outs',
	{
		email: text('email').notNull(),
		group: text('group', { enum: notificationGroups }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [primaryKey({ columns: [t.email, t.group] })]
);

/** When a person's last digest went out: at most one per NOTIFY_DIGEST_MINUTES. */
export const notificationDigests = pgTable('notification_digests', {
	recipient: text('recipient').primaryKey(),
	lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull()
});
