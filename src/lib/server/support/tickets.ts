/**
 * "Hỗ trợ" (issue #18 item 9): a buyer or visitor sends a question; staff see
 * the queue in the console and answer by mail. Answering sends the mail,
 * marks the ticket answered and writes the audit row in one transaction: if
 * the mail cannot be sent nothing is recorded and staff simply retry, so a
 * ticket is never "answered" without the person having been written to.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CreateTicketInput, SupportTicket, SupportTicketStatus } from '../../contracts/support';
import { recordAudit } from '../admin/audit';
import { normaliseEmail } from '../auth/accounts';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { supportTickets, users } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { sendMail } from '../platform/mail';
import { emailRequired, hasMailbox } from '../auth/mailbox';
import { continueUrl } from './continue';
import { supportAnswerMail } from './support-mail';

const ticketMissing = () => notFound('Không tìm thấy yêu cầu hỗ trợ.');

export interface Requester {
	userId: string | null;
}

export async function createTicket(requester: Requester, input: CreateTicketInput) {
	let email = input.email ? normaliseEmail(input.email) : null;
	let name = input.name ?? null;
	if (requester.userId) {
		// The answer goes to the account's own address: a signed-in form cannot send staff mail elsewhere.
		const [account] = await db().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, requester.userId));
		// Answers are mailed: an account opened by Zalo adds its address first (auth/mailbox.ts).
		if (account && !hasMailbox(account.email)) {
			throw emailRequired('Câu trả lời được gửi qua email, nhưng tài khoản của bạn chưa có địa chỉ email. Hãy thêm và xác minh email trong trang Tài khoản trước.');
		}
		if (account) {
			email = account.email;
			name ??= account.name;
		}
	}
	if (!email) throw badRequest('Vui lòng nhập email để chúng tôi trả lời bạn.', { fields: [{ path: 'email', message: 'Vui lòng nhập email để chúng tôi trả lời bạn.' }] });
	const [row] = await db()
		.insert(supportTickets)
		.values({ id: randomUUID(), userId: requester.userId, email, name, subject: input.subject, message: input.message, createdAt: now() })
		.returning({ id: supportTickets.id, status: supportTickets.status, createdAt: supportTickets.createdAt });
	return { id: row!.id, status: row!.status, createdAt: row!.createdAt.toISOString() };
}

interface TicketRow {
	id: string;
	status: SupportTicketStatus;
	user_id: string | null;
	email: string;
	name: string | null;
	subject: string;
	message: string;
	answer: string | null;
	answered_by_email: string | null;
	answered_at: Date | string | null;
	created_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toTicket(r: TicketRow): SupportTicket {
	return {
		id: r.id,
		status: r.status,
		userId: r.user_id,
		email: r.email,
		name: r.name,
		subject: r.subject,
		message: r.message,
		answer: r.answer,
		answeredByEmail: r.answered_by_email,
		answeredAt: r.answered_at === null ? null : iso(r.answered_at),
		createdAt: iso(r.created_at)
	};
}

const QUEUE_LIMIT = 100;

function selectTickets(where: ReturnType<typeof sql>, limit: number) {
	return queryRows<TicketRow>(sql`
		SELECT t.id, t.status, t.user_id, t.email, t.name, t.subject, t.message, t.answer, a.email AS answered_by_email, t.answered_at, t.created_at
		FROM support_tickets t LEFT JOIN users a ON a.id = t.answered_by
		WHERE ${where}
		-- Waiting tickets first, oldest first (worked in arrival order); answered ones newest first.
		ORDER BY CASE t.status WHEN 'open' THEN 0 ELSE 1 END, CASE WHEN t.status = 'open' THEN t.created_at END ASC, t.created_at DESC, t.id
		LIMIT ${limit}`);
}

export async function listTickets(query: { status?: SupportTicketStatus }) {
	const rows = await selectTickets(query.status ? sql`t.status = ${query.status}` : sql`true`, QUEUE_LIMIT + 1);
	return { items: rows.slice(0, QUEUE_LIMIT).map(toTicket), hasMore: rows.length > QUEUE_LIMIT };
}

export async function getTicket(id: string): Promise<SupportTicket> {
	if (!isUuid(id)) throw ticketMissing();
	const [row] = await selectTickets(sql`t.id = ${id}::uuid`, 1);
	if (!row) throw ticketMissing();
	return toTicket(row);
}

export async function answerTicket(actorId: string, id: string, answer: string): Promise<SupportTicket> {
	if (!isUuid(id)) throw ticketMissing();
	await db().transaction(async (tx) => {
		const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
		if (!ticket) throw ticketMissing();
		if (ticket.status !== 'open') throw new AppError('conflict', 'Yêu cầu này đã được trả lời.', { status: ticket.status });
		const at = now();
		await tx.update(supportTickets).set({ status: 'answered', answer, answeredBy: actorId, answeredAt: at }).where(eq(supportTickets.id, id));
		await recordAudit(tx, {
			actorId,
			action: 'support.answer',
			targetType: 'support_ticket',
			targetId: id,
			summary: { before: { status: 'open' }, after: { status: 'answered', answeredAt: at.toISOString() } }
		});
		// Last, while the row is still locked: a failed send rolls the answer and its audit row back.
		await sendMail(supportAnswerMail(ticket, answer, continueUrl(ticket.id)));
	});
	return getTicket(id);
}
