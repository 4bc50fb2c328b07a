import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The live event stream (GET /api/v1/events, ADR 020). `seq` counts per
 * person and is the SSE `id:`: the counter row is locked by the transaction
 * that publishes, so a person's events commit in `seq` order and a stream
 * resumed with `Last-Event-ID` neither skips nor repeats one. Rows are written
 * only by the SQL function `hoclieu_publish_live` (migration live_events),
 * which also NOTIFYs `hoclieu_live`; old rows are pruned by a job.
 */
export const liveEventCounters = pgTable('live_event_counters', {
	userId: uuid('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	seq: bigint('seq', { mode: 'bigint' }).notNull()
});

export const liveEvents = pgTable(
	'live_events',
	{
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		seq: bigint('seq', { mode: 'bigint' }).notNull(),
		type: text('type').notNull(),
		data: jsonb('data').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.userId, t.seq] }), index('live_events_created_idx').on(t.createdAt)]
);
