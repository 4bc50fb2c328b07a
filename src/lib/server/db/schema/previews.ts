import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const previewJobStatuses = ['queued', 'running', 'done', 'failed', 'unavailable'] as const;
export type PreviewJobStatus = (typeof previewJobStatuses)[number];

/**
 * One preview job per downloadable file (issue #16 item 3), keyed by the
 * storage key every product selling that file points at. Rows are enqueued by
 * a trigger on products.file_key (migration), so any writer that sets a file
 * gets previews without knowing about this table. A `running` row whose lease
 * has passed belongs to a crashed worker and is claimed again.
 *
 * `priority` 1 marks a file that is not on sale yet (a draft or a submission):
 * its author and a reviewer are waiting for the preview, so it goes ahead of
 * backfill (the published catalog after the tools are installed, or a seed).
 */
export const previewJobs = pgTable(
	'preview_jobs',
	{
		fileKey: text('file_key').primaryKey(),
		status: text('status').$type<PreviewJobStatus>().notNull().default('queued'),
		priority: smallint('priority').notNull().default(0),
		attempts: integer('attempts').notNull().default(0),
		/** When a queued job may next run; for a running job, when its lease ends. */
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
		lastError: text('last_error'),
		/** The worker process holding (or that last held) the job, `host:pid`: which one to look at when a job hangs. */
		claimedBy: text('claimed_by'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('preview_jobs_due_idx').on(t.priority.desc(), t.nextAttemptAt).where(sql`${t.status} IN ('queued', 'running')`),
		// The sweep for orphaned running jobs (migration 0031): running jobs are few, queued ones may be 100 000.
		index('preview_jobs_lease_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'running'`),
		check('preview_jobs_status_known', sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'unavailable')`)
	]
);
