/**
 * "Chặn" and "Báo cáo", and the staff side of them: a reported conversation
 * becomes readable by staff, who see it in the console with its messages and
 * may close it. Every staff action writes its audit row in the same
 * transaction (the audit log, /quan-tri/nhat-ky).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReportedConversation, ReportedConversationDetail } from '../../contracts/conversations';
import { recordAudit } from '../admin/audit';
import { db } from '../db/client';
import { queryRows } from '../db/rows';
import { conversationBlocks, conversations, messageReports } from '../db/schema';
import { AppError, badRequest } from '../errors/app-error';
import { notifyStaff, notifyUser } from '../notifications/notify';
import { now } from '../platform/clock';
import { paths } from '../../paths';
import { conversationMissing, iso, isParty, readableConversation, type ConversationRow, type Viewer } from './access';
import { DELETED_ACCOUNT_NAME } from './account-data';
import { attachmentsOf } from './attachments';
import { otherPerson, toMessage } from './post';

export async function setBlocked(viewer: Viewer, id: string, blocked: boolean): Promise<{ blocked: boolean }> {
	const c = await readableConversation(viewer, id);
	if (!isParty(viewer, c)) throw conversationMissing();
	const other = otherPerson(c, viewer.id);
	if (!other) throw new AppError('conflict', 'Không thể chặn bộ phận hỗ trợ của hoclieu. Nếu có vấn đề, hãy dùng nút "Báo cáo".');
	if (blocked) {
		await db().insert(conversationBlocks).values({ blockerId: viewer.id, blockedId: other, createdAt: now() }).onConflictDoNothing();
	} else {
		await db().delete(conversationBlocks).where(and(eq(conversationBlocks.blockerId, viewer.id), eq(conversationBlocks.blockedId, other)));
	}
	return { blocked };
}

export async function reportMessage(viewer: Viewer, id: string, messageId: string, reason: string): Promise<{ reported: true }> {
	await db().transaction(async (tx) => {
		const c = await readableConversation(viewer, id, { tx, lock: true });
		if (!isParty(viewer, c)) throw conversationMissing();
		const [m] = await queryRows<{ sender_id: string }>(sql`SELECT sender_id FROM conversation_messages WHERE id = ${messageId}::bigint AND conversation_id = ${c.id}::uuid`, tx);
		if (!m) throw badRequest('Tin nhắn không thuộc cuộc trò chuyện này.', { fields: [{ path: 'messageId', message: 'Không tìm thấy tin nhắn.' }] });
		if (m.sender_id === viewer.id) throw new AppError('conflict', 'Bạn không thể báo cáo tin nhắn của chính mình.');
		const at = now();
		const added = await tx
			.insert(messageReports)
			.values({ messageId: BigInt(messageId), reporterId: viewer.id, conversationId: c.id, reason, createdAt: at })
			.onConflictDoNothing()
			.returning({ messageId: messageReports.messageId });
		if (added.length === 0) return;
		await tx.update(conversations).set({ reportedAt: sql`COALESCE(${conversations.reportedAt}, ${at.toISOString()}::timestamptz)` }).where(eq(conversations.id, c.id));
		await notifyStaff(tx, { kind: 'staff.message_report', group: 'staff', title: 'Một tin nhắn bị báo cáo', body: reason, link: paths.adminConversation(c.id) });
	});
	return { reported: true };
}

interface ReportedRow extends ConversationRow {
	starter_name: string | null;
	starter_email: string;
	recipient_name: string | null;
	recipient_email: string | null;
	product_title: string | null;
	reports: { messageId: string; reporterName: string | null; reason: string; createdAt: string }[] | string;
}

const named = (name: string | null) => name?.trim() || 'Người dùng hoclieu';

function toReported(r: ReportedRow): ReportedConversation {
	const reports = typeof r.reports === 'string' ? (JSON.parse(r.reports) as Exclude<ReportedRow['reports'], string>) : r.reports;
	return {
		id: r.id,
		kind: r.kind,
		status: r.status,
		starter: { id: r.starter_id, name: named(r.starter_name), email: r.starter_email },
		recipient: r.recipient_id ? { id: r.recipient_id, name: named(r.recipient_name), email: r.recipient_email ?? '' } : null,
		product: r.product_id && r.product_title !== null ? { id: r.product_id, title: r.product_title } : null,
		reportedAt: r.reported_at === null ? null : iso(r.reported_at),
		closedAt: r.closed_at === null ? null : iso(r.closed_at),
		reports: reports.map((x) => ({ messageId: String(x.messageId), reporterName: named(x.reporterName), reason: x.reason, createdAt: iso(x.createdAt) })),
		lastMessageAt: iso(r.last_message_at)
	};
}

const LIST_LIMIT = 100;

function selectReported(where: ReturnType<typeof sql>, limit: number) {
	return queryRows<ReportedRow>(sql`
		SELECT c.*, CASE WHEN s.deleted_at IS NULL THEN s.name ELSE ${DELETED_ACCOUNT_NAME} END AS starter_name, s.email AS starter_email,
			CASE WHEN t.deleted_at IS NULL THEN t.name ELSE ${DELETED_ACCOUNT_NAME} END AS recipient_name, t.email AS recipient_email, p.title AS product_title,
			COALESCE((SELECT json_agg(json_build_object('messageId', mr.message_id::text, 'reporterName', u.name, 'reason', mr.reason, 'createdAt', mr.created_at) ORDER BY mr.created_at)
				FROM message_reports mr JOIN users u ON u.id = mr.reporter_id WHERE mr.conversation_id = c.id), '[]'::json) AS reports
		FROM conversations c
		JOIN users s ON s.id = c.starter_id
		LEFT JOIN users t ON t.id = c.recipient_id
		LEFT JOIN products p ON p.id = c.product_id
		WHERE c.reported_at IS NOT NULL AND ${where}
		-- Still open first (they wait for a decision), newest report first.
		ORDER BY CASE c.status WHEN 'open' THEN 0 ELSE 1 END, c.reported_at DESC, c.id
		LIMIT ${limit}`);
}

export async function listReportedConversations(query: { status?: 'open' | 'closed' }) {
	const rows = await selectReported(query.status ? sql`c.status = ${query.status}` : sql`true`, LIST_LIMIT + 1);
	return { items: rows.slice(0, LIST_LIMIT).map(toReported), hasMore: rows.length > LIST_LIMIT };
}

export async function reportedConversation(staff: Viewer, id: string): Promise<ReportedConversationDetail> {
	const c = await readableConversation(staff, id);
	const [row] = await selectReported(sql`c.id = ${c.id}::uuid`, 1);
	if (!row) throw conversationMissing();
	const messages = await queryRows<{ id: string; sender_id: string; body: string; created_at: Date | string }>(
		sql`SELECT id::text AS id, sender_id, body, created_at FROM conversation_messages WHERE conversation_id = ${c.id}::uuid ORDER BY id`
	);
	const attachments = await attachmentsOf(messages.map((m) => m.id));
	return {
		conversation: toReported(row),
		messages: messages.map((m) =>
			toMessage({ id: m.id, conversationId: c.id, senderId: m.sender_id, body: m.body, createdAt: m.created_at }, staff.id, c.starter_id, c.recipient_id, attachments.get(m.id) ?? [])
		)
	};
}

/** Closes a reported conversation: nobody can write to it any more; both parties are told why. */
export async function closeConversation(staff: Viewer, id: string, note: string): Promise<ReportedConversationDetail> {
	await db().transaction(async (tx) => {
		const c = await readableConversation(staff, id, { tx, lock: true });
		if (c.reported_at === null) throw conversationMissing();
		if (c.status !== 'open') throw new AppError('conflict', 'Cuộc trò chuyện này đã được đóng trước đó.');
		const at = now();
		await tx.update(conversations).set({ status: 'closed', closedAt: at, closedBy: staff.id }).where(eq(conversations.id, c.id));
		await recordAudit(tx, {
			actorId: staff.id,
			action: 'conversation.close',
			targetType: 'conversation',
			targetId: c.id,
			summary: { before: { status: 'open' }, after: { status: 'closed', closedAt: at.toISOString() }, note }
		});
		for (const userId of [c.starter_id, c.recipient_id]) {
			if (!userId) continue;
			await notifyUser(tx, userId, {
				kind: 'conversation.closed',
				group: 'reports',
				title: 'Một cuộc trò chuyện của bạn đã bị đóng sau khi được báo cáo',
				body: `Ghi chú của nhân viên: ${note}`,
				link: paths.conversation(c.id)
			});
		}
	});
	return reportedConversation(staff, id);
}
