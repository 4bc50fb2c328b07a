/**
 * "Tiếp tục trong Tin nhắn": a visitor's support request is answered by mail,
 * and that mail carries a link (`/ho-tro/tiep-tuc?t=…`, signed with purpose
 * `support-continue`, valid a year) to go on as a support conversation. Opened
 * by a signed-in account whose verified email is the request's, the request
 * becomes (or joins) the account's open support conversation with its history:
 * the question and staff's answer as its messages, at their own times. Any
 * other account is refused (403, saying why); a signed-out visitor signs in
 * first and comes back (the page's returnTo). Doing it twice leads to the same
 * conversation.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH } from '../../contracts/conversations';
import { normaliseEmail } from '../auth/accounts';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { queryRows } from '../db/rows';
import type { ConversationRow, Viewer } from '../conversations/access';
import { AppError, forbidden, notFound } from '../errors/app-error';
import { now, nowMs } from '../platform/clock';
import { maskEmail } from '../platform/mail';
import { sign, verify } from '../platform/signing';

/** Long enough for a teacher who reads the answer in the holidays. */
const LINK_TTL_MS = 365 * 24 * 3600_000;

export const CONTINUE_PATH = '/ho-tro/tiep-tuc';

export function continueUrl(ticketId: string): string {
	const token = sign('support-continue', `${ticketId}.${Math.floor((nowMs() + LINK_TTL_MS) / 1000)}`);
	return `${config().origin}${CONTINUE_PATH}?t=${encodeURIComponent(token)}`;
}

const linkInvalid = () => notFound('Liên kết tiếp tục yêu cầu hỗ trợ không hợp lệ hoặc đã hết hạn. Bạn có thể gửi yêu cầu mới tại trang Hỗ trợ.');

function ticketIdOf(token: string): string {
	const payload = verify('support-continue', token);
	if (payload === null) throw linkInvalid();
	const dot = payload.lastIndexOf('.');
	const expires = Number(payload.slice(dot + 1));
	if (!Number.isInteger(expires) || expires * 1000 <= nowMs()) throw linkInvalid();
	return payload.slice(0, dot);
}

interface TicketRow {
	id: string;
	email: string;
	subject: string;
	message: string;
	answer: string | null;
	answered_by: string | null;
	answered_at: Date | string | null;
	created_at: Date | string;
	conversation_id: string | null;
}

/** What the page shows before the person confirms: the request, and whether this account may take it over. */
export interface ContinuePreview {
	subject: string;
	createdAt: string;
	/** Null when the account may continue it; else why not, in Vietnamese. */
	refusal: string | null;
	/** Already continued: the conversation it became. */
	conversationId: string | null;
}

async function ticketFor(token: string, tx?: Tx): Promise<TicketRow> {
	const id = ticketIdOf(token);
	const [ticket] = await queryRows<TicketRow>(
		sql`SELECT id, email, subject, message, answer, answered_by, answered_at, created_at, conversation_id FROM support_tickets WHERE id = ${id}::uuid${tx ? sql` FOR UPDATE` : sql``}`,
		tx ?? db()
	);
	if (!ticket) throw linkInvalid();
	return ticket;
}

/** Why this account may not continue the request, or null. */
async function refusalFor(viewer: Viewer, ticket: TicketRow, tx?: Tx): Promise<string | null> {
	const [account] = await queryRows<{ email: string; email_verified_at: Date | string | null }>(sql`SELECT email, email_verified_at FROM users WHERE id = ${viewer.id}::uuid`, tx ?? db());
	if (!account || normaliseEmail(account.email) !== normaliseEmail(ticket.email)) {
		return `Yêu cầu hỗ trợ này được gửi từ địa chỉ ${maskEmail(ticket.email)}, không phải email của tài khoản bạn đang dùng. Hãy đăng xuất rồi đăng nhập (hoặc đăng ký) bằng đúng địa chỉ đó để tiếp tục.`;
	}
	if (!account.email_verified_at) return 'Email của tài khoản này chưa được xác minh. Hãy xác minh email (đăng nhập bằng mã gửi qua email) rồi mở lại liên kết.';
	return null;
}

export async function previewContinue(viewer: Viewer, token: string): Promise<ContinuePreview> {
	const ticket = await ticketFor(token);
	return { subject: ticket.subject, createdAt: new Date(ticket.created_at).toISOString(), refusal: await refusalFor(viewer, ticket), conversationId: ticket.conversation_id };
}

/** Clipped to what a message may hold, counted in code points like the contract. */
const asMessage = (text: string) => {
	const chars = [...text.normalize('NFC').trim()];
	return chars.length <= MESSAGE_MAX_LENGTH ? chars.join('') : `${chars.slice(0, MESSAGE_MAX_LENGTH - 1).join('')}…`;
};

async function openSupportConversation(tx: Tx, viewer: Viewer, at: Date): Promise<ConversationRow> {
	const find = () => queryRows<ConversationRow>(sql`SELECT * FROM conversations WHERE starter_id = ${viewer.id}::uuid AND kind = 'support' AND status = 'open' FOR UPDATE`, tx);
	const [open] = await find();
	if (open) return open;
	const [created] = await queryRows<ConversationRow>(
		sql`INSERT INTO conversations (id, kind, product_id, starter_id, recipient_id, status, last_message_at, created_at)
			VALUES (${randomUUID()}::uuid, 'support', NULL, ${viewer.id}::uuid, NULL, 'open', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
			ON CONFLICT DO NOTHING RETURNING *`,
		tx
	);
	if (created) return created;
	// Another request opened it meanwhile (the partial unique index on open support conversations).
	const [raced] = await find();
	if (!raced) throw new AppError('conflict', 'Cuộc trò chuyện vừa thay đổi, vui lòng thử lại.');
	return raced;
}

/** Moves the request into the account's support conversation (or answers the one it already became). */
export async function continueTicket(viewer: Viewer, token: string): Promise<{ conversationId: string }> {
	return db().transaction(async (tx) => {
		const ticket = await ticketFor(token, tx);
		const refusal = await refusalFor(viewer, ticket, tx);
		if (refusal) throw forbidden(refusal);
		if (ticket.conversation_id) {
			const [still] = await queryRows<{ id: string }>(sql`SELECT id FROM conversations WHERE id = ${ticket.conversation_id}::uuid AND starter_id = ${viewer.id}::uuid`, tx);
			if (still) return { conversationId: still.id };
		}
		const at = now();
		const c = await openSupportConversation(tx, viewer, at);
		const history: { sender: string; body: string; at: Date | string }[] = [{ sender: viewer.id, body: asMessage(`${ticket.subject}\n\n${ticket.message}`), at: ticket.created_at }];
		// The answering staff account may have been removed since; the answer is then left out of the thread (it is in the mail).
		if (ticket.answer !== null && ticket.answered_by !== null) history.push({ sender: ticket.answered_by, body: asMessage(ticket.answer), at: ticket.answered_at ?? at });
		let lastId = '0';
		for (const m of history) {
			const [row] = await queryRows<{ id: string }>(
				sql`INSERT INTO conversation_messages (conversation_id, sender_id, body, created_at)
					VALUES (${c.id}::uuid, ${m.sender}::uuid, ${m.body}, ${new Date(m.at).toISOString()}::timestamptz) RETURNING id::text AS id`,
				tx
			);
			lastId = row!.id;
		}
		await tx.execute(sql`UPDATE conversations SET last_message_at = ${at.toISOString()}::timestamptz WHERE id = ${c.id}::uuid`);
		// The person has read their own history; staff see the question as unread in the inbox.
		await tx.execute(sql`
			INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES (${c.id}::uuid, ${viewer.id}::uuid, ${lastId}::bigint)
			ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = GREATEST(conversation_reads.last_read_id, excluded.last_read_id)`);
		await tx.execute(sql`UPDATE support_tickets SET conversation_id = ${c.id}::uuid, user_id = ${viewer.id}::uuid WHERE id = ${ticket.id}::uuid`);
		return { conversationId: c.id };
	});
}
