/**
 * Notification mail, a consumer of the notification rows (docs/architecture.md#live-events):
 * money rows are mailed one by one as soon as the job sees them and cannot
 * be switched off; every other row waits for its person's digest, at most
 * one per NOTIFY_DIGEST_MINUTES, unless it was read on the site first or the
 * person switched its group off. Every mail carries the one-click
 * unsubscribe headers of RFC 8058 and a link to the same page.
 *
 * The job runs on the process that holds the job lock (platform/job-leader),
 * so rows are read without locks; a row is marked after its mail went out,
 * which makes a crash in between send it twice rather than never.
 */
import { hasMailbox } from '../auth/mailbox';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { mailGroupLabels, optionalMailGroups, type NotificationGroup, type OptionalMailGroup } from '../../contracts/notifications';
import { config } from '../config';
import { db } from '../db/client';
import { notificationDigests, notifications, users } from '../db/schema';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail, type MailMessage } from '../platform/mail';
import { mailHtml } from '../platform/mail-html';
import { isOptionalGroup, optedOutGroups, unsubscribeToken } from './preferences';

type Row = typeof notifications.$inferSelect;
interface Pending extends Row {
	to: string | null;
	gone: boolean;
}

const BATCH = 200;
export const UNSUBSCRIBE_PATH = '/huy-nhan-thu';

export function unsubscribeUrl(email: string, groups: OptionalMailGroup[]): string {
	return `${config().origin}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(unsubscribeToken(email, groups))}`;
}

function withUnsubscribe(to: string, groups: OptionalMailGroup[], m: Omit<MailMessage, 'headers' | 'to'>): MailMessage {
	const url = unsubscribeUrl(to, groups);
	const footer =
		groups.length === optionalMailGroups.length
			? `Không muốn nhận thư thông báo của hoclieu nữa? Huỷ nhận (thư về tiền và bảo mật vẫn luôn được gửi): ${url}`
			: `Không muốn nhận loại thư này nữa? Huỷ nhận: ${url} — hoặc chọn loại thư nhận tại trang Tài khoản.`;
	return {
		...m,
		to,
		text: `${m.text}\n\n${footer}\n`,
		html: m.html.replace('</body>', `<p style="margin:16px 0 0;font-size:13px;color:#555">${footer.replace(url, `<a href="${url}">${url}</a>`)}</p></body>`),
		headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
	};
}

const absolute = (link: string) => `${config().origin}${link}`;

function moneyMail(to: string, n: Row): MailMessage {
	return withUnsubscribe(to, [...optionalMailGroups], {
		kind: `notification_${n.kind}`,
		subject: n.title,
		text: [n.title, n.body, `Xem chi tiết: ${absolute(n.link)}`].filter(Boolean).join('\n\n'),
		html: mailHtml([n.title, n.body].filter(Boolean), { href: absolute(n.link), label: 'Xem chi tiết' })
	});
}

function digestMail(to: string, rows: Row[]): MailMessage {
	const groups = [...new Set(rows.map((r) => r.group))].filter(isOptionalGroup);
	const subject = rows.length === 1 ? rows[0]!.title : `hoclieu: ${rows.length} thông báo mới`;
	const lines = rows.map((r) => `• ${r.title}${r.body ? ` — ${r.body}` : ''}\n  ${absolute(r.link)}`);
	return withUnsubscribe(to, groups, {
		kind: 'notification_digest',
		subject,
		text: ['Những điều mới ở hoclieu dành cho bạn:', ...lines, `Tất cả thông báo: ${absolute('/thong-bao')}`].join('\n\n'),
		html: mailHtml(
			['Những điều mới ở hoclieu dành cho bạn:', ...rows.map((r) => `${r.title}${r.body ? `\n${r.body}` : ''}\n${absolute(r.link)}`)],
			{ href: absolute('/thong-bao'), label: 'Xem tất cả thông báo' },
			[`Nhóm thư: ${groups.map((g) => mailGroupLabels[g]).join('; ')}.`]
		)
	});
}

async function pendingRows(money: boolean): Promise<Pending[]> {
	const rows = await db()
		.select({ n: notifications, email: users.email, deletedAt: users.deletedAt, disabledAt: users.disabledAt })
		.from(notifications)
		.leftJoin(users, eq(users.id, notifications.userId))
		.where(and(eq(notifications.mailState, 'pending'), money ? eq(notifications.group, 'money') : ne(notifications.group, 'money')))
		.orderBy(notifications.id)
		.limit(BATCH);
	// No mailbox (an account without an address, auth/mailbox.ts): nobody to write to, like a missing address.
	return rows.map((r) => ({ ...r.n, to: [r.n.email ?? r.email].find(hasMailbox) ?? null, gone: r.n.userId !== null && (r.deletedAt !== null || r.disabledAt !== null) }));
}

async function mark(ids: bigint[], state: 'sent' | 'skipped'): Promise<void> {
	if (ids.length === 0) return;
	await db()
		.update(notifications)
		.set({ mailState: state, mailedAt: state === 'sent' ? now() : null })
		.where(and(inArray(notifications.id, ids), eq(notifications.mailState, 'pending')));
}

async function sendMoneyMails(): Promise<number> {
	let sent = 0;
	for (const n of await pendingRows(true)) {
		if (!n.to || n.gone) {
			await mark([n.id], 'skipped');
			continue;
		}
		await sendMail(moneyMail(n.to, n));
		await mark([n.id], 'sent');
		sent++;
	}
	return sent;
}

const recipientOf = (n: Row) => (n.userId ? `user:${n.userId}` : `email:${n.email}`);

async function sendDigests(): Promise<number> {
	const byRecipient = new Map<string, Pending[]>();
	for (const n of await pendingRows(false)) {
		const key = recipientOf(n);
		byRecipient.set(key, [...(byRecipient.get(key) ?? []), n]);
	}
	const wait = config().notify.digestMinutes * 60_000;
	let sent = 0;
	for (const [recipient, rows] of byRecipient) {
		const to = rows[0]!.to;
		// Read on the site already, or nobody to write to: nothing to mail.
		const unwanted = rows.filter((r) => r.readAt !== null || !to || r.gone);
		const off = to ? await optedOutGroups(db(), to) : new Set<NotificationGroup>();
		const optedOut = rows.filter((r) => !unwanted.includes(r) && off.has(r.group));
		await mark([...unwanted, ...optedOut].map((r) => r.id), 'skipped');
		const due = rows.filter((r) => !unwanted.includes(r) && !optedOut.includes(r));
		if (due.length === 0 || !to) continue;
		const [last] = await db().select().from(notificationDigests).where(eq(notificationDigests.recipient, recipient));
		if (last && now().getTime() - last.lastSentAt.getTime() < wait) continue;
		await sendMail(digestMail(to, due));
		await mark(due.map((r) => r.id), 'sent');
		await db()
			.insert(notificationDigests)
			.values({ recipient, lastSentAt: now() })
			.onConflictDoUpdate({ target: notificationDigests.recipient, set: { lastSentAt: now() } });
		sent++;
	}
	return sent;
}

/** The job: money mails first, then the digests that are due. */
export async function deliverNotificationMail(): Promise<{ money: number; digests: number }> {
	const money = await sendMoneyMails();
	const digests = await sendDigests();
	if (money + digests > 0) log.info('notification mail sent', { money, digests });
	return { money, digests };
}
