/**
 * The one way a feature tells people something live (ADR 020):
 *
 *     await publishLive(tx, [buyerId, authorId], { type: 'message', data: { conversationId, message } });
 *
 * inside the transaction of the change itself. The event is a row of that
 * transaction, so it exists exactly when the change commits, and PostgreSQL
 * sends its NOTIFY at commit (never on rollback); every instance and worker
 * hears it and writes it to the person's open streams (./hub.ts).
 * Notification rows need no call: a trigger makes each one a `notification` event.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export interface LiveEventInput {
	/** The SSE `event:` name: a word such as `message` or `notification` (no spaces or newlines). */
	type: string;
	/** Any JSON value; what the client's listener for `type` receives. */
	data: unknown;
}

const TYPE = /^[a-z][a-z0-9._-]{0,63}$/;

export async function publishLive(tx: DbOrTx, userIds: readonly string[], event: LiveEventInput): Promise<void> {
	if (!TYPE.test(event.type)) throw new Error(`publishLive: event type ${JSON.stringify(event.type)} is not a lower-case word`);
	// Sorted and once each: every publisher locks people's counters in one order, so two cannot deadlock.
	const ids = [...new Set(userIds)].sort();
	if (ids.length === 0) return;
	const data = JSON.stringify(event.data ?? null);
	await tx.execute(
		sql`SELECT hoclieu_publish_live(u, ${event.type}, ${data}::jsonb) FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS u ORDER BY u`
	);
}
