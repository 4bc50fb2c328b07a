/**
 * The notifications a message causes, written in its transaction through the
 * notifications module: the author hears of a new question, staff of a new
 * support conversation (or a question about a house product, which has no
 * author), and the other party of a reply. To keep mail sane, a message adds no
 * row while the person still has an unread one for the same conversation: the
 * badge and the digest say "new messages here" once, not once per message.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications, products, users } from '../db/schema';
import { notifyStaff, notifyUser } from '../notifications/notify';
import { paths } from '../../paths';
import type { ConversationRow, Viewer } from './access';

const excerpt = (body: string) => (body.length > 280 ? `${body.slice(0, 279)}…` : body);

async function productTitle(tx: Tx, productId: string | null): Promise<string | null> {
	if (!productId) return null;
	const [p] = await tx.select({ title: products.title }).from(products).where(eq(products.id, productId));
	return p?.title ?? null;
}

export async function displayName(tx: Tx, userId: string): Promise<string> {
	const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
	return u?.name?.trim() || 'Người dùng hoclieu';
}

/** Any unread notice about this conversation (its question or an earlier reply) already says "there is something new here". */
async function hasUnreadNotice(tx: Tx, userId: string, link: string): Promise<boolean> {
	const [row] = await tx
		.select({ id: notifications.id })
		.from(notifications)
		.where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)))
		.limit(1);
	return row !== undefined;
}

export async function messageNotices(tx: Tx, c: ConversationRow, sender: Viewer, body: string, first: boolean): Promise<void> {
	const link = paths.conversation(c.id);
	const title = await productTitle(tx, c.product_id);
	if (first) {
		if (c.kind === 'support') {
			await notifyStaff(tx, { kind: 'staff.support_conversation', group: 'staff', title: `Cuộc trò chuyện hỗ trợ mới từ ${await displayName(tx, sender.id)}`, body: excerpt(body), link });
		} else if (c.recipient_id === null) {
			await notifyStaff(tx, { kind: 'staff.product_question', group: 'staff', title: `Câu hỏi mới về “${title ?? 'học liệu'}” (học liệu của hoclieu)`, body: excerpt(body), link });
		} else {
			await notifyUser(tx, c.recipient_id, { kind: 'conversation.question', group: 'studio', title: `Câu hỏi mới về “${title ?? 'học liệu'}”`, body: excerpt(body), link });
		}
		return;
	}
	// Follow-ups from the starter to the staff inbox show as unread in the inbox; only people are notified of replies.
	const to = sender.id === c.starter_id ? c.recipient_id : c.starter_id;
	if (!to || to === sender.id || (await hasUnreadNotice(tx, to, link))) return;
	const from = c.recipient_id === null && sender.id !== c.starter_id ? 'Hỗ trợ hoclieu' : await displayName(tx, sender.id);
	await notifyUser(tx, to, {
		kind: 'conversation.reply',
		group: 'messages',
		title: title ? `${from} đã trả lời về “${title}”` : `${from} đã trả lời bạn`,
		body: excerpt(body),
		link
	});
}
