/**
 * A person's conversations in "Tải dữ liệu của tôi" and "Xoá tài khoản"
 * (account/data-export.ts, account/deletion.ts).
 *
 * Deleting an account keeps the other party's threads: they stay readable,
 * the deleted person shown as "Tài khoản đã xoá" (the anonymised users row).
 * What the person wrote goes: their messages' text is emptied (pages then say
 * the content was deleted with the account), except messages someone reported,
 * which staff keep as evidence of the report; their attachments are deleted,
 * rows and files; the notices of the other side lose the excerpt and the name
 * they quoted, and the live events carrying their messages go. Their own read
 * marks, blocks (either way), reports, notifications and live events are
 * deleted, and their open conversations are closed, so nobody writes into an
 * account that no longer exists.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { storage } from '../platform/storage';
import { log } from '../platform/logger';

export const DELETED_ACCOUNT_NAME = 'Tài khoản đã xoá';

/** The stored objects to delete once the deletion has committed (never before: a rollback would leave rows without files). */
export interface FilesToDelete {
	keys: string[];
}

export async function forgetConversations(tx: Tx, userId: string, name: string | null, at: Date): Promise<FilesToDelete> {
	const uploads = await queryRows<{ storage_key: string }>(
		sql`DELETE FROM uploads WHERE owner_id = ${userId}::uuid AND purpose = 'attachment' RETURNING storage_key`,
		tx
	);
	await tx.execute(sql`
		UPDATE conversation_messages m SET body = '' WHERE m.sender_id = ${userId}::uuid
			AND NOT EXISTS (SELECT 1 FROM message_reports r WHERE r.message_id = m.id)`);
	// The other side's notices about these conversations quote the person (an excerpt, their name in the title).
	await tx.execute(sql`
		UPDATE notifications n SET body = '',
			title = CASE WHEN ${name}::text IS NULL OR ${name}::text = '' THEN n.title ELSE replace(n.title, ${name}::text, ${DELETED_ACCOUNT_NAME}) END
		WHERE n.kind IN ('conversation.question', 'conversation.reply', 'staff.support_conversation', 'staff.product_question')
			AND n.user_id IS DISTINCT FROM ${userId}::uuid
			AND n.link IN (SELECT '/tin-nhan?c=' || c.id FROM conversations c WHERE c.starter_id = ${userId}::uuid OR c.recipient_id = ${userId}::uuid)`);
	await tx.execute(sql`DELETE FROM live_events WHERE user_id = ${userId}::uuid OR (type = 'message' AND data->'message'->>'senderId' = ${userId}::text)`);
	await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${userId}::uuid`);
	await tx.execute(sql`DELETE FROM message_reports WHERE reporter_id = ${userId}::uuid`);
	await tx.execute(sql`DELETE FROM conversation_blocks WHERE blocker_id = ${userId}::uuid OR blocked_id = ${userId}::uuid`);
	await tx.execute(sql`DELETE FROM conversation_reads WHERE user_id = ${userId}::uuid`);
	await tx.execute(sql`
		UPDATE conversations SET status = 'closed', closed_at = ${at.toISOString()}::timestamptz
		WHERE status = 'open' AND (starter_id = ${userId}::uuid OR recipient_id = ${userId}::uuid)`);
	return { keys: uploads.map((u) => u.storage_key) };
}

/** After the commit: the files go too. One that cannot be deleted now is logged (its row is already gone). */
export async function deleteFiles(files: FilesToDelete, userId: string): Promise<void> {
	for (const key of files.keys) {
		await storage()
			.delete(key)
			.catch((error: unknown) => log.error('account deletion: could not delete an attachment file', { userId, key, error }));
	}
}

interface ExportedMessage {
	id: string;
	conversation_id: string;
	sender_id: string;
	sender_name: string | null;
	sender_deleted: boolean;
	from_staff: boolean;
	body: string;
	created_at: Date | string;
	attachments: { fileName: string; contentType: string; sizeBytes: number | string }[] | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The person's conversations and every message in them (sent and received), reports and blocks they made. */
export async function exportConversations(userId: string) {
	const [conversations, messages, reports, blocks] = await Promise.all([
		queryRows<{ id: string; kind: string; status: string; product_id: string | null; product_title: string | null; other_name: string | null; other_deleted: boolean | null; started: boolean; created_at: Date | string }>(sql`
			SELECT c.id, c.kind, c.status, c.product_id, p.title AS product_title, o.name AS other_name, o.deleted_at IS NOT NULL AS other_deleted,
				c.starter_id = ${userId}::uuid AS started, c.created_at
			FROM conversations c
			LEFT JOIN products p ON p.id = c.product_id
			LEFT JOIN users o ON o.id = CASE WHEN c.starter_id = ${userId}::uuid THEN c.recipient_id ELSE c.starter_id END
			WHERE c.starter_id = ${userId}::uuid OR c.recipient_id = ${userId}::uuid
			ORDER BY c.created_at, c.id`),
		queryRows<ExportedMessage>(sql`
			SELECT m.id::text AS id, m.conversation_id, m.sender_id, u.name AS sender_name, u.deleted_at IS NOT NULL AS sender_deleted,
				c.recipient_id IS NULL AND m.sender_id <> c.starter_id AS from_staff, m.body, m.created_at,
				COALESCE((SELECT json_agg(json_build_object('fileName', up.file_name, 'contentType', up.detected_type, 'sizeBytes', up.size_bytes) ORDER BY a.position)
					FROM message_attachments a JOIN uploads up ON up.id = a.upload_id WHERE a.message_id = m.id), '[]'::json) AS attachments
			FROM conversation_messages m
			JOIN conversations c ON c.id = m.conversation_id
			JOIN users u ON u.id = m.sender_id
			WHERE c.starter_id = ${userId}::uuid OR c.recipient_id = ${userId}::uuid
			ORDER BY m.id`),
		queryRows<{ message_id: string; conversation_id: string; reason: string; created_at: Date | string }>(sql`
			SELECT message_id::text AS message_id, conversation_id, reason, created_at FROM message_reports WHERE reporter_id = ${userId}::uuid ORDER BY created_at`),
		queryRows<{ name: string | null; created_at: Date | string }>(sql`
			SELECT u.name, b.created_at FROM conversation_blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ${userId}::uuid ORDER BY b.created_at`)
	]);
	const personName = (name: string | null, deleted: boolean | null) => (deleted ? DELETED_ACCOUNT_NAME : name?.trim() || 'Người dùng hoclieu');
	return {
		conversations: conversations.map((c) => ({
			id: c.id,
			kind: c.kind,
			status: c.status,
			startedByMe: Boolean(c.started),
			product: c.product_id && c.product_title !== null ? { id: c.product_id, title: c.product_title } : null,
			// A support conversation's other side is the staff inbox.
			with: c.kind === 'support' && c.started ? 'Hỗ trợ hoclieu' : personName(c.other_name, c.other_deleted),
			createdAt: iso(c.created_at)
		})),
		messages: messages.map((m) => ({
			id: m.id,
			conversationId: m.conversation_id,
			mine: m.sender_id === userId,
			from: m.sender_id === userId ? 'Tôi' : m.from_staff ? 'Hỗ trợ hoclieu' : personName(m.sender_name, m.sender_deleted),
			body: m.body,
			attachments: parsed(m.attachments).map((a) => ({ fileName: a.fileName, contentType: a.contentType, sizeBytes: Number(a.sizeBytes) })),
			createdAt: iso(m.created_at)
		})),
		messageReports: reports.map((r) => ({ messageId: r.message_id, conversationId: r.conversation_id, reason: r.reason, createdAt: iso(r.created_at) })),
		blocked: blocks.map((b) => ({ name: b.name?.trim() || 'Người dùng hoclieu', since: iso(b.created_at) }))
	};
}
