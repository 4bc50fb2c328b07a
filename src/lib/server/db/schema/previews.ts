import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const previewJobStatuses = ['queued', 'running', 'done', 'failed', 'unavailable'] as const;
export type PreviewJobStatus = (typeof previewJobStatuses)[number];

/**
 * One preview job per downloadable file (issue #16 item 3), keyed by the
 * storage key every product selling that file points at. Rows are enqueued by
 * a trigger on products.file_key (migration), so any writer that sets a file
 * gets previews without knowing about this table. A `running` row whose lease
 * has passed belongs to a crashed worker and is claimed again.
 */
export const previewJobs = pgTable(
	'preview_jobs',
	{
		fileKey: text('file_key').primaryKey(),
		status: text('status').$type<PreviewJobStatus>().notNull().default('queued'),
		attempts: integer('attempts').notNull().default(0),
		/** When a queued job may next run; for a running job, when its lease ends. */
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		lastError: text('last_error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('preview_jobs_due_idx').on(t.nextAttemptAt).where(sql`${t.status} IN ('queued', 'running')`),
		check('preview_jobs_status_known', sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'unavailable')`)
	]
);
