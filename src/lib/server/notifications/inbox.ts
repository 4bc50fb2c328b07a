/**
 * A person's notifications as /thong-bao, the header badge and the REST API
 * read them: newest first by id, and marking them read.
 */
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { MarkReadInput, Notification, NotificationPage, NotificationQuery } from '../../contracts/notifications';
import { db } from '../db/client';
import { notifications } from '../db/schema';
import { invalidCursor } from '../errors/app-error';
import { now } from '../platform/clock';
import { keysetPage } from '../platform/keyset-page';
import { signJson, verifyJson } from '../platform/signing';

type Row = typeof notifications.$inferSelect;

function toNotification(r: Row): Notification {
	return {
		id: r.id.toString(),
		kind: r.kind,
		group: r.group,
		title: r.title,
		body: r.body,
		link: r.link,
		createdAt: r.createdAt.toISOString(),
		readAt: r.readAt?.toISOString() ?? null
	};
}

function decodeCursor(cursor: string): bigint {
	const c = verifyJson('cursor', cursor) as { kind?: unknown; before?: unknown } | null;
	if (c?.kind !== 'notifications' || typeof c.before !== 'string' || !/^[0-9]{1,19}$/.test(c.before)) throw invalidCursor();
	return BigInt(c.before);
}

export async function unreadCount(userId: string): Promise<number> {
	const [row] = await db()
		.select({ n: count() })
		.from(notifications)
		.where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
	return Number(row?.n ?? 0);
}

export async function listNotifications(userId: string, q: NotificationQuery): Promise<NotificationPage> {
	const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
	const rows = await db()
		.select()
		.from(notifications)
		.where(and(eq(notifications.userId, userId), before === undefined ? undefined : lt(notifications.id, before)))
		.orderBy(desc(notifications.id))
		.limit(q.pageSize + 1);
	const page = keysetPage(rows, q.pageSize, (last) => signJson('cursor', { kind: 'notifications', before: last.id.toString() }));
	return { items: page.rows.map(toNotification), hasMore: page.hasMore, nextCursor: page.nextCursor, unreadCount: await unreadCount(userId) };
}

export async function markRead(userId: string, input: MarkReadInput): Promise<{ unreadCount: number }> {
	await db()
		.update(notifications)
		.set({ readAt: now() })
		.where(
			and(
				eq(notifications.userId, userId),
				isNull(notifications.readAt),
				input.ids ? inArray(notifications.id, input.ids.map((id) => BigInt(id))) : undefined
			)
		);
	return { unreadCount: await unreadCount(userId) };
}
