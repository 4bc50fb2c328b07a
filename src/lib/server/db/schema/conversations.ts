import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { uploads } from './uploads';
import { users } from './users';

/** `product`: a question about a product, to its author (or staff for house products); `support`: to staff. */
export const conversationKinds = ['product', 'support'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** open → closed (by staff, after a report). A closed conversation is read-only. */
export const conversationStatuses = ['open', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/**
 * Two parties: the person who started it and the one they wrote to. A null
 * `recipientId` is the shared staff inbox (support, and products of the house
 * catalog, which have no author): every staff account reads and answers it.
 */
export const conversations = pgTable(
	'conversations',
	{
		id: uuid('id').primaryKey(),
		kind: text('kind', { enum: conversationKinds }).notNull(),
		productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
		starterId: uuid('starter_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
		status: text('status', { enum: conversationStatuses }).notNull().default('open'),
		/** Set by the first "Báo cáo" on one of its messages: staff may then read it. */
		reportedAt: timestamp('reported_at', { withTimezone: true }),
		closedAt: timestamp('closed_at', { withTimezone: true }),
		closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
		lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [
		index('conversations_starter_idx').on(t.starterId, t.lastMessageAt),
		index('conversations_recipient_idx').on(t.recipientId, t.lastMessageAt),
		index('conversations_inbox_idx').on(t.lastMessageAt).where(sql`${t.recipientId} IS NULL`),
		index('conversations_reported_idx').on(t.reportedAt).where(sql`${t.reportedAt} IS NOT NULL`),
		// Asking again about the same product (or support again) continues the open conversation; this makes a race of two first questions end in one.
		uniqueIndex('conversations_open_product_key').on(t.starterId, t.productId).where(sql`${t.status} = 'open' AND ${t.kind} = 'product'`),
		uniqueIndex('conversations_open_support_key').on(t.starterId).where(sql`${t.status} = 'open' AND ${t.kind} = 'support'`),
		check('conversations_kind', sql`${t.kind} IN ('product', 'support')`),
		check('conversations_status', sql`${t.status} IN ('open', 'closed')`),
		check('conversations_support_to_staff', sql`${t.kind} = 'product' OR ${t.recipientId} IS NULL`)
	]
);

/**
 * Plain text, up to 4 000 characters, NFC and trimmed; empty only when the
 * message carries attachments (checked when it is written: a row here cannot
 * see its attachments). Ids only grow: "after id N" is a polling cursor.
 */
export const conversationMessages = pgTable(
	'conversation_messages',
	{
		id: bigserial('id', { mode: 'bigint' }).primaryKey(),
		conversationId: uuid('conversation_id')
			.notNull()
			.references(() => conversations.id, { onDelete: 'cascade' }),
		senderId: uuid('sender_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		body: text('body').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id), check('conversation_messages_length', sql`char_length(${t.body}) BETWEEN 0 AND 4000`)]
);

/**
 * How far each reader has read: unread = messages of the others with a larger
 * id. Counted, never kept as a counter, so concurrent messages cannot skew it.
 */
export const conversationReads = pgTable(
	'conversation_reads',
	{
		conversationId: uuid('conversation_id')
			.notNull()
			.references(() => conversations.id, { onDelete: 'cascade' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		lastReadId: bigint('last_read_id', { mode: 'bigint' }).notNull()
	},
	(t) => [primaryKey({ columns: [t.conversationId, t.userId] })]
);

/** "Chặn": the blocked person cannot send to the blocker. */
export const conversationBlocks = pgTable(
	'conversation_blocks',
	{
		blockerId: uuid('blocker_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		blockedId: uuid('blocked_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), check('conversation_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`)]
);

/** "Báo cáo" on a message: one per message and reporter. */
export const messageReports = pgTable(
	'message_reports',
	{
		messageId: bigint('message_id', { mode: 'bigint' })
			.notNull()
			.references(() => conversationMessages.id, { onDelete: 'cascade' }),
		reporterId: uuid('reporter_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		conversationId: uuid('conversation_id')
			.notNull()
			.references(() => conversations.id, { onDelete: 'cascade' }),
		reason: text('reason').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [primaryKey({ columns: [t.messageId, t.reporterId] }), index('message_reports_conversation_idx').on(t.conversationId)]
);

/**
 * Files attached to a message: verified uploads of purpose `attachment`
 * (uploads/), each attached once, in the order they were sent. Only the
 * conversation's readers may fetch them (conversations/attachments.ts).
 */
export const messageAttachments = pgTable(
	'message_attachments',
	{
		uploadId: uuid('upload_id')
			.primaryKey()
			.references(() => uploads.id, { onDelete: 'cascade' }),
		messageId: bigint('message_id', { mode: 'bigint' })
			.notNull()
			.references(() => conversationMessages.id, { onDelete: 'cascade' }),
		position: smallint('position').notNull()
	},
	(t) => [uniqueIndex('message_attachments_message_idx').on(t.messageId, t.position), check('message_attachments_position', sql`${t.position} BETWEEN 0 AND 3`)]
);
