import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { users } from './users';

/** open → answered (by staff, by mail). */
export const supportTicketStatuses = ['open', 'answered'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

/** "Hỗ trợ": questions from buyers and visitors, answered by staff by mail. */
export const supportTickets = pgTable(
	'support_tickets',
	{
		id: uuid('id').primaryKey(),
		/** Null for a visitor who was not signed in. */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		/** Where the answer goes: the account's address, or the one a visitor typed. */
		email: text('email').notNull(),
		name: text('name'),
		subject: text('subject').notNull(),
		message: text('message').notNull(),
		status: text('status', { enum: supportTicketStatuses }).notNull().default('open'),
		answer: text('answer'),
		answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
		answeredAt: timestamp('answered_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		/** Set when the person continued the answered request as a support conversation ("Tiếp tục trong Tin nhắn"). */
		conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' })
	},
	(t) => [
		index('support_tickets_queue_idx').on(t.status, t.createdAt),
		index('support_tickets_user_idx').on(t.userId),
		check('support_tickets_status', sql`${t.status} IN ('open', 'answered')`),
		check('support_tickets_answered', sql`(${t.status} = 'answered') = (${t.answeredAt} IS NOT NULL AND ${t.answer} IS NOT NULL)`)
	]
);
