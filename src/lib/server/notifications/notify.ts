/**
 * Writing notifications (docs/architecture.md#live-events): every function here takes the
 * transaction of the change that causes the event, so a notification exists
 * exactly when its change committed. Mail reads these rows later
 * (notifications/mail.ts); nothing here sends anything.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications, users, type NotificationGroup } from '../db/schema';
import { now } from '../platform/clock';

export interface NewNotification {
	kind: string;
	group: NotificationGroup;
	title: string;
	body?: string;
	/** A path on this site. */
	link: string;
	/** `skipped`: the row needs no mail of its own (the order's receipt is the mail of "order paid"). */
	mail?: 'pending' | 'skipped';
}

const titleMax = 200;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function row(n: NewNotification, at: Date) {
	return {
		kind: n.kind,
		group: n.group,
		title: clip(n.title, titleMax),
		body: clip(n.body ?? '', 2000),
		link: n.link,
		createdAt: at,
		...(n.mail === 'skipped' ? { mailState: 'skipped' as const } : {})
	};
}

export async function notifyUser(tx: DbOrTx, userId: string, n: NewNotification): Promise<void> {
	await tx.insert(notifications).values({ ...row(n, now()), userId });
}

/** A person without an account (a visitor who reported a product): mail only. */
export async function notifyEmail(tx: DbOrTx, email: string, n: NewNotification): Promise<void> {
	await tx.insert(notifications).values({ ...row(n, now()), email });
}

/** One row for every staff account that can sign in. */
export async function notifyStaff(tx: DbOrTx, n: NewNotification): Promise<void> {
	const staff = await tx
		.select({ id: users.id })
		.from(users)
		.where(and(eq(users.role, 'staff'), isNull(users.disabledAt)))
		// Each row locks its person's live-event counter (ADR 020): one order for all writers, so two cannot deadlock.
		.orderBy(users.id);
	if (staff.length === 0) return;
	const at = now();
	await tx.insert(notifications).values(staff.map((s) => ({ ...row(n, at), userId: s.id })));
}
