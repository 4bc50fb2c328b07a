import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What a staff action changed, as the console shows it. `before`/`after` hold
 * only the fields the action touched.
 */
export interface AuditSummary {
	before?: Record<string, unknown> | null;
	after?: Record<string, unknown> | null;
	[key: string]: unknown;
}

/**
 * Append-only record of staff actions (docs/architecture.md#supply-side), written in the same
 * transaction as the change. A trigger (migration 0011) refuses UPDATE and
 * DELETE, so not even the application can rewrite history.
 */
export const auditLog = pgTable(
	'audit_log',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		/** Kept when the actor's account is later deleted: the row must survive it. */
		actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'restrict' }),
		action: text('action').notNull(),
		targetType: text('target_type').notNull(),
		targetId: text('target_id').notNull(),
		summary: jsonb('summary').$type<AuditSummary>().notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('audit_log_created_idx').on(t.createdAt, t.id),
		index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
		index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt)
	]
);
