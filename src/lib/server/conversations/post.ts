/**
 * The one door every message goes through. `postMessage` runs the caller's
 * `prepare` (find or create the conversation, check who may write) and writes
 * the message, the conversation's activity time, the sender's read mark, the
 * notifications and any audit row in one transaction, then answers the
 * committed message with the accounts it is for — what a live channel needs
 * to push it, once the transaction has committed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Message, MessageAttachment } from '../../contracts/conversations';
import { recordAudit } from '../admin/audit';
import { db, type Tx } from '../db/client';
import { conversationBlocks, conversationMessages, conversationReads, conversations, users } from '../db/schema';
import { AppError, forbidden } from '../errors/app-error';
import { publishLive } from '../events/publish';
import { now } from '../platform/clock';
import { isParty, type ConversationRow, type Viewer } from './access';
import { attachUploads } from './attachments';
import { messageNotices } from './notices';

export interface Draft {
	conversation: ConversationRow;
	/** The message opens the conversation. */
	first: boolean;
}

export interface PostedMessage {
	conversation: ConversationRow;
	message: Message;
	/** Everyone who should see it arrive, the sender excluded. */
	recipientIds: string[];
	first: boolean;
}

/** The staff accounts that answer the shared inbox. */
async function staffIds(tx: Tx): Promise<string[]> {
	const rows = await tx
		.select({ id: users.id })
		.from(users)
		.where(and(eq(users.role, 'staff'), isNull(users.disabledAt)));
	return rows.map((r) => r.id);
}

/** The accounts on the conversation's two sides, the sender excluded. */
async function recipientsOf(tx: Tx, c: ConversationRow, senderId: string): Promise<string[]> {
	const side = c.recipient_id === null ? [c.starter_id, ...(await staffIds(tx))] : [c.starter_id, c.recipient_id];
	return [...new Set(side)].filter((id) => id !== senderId);
}

/** The person on the other side, when it is a person and not the staff inbox. */
export function otherPerson(c: ConversationRow, viewerId: string): string | null {
	if (c.starter_id === viewerId) return c.recipient_id;
	return c.starter_id;
}

/** A blocked person cannot write to the one who blocked them; a blocker must unblock first. */
export async function assertMayWrite(tx: Tx, senderId: string, otherId: string | null): Promise<void> {
	if (!otherId) return;
	const rows = await tx
		.select({ blockerId: conversationBlocks.blockerId })
		.from(conversationBlocks)
		.where(
			sql`(${conversationBlocks.blockerId} = ${otherId} AND ${conversationBlocks.blockedId} = ${senderId}) OR (${conversationBlocks.blockerId} = ${senderId} AND ${conversationBlocks.blockedId} = ${otherId})`
		);
	if (rows.some((r) => r.blockerId === otherId)) throw forbidden('Người này đã chặn tin nhắn từ bạn nên bạn không thể gửi thêm.');
	if (rows.length > 0) throw new AppError('conflict', 'Bạn đã chặn người này. Hãy bỏ chặn để gửi tin nhắn.');
}

export function toMessage(
	row: { id: bigint | string; conversationId: string; senderId: string; body: string; createdAt: Date | string },
	viewerId: string,
	starterId: string,
	recipientId: string | null,
	attachments: MessageAttachment[] = []
): Message {
	return {
		id: row.id.toString(),
		conversationId: row.conversationId,
		senderId: row.senderId,
		mine: row.senderId === viewerId,
		fromStaff: recipientId === null && row.senderId !== starterId,
		body: row.body,
		attachments,
		createdAt: new Date(row.createdAt).toISOString()
	};
}

/** `body` may be empty only with attachments (the contracts check that before; `attachmentIds` are verified uploads of the sender). */
export async function postMessage(sender: Viewer, body: string, prepare: (tx: Tx) => Promise<Draft>, attachmentIds: readonly string[] = []): Promise<PostedMessage> {
	const posted = await db().transaction(async (tx): Promise<PostedMessage> => {
		const { conversation: c, first } = await prepare(tx);
		if (!isParty(sender, c)) throw forbidden('Nhân viên chỉ được xem cuộc trò chuyện bị báo cáo, không gửi tin nhắn vào đó.');
		if (c.status !== 'open') throw new AppError('conflict', 'Cuộc trò chuyện này đã bị đóng, không thể gửi thêm tin nhắn.');
		await assertMayWrite(tx, sender.id, otherPerson(c, sender.id));

		const at = now();
		const [row] = await tx.insert(conversationMessages).values({ conversationId: c.id, senderId: sender.id, body, createdAt: at }).returning();
		const attachments = await attachUploads(tx, sender.id, c.id, row!.id, attachmentIds);
		await tx.update(conversations).set({ lastMessageAt: at }).where(eq(conversations.id, c.id));
		// Writing is reading: the sender has seen everything up to their own message.
		await tx
			.insert(conversationReads)
			.values({ conversationId: c.id, userId: sender.id, lastReadId: row!.id })
			.onConflictDoUpdate({
				target: [conversationReads.conversationId, conversationReads.userId],
				set: { lastReadId: sql`GREATEST(${conversationReads.lastReadId}, excluded.last_read_id)` }
			});

		const fromInboxStaff = c.recipient_id === null && sender.id !== c.starter_id;
		if (fromInboxStaff) {
			await recordAudit(tx, {
				actorId: sender.id,
				action: 'conversation.staff_message',
				targetType: 'conversation',
				targetId: c.id,
				summary: { messageId: row!.id.toString(), length: body.length, attachments: attachments.length }
			});
		}
		const message = toMessage(row!, sender.id, c.starter_id, c.recipient_id, attachments);
		const recipientIds = await recipientsOf(tx, c, sender.id);
		// Live to both sides (the sender's other tabs too), committed with the message (ADR 020). `mine`
		// depends on who reads, so the event leaves it out: a client compares `senderId` with its own id.
		// Before the notices: their trigger publishes to one party, and every transaction must take the
		// parties' event counters in the one sorted order publishLive uses, or two replies could deadlock.
		const { mine: _mine, ...shared } = message;
		await publishLive(tx, [...recipientIds, sender.id], { type: 'message', data: { conversationId: c.id, message: shared } });
		await messageNotices(tx, c, sender, body || `Đã gửi ${attachments.length} tệp đính kèm.`, first);

		const conversation = { ...c, last_message_at: at };
		return { conversation, message, recipientIds, first };
	});
	return posted;
}

