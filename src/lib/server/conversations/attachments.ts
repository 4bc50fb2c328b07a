/**
 * Files on messages: images (JPEG, PNG, WebP) and PDFs, at most four a
 * message, each at most MESSAGE_ATTACHMENT_MAX_BYTES. They go through the
 * upload pipeline (uploads/: a slot, the bytes straight to storage, then the
 * server checks size, SHA-256 and type by content) with the purpose
 * `attachment`; sending a message attaches verified uploads of the sender that
 * no message carries yet. Only the conversation's readers get the bytes back,
 * everyone else the conversation's 404; they are served as the type their
 * bytes were found to be, never rendered as a page (nosniff, a sandboxing CSP,
 * PDFs as downloads). Uploads never sent are swept like any unattached upload
 * (UPLOAD_UNATTACHED_TTL_HOURS); a deleted account's files are deleted with it
 * (account/deletion.ts).
 */
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { AttachmentSlotInput, MessageAttachment } from '../../contracts/conversations';
import type { CompleteUploadInput } from '../../contracts/uploads';
import { db, type DbOrTx, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { attachmentDisposition, inlineDisposition } from '../platform/storage/content-disposition';
import { storage } from '../platform/storage';
import { completeUpload, createUpload } from '../uploads/uploads';
import { readableConversation, type Viewer } from './access';

export const attachmentUrl = (conversationId: string, uploadId: string) => `/api/v1/conversations/${conversationId}/attachments/${uploadId}`;

const attachmentMissing = () => notFound('Không tìm thấy tệp đính kèm.');

/** Opens an upload slot for one attachment (the sender's upload quotas apply, as for an author's files). */
export function createAttachmentSlot(viewer: Viewer, input: AttachmentSlotInput) {
	return createUpload({ userId: viewer.id, staff: false }, { ...input, purpose: 'attachment' });
}

/** Verifies an attachment's bytes; only the sender's own attachment slots, any other id is a 404. */
export async function completeAttachment(viewer: Viewer, id: string, parts?: CompleteUploadInput['parts']) {
	const [slot] = await queryRows<{ id: string }>(sql`SELECT id FROM uploads WHERE id = ${id}::uuid AND owner_id = ${viewer.id}::uuid AND purpose = 'attachment'`);
	if (!slot) throw notFound('Không tìm thấy lượt tải lên.');
	return completeUpload({ userId: viewer.id, staff: false }, id, parts);
}

/** A PostgreSQL array literal of ids (uuids or digit strings, validated before they get here). */
const pgArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Attaches the sender's verified, unsent uploads to a message, in the given
 * order, inside the message's transaction; any id that is not one of them
 * refuses the whole message.
 */
export async function attachUploads(tx: Tx, senderId: string, conversationId: string, messageId: bigint, ids: readonly string[]): Promise<MessageAttachment[]> {
	if (ids.length === 0) return [];
	const unusable = () =>
		badRequest('Có tệp đính kèm không dùng được: tệp phải do bạn tải lên, đã được kiểm tra xong và chưa gửi kèm tin nhắn nào. Hãy tải tệp lên lại.', {
			fields: [{ path: 'attachmentIds', message: 'Tệp đính kèm không hợp lệ hoặc đã được gửi.' }]
		});
	// Locked, so the unattached-upload sweep (FOR UPDATE SKIP LOCKED) cannot take one from under the message.
	const rows = await queryRows<{ id: string; file_name: string; detected_type: string; size_bytes: string | number }>(
		sql`SELECT u.id, u.file_name, u.detected_type, u.size_bytes FROM uploads u
			WHERE u.id = ANY(${pgArray(ids)}::uuid[]) AND u.owner_id = ${senderId}::uuid AND u.purpose = 'attachment'
				AND u.status = 'verified' AND u.swept_at IS NULL
				AND NOT EXISTS (SELECT 1 FROM message_attachments a WHERE a.upload_id = u.id)
			FOR UPDATE OF u`,
		tx
	);
	if (rows.length !== ids.length) throw unusable();
	const byId = new Map(rows.map((r) => [r.id, r]));
	const ordered = ids.map((id) => byId.get(id)!);
	const inserted = await queryRows<{ upload_id: string }>(
		sql`INSERT INTO message_attachments (upload_id, message_id, position)
			SELECT a.id, ${messageId.toString()}::bigint, a.position - 1 FROM unnest(${pgArray(ids)}::uuid[]) WITH ORDINALITY AS a(id, position)
			ON CONFLICT DO NOTHING RETURNING upload_id`,
		tx
	);
	// Another message took one of them between our read and our insert.
	if (inserted.length !== ids.length) throw new AppError('conflict', 'Tệp đính kèm vừa được gửi kèm một tin nhắn khác. Hãy tải tệp lên lại.');
	return ordered.map((r) => ({
		id: r.id,
		fileName: r.file_name,
		contentType: r.detected_type as MessageAttachment['contentType'],
		sizeBytes: Number(r.size_bytes),
		url: attachmentUrl(conversationId, r.id)
	}));
}

/** The attachments of these messages, by message id, in their order. */
export async function attachmentsOf(messageIds: readonly string[], tx: DbOrTx = db()): Promise<Map<string, MessageAttachment[]>> {
	const byMessage = new Map<string, MessageAttachment[]>();
	if (messageIds.length === 0) return byMessage;
	const rows = await queryRows<{ message_id: string; conversation_id: string; id: string; file_name: string; detected_type: string; size_bytes: string | number }>(
		sql`SELECT a.message_id::text AS message_id, m.conversation_id, u.id, u.file_name, u.detected_type, u.size_bytes
			FROM message_attachments a
			JOIN conversation_messages m ON m.id = a.message_id
			JOIN uploads u ON u.id = a.upload_id
			WHERE a.message_id = ANY(${pgArray(messageIds)}::bigint[])
			ORDER BY a.message_id, a.position`,
		tx
	);
	for (const r of rows) {
		const list = byMessage.get(r.message_id) ?? [];
		list.push({ id: r.id, fileName: r.file_name, contentType: r.detected_type as MessageAttachment['contentType'], sizeBytes: Number(r.size_bytes), url: attachmentUrl(r.conversation_id, r.id) });
		byMessage.set(r.message_id, list);
	}
	return byMessage;
}

/**
 * The bytes of one attachment, for a reader of its conversation. The type is
 * the one found in the bytes when they were verified, so an upload can never
 * come back as HTML or SVG; images are shown inline, PDFs downloaded.
 */
export async function attachmentFile(viewer: Viewer, conversationId: string, uploadId: string): Promise<Response> {
	const c = await readableConversation(viewer, conversationId);
	if (!isUuid(uploadId)) throw attachmentMissing();
	const [row] = await queryRows<{ storage_key: string; file_name: string; detected_type: string; size_bytes: string | number }>(
		sql`SELECT u.storage_key, u.file_name, u.detected_type, u.size_bytes
			FROM message_attachments a JOIN conversation_messages m ON m.id = a.message_id JOIN uploads u ON u.id = a.upload_id
			WHERE a.upload_id = ${uploadId}::uuid AND m.conversation_id = ${c.id}::uuid`
	);
	if (!row) throw attachmentMissing();
	const stream = await storage().read(row.storage_key);
	if (!stream) throw attachmentMissing();
	const image = row.detected_type.startsWith('image/');
	return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
		headers: {
			'content-type': row.detected_type,
			'content-length': String(row.size_bytes),
			'content-disposition': image ? inlineDisposition(row.file_name) : attachmentDisposition(row.file_name),
			'x-content-type-options': 'nosniff',
			// Opened on its own, the file gets no scripts, no plugins and no access to the site's origin.
			'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
			'cross-origin-resource-policy': 'same-origin',
			'cache-control': 'private, max-age=600'
		}
	});
}
