/**
 * Reading conversations: the list (newest activity first), the messages of
 * one, read marks and unread counts. Unread counts are counted from the
 * messages and the reader's mark, never kept as counters, so they stay exact
 * however many messages arrive at once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Conversation, ConversationPage, ConversationQuery, Message, MessagePage, MessageQuery, StartConversationInput, StartedConversation } from '../../contracts/conversations';
import { db, type DbOrTx } from '../db/client';
import { queryRows } from '../db/rows';
import { conversationReads, notifications } from '../db/schema';
import { paths } from '../../paths';
import { AppError, invalidCursor, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { keysetPage } from '../platform/keyset-page';
import { isUuid } from '../db/ids';
import { signJson, verifyJson } from '../platform/signing';
import { iso, partyOf, readableConversation, unreadBy, type ConversationRow, type Viewer } from './access';
import { DELETED_ACCOUNT_NAME } from './account-data';
import { attachmentsOf } from './attachments';
import { postMessage, toMessage, type PostedMessage } from './post';

interface ListRow extends ConversationRow {
	product_title: string | null;
	other_name: string | null;
	other_role: string | null;
	other_deleted: boolean | null;
	blocked: boolean;
	unread: number | string;
	m_id: string | null;
	m_sender_id: string | null;
	m_body: string | null;
	m_created_at: Date | string | null;
}

const SUPPORT_NAME = 'Hỗ trợ hoclieu';

function toConversation(r: ListRow, viewer: Viewer, attachments: Map<string, Message['attachments']>): Conversation {
	const otherId = r.starter_id === viewer.id ? r.recipient_id : r.starter_id;
	return {
		id: r.id,
		kind: r.kind,
		status: r.status,
		otherParty:
			otherId === null
				? { id: null, name: SUPPORT_NAME, isStaff: true }
				: { id: otherId, name: r.other_deleted ? DELETED_ACCOUNT_NAME : r.other_name?.trim() || 'Người dùng hoclieu', isStaff: r.other_role === 'staff' },
		product: r.product_id && r.product_title !== null ? { id: r.product_id, title: r.product_title } : null,
		lastMessage:
			r.m_id === null
				? null
				: toMessage(
						{ id: r.m_id, conversationId: r.id, senderId: r.m_sender_id!, body: r.m_body!, createdAt: r.m_created_at! },
						viewer.id,
						r.starter_id,
						r.recipient_id,
						attachments.get(r.m_id) ?? []
					),
		unreadCount: Number(r.unread),
		blocked: Boolean(r.blocked),
		lastMessageAt: iso(r.last_message_at),
		createdAt: iso(r.created_at)
	};
}

/** The list's columns for conversations `c` as `viewer` sees them. */
function selectConversations(viewer: Viewer, where: ReturnType<typeof sql>, limit: number, tx: DbOrTx = db()) {
	return queryRows<ListRow>(
		sql`
		SELECT c.*, p.title AS product_title, o.name AS other_name, o.role AS other_role, o.deleted_at IS NOT NULL AS other_deleted,
			EXISTS (SELECT 1 FROM conversation_blocks b WHERE b.blocker_id = ${viewer.id}::uuid AND b.blocked_id = o.id) AS blocked,
			(SELECT count(*) FROM conversation_messages m LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${viewer.id}::uuid
				WHERE m.conversation_id = c.id AND ${unreadBy(viewer)}) AS unread,
			lm.id::text AS m_id, lm.sender_id AS m_sender_id, lm.body AS m_body, lm.created_at AS m_created_at
		FROM conversations c
		LEFT JOIN products p ON p.id = c.product_id
		LEFT JOIN users o ON o.id = CASE WHEN c.starter_id = ${viewer.id}::uuid THEN c.recipient_id ELSE c.starter_id END
		LEFT JOIN LATERAL (SELECT m.* FROM conversation_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) lm ON true
		WHERE ${where}
		ORDER BY c.last_message_at DESC, c.id DESC
		LIMIT ${limit}`,
		tx
	);
}

interface ListCursor {
	kind: 'conversations';
	at: string;
	id: string;
}

export async function listConversations(viewer: Viewer, q: ConversationQuery): Promise<ConversationPage> {
	let after: ListCursor | undefined;
	if (q.cursor !== undefined) {
		const c = verifyJson('cursor', q.cursor) as Partial<ListCursor> | null;
		if (c?.kind !== 'conversations' || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at)) || typeof c.id !== 'string') throw invalidCursor();
		after = c as ListCursor;
	}
	const where = sql`${partyOf(viewer)}${after ? sql` AND (c.last_message_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}`;
	const rows = await selectConversations(viewer, where, q.pageSize + 1);
	const page = keysetPage(rows, q.pageSize, (last) => signJson('cursor', { kind: 'conversations', at: iso(last.last_message_at), id: last.id } satisfies ListCursor));
	const attachments = await attachmentsOf(page.rows.flatMap((r) => (r.m_id ? [r.m_id] : [])));
	return { items: page.rows.map((r) => toConversation(r, viewer, attachments)), hasMore: page.hasMore, nextCursor: page.nextCursor };
}

export async function getConversation(viewer: Viewer, id: string, tx: DbOrTx = db()): Promise<Conversation> {
	const c = await readableConversation(viewer, id, { tx });
	const [row] = await selectConversations(viewer, sql`c.id = ${c.id}::uuid`, 1, tx);
	return toConversation(row!, viewer, await attachmentsOf(row!.m_id ? [row!.m_id] : [], tx));
}

interface MessageRow {
	id: string;
	conversation_id: string;
	sender_id: string;
	body: string;
	created_at: Date | string;
}

async function toMessages(rows: MessageRow[], viewer: Viewer, c: ConversationRow): Promise<Message[]> {
	const attachments = await attachmentsOf(rows.map((r) => r.id));
	return rows.map((r) =>
		toMessage({ id: r.id, conversationId: r.conversation_id, senderId: r.sender_id, body: r.body, createdAt: r.created_at }, viewer.id, c.starter_id, c.recipient_id, attachments.get(r.id) ?? [])
	);
}

export async function listMessages(viewer: Viewer, q: MessageQuery): Promise<MessagePage> {
	const c = await readableConversation(viewer, q.id);
	if (q.after !== undefined) {
		// Polling: everything newer than what the page already shows, oldest first.
		const rows = await queryRows<MessageRow>(sql`
			SELECT id::text AS id, conversation_id, sender_id, body, created_at FROM conversation_messages
			WHERE conversation_id = ${c.id}::uuid AND id > ${q.after}::bigint ORDER BY id LIMIT ${q.pageSize + 1}`);
		return { items: await toMessages(rows.slice(0, q.pageSize), viewer, c), hasMore: rows.length > q.pageSize, nextCursor: null };
	}
	let before: string | undefined;
	if (q.cursor !== undefined) {
		const cur = verifyJson('cursor', q.cursor) as { kind?: unknown; c?: unknown; before?: unknown } | null;
		if (cur?.kind !== 'messages' || cur.c !== c.id || typeof cur.before !== 'string' || !/^[0-9]{1,19}$/.test(cur.before)) throw invalidCursor();
		before = cur.before;
	}
	const rows = await queryRows<MessageRow>(sql`
		SELECT id::text AS id, conversation_id, sender_id, body, created_at FROM conversation_messages
		WHERE conversation_id = ${c.id}::uuid${before ? sql` AND id < ${before}::bigint` : sql``} ORDER BY id DESC LIMIT ${q.pageSize + 1}`);
	const page = keysetPage(rows, q.pageSize, (last) => signJson('cursor', { kind: 'messages', c: c.id, before: last.id }));
	return { items: await toMessages(page.rows.reverse(), viewer, c), hasMore: page.hasMore, nextCursor: page.nextCursor };
}

/** Unread messages across every conversation the viewer is a party of (the header badge). */
export async function totalUnread(viewer: Viewer, tx: DbOrTx = db()): Promise<number> {
	const [row] = await queryRows<{ n: number | string }>(
		sql`
		SELECT count(*) AS n FROM conversation_messages m
		JOIN conversations c ON c.id = m.conversation_id
		LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${viewer.id}::uuid
		WHERE ${partyOf(viewer)} AND ${unreadBy(viewer)}`,
		tx
	);
	return Number(row?.n ?? 0);
}

export async function markConversationRead(viewer: Viewer, id: string, upTo: string | undefined) {
	const c = await readableConversation(viewer, id);
	const [last] = await queryRows<{ id: string | null }>(
		sql`SELECT max(id)::text AS id FROM conversation_messages WHERE conversation_id = ${c.id}::uuid${upTo ? sql` AND id <= ${upTo}::bigint` : sql``}`
	);
	if (last?.id) {
		await db()
			.insert(conversationReads)
			.values({ conversationId: c.id, userId: viewer.id, lastReadId: BigInt(last.id) })
			.onConflictDoUpdate({
				target: [conversationReads.conversationId, conversationReads.userId],
				set: { lastReadId: sql`GREATEST(${conversationReads.lastReadId}, excluded.last_read_id)` }
			});
	}
	if (upTo === undefined) {
		// Read to the end: the notices that pointed here ("a new question", "a reply") have done their job.
		await db()
			.update(notifications)
			.set({ readAt: now() })
			.where(and(eq(notifications.userId, viewer.id), eq(notifications.link, paths.conversation(c.id)), isNull(notifications.readAt)));
	}
	const [row] = await queryRows<{ n: number | string }>(sql`
		SELECT count(*) AS n FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
		LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${viewer.id}::uuid
		WHERE c.id = ${c.id}::uuid AND ${unreadBy(viewer)}`);
	return { unreadCount: Number(row?.n ?? 0), totalUnread: await totalUnread(viewer) };
}

interface ProductTarget {
	id: string;
	author_id: string | null;
}

const productMissing = () => notFound('Không tìm thấy học liệu này hoặc học liệu không còn được bán.');

/**
 * Starts a conversation, or continues the open one about the same product (or
 * with support): asking twice never opens two threads. The first question
 * about a product goes to its author; a house-catalog product has none, so it
 * goes to the staff inbox, like support.
 */
export async function startConversation(viewer: Viewer, input: StartConversationInput): Promise<{ posted: PostedMessage; result: StartedConversation }> {
	const posted = await postMessage(viewer, input.body, async (tx) => {
		let product: ProductTarget | undefined;
		if (input.productId) {
			[product] = await queryRows<ProductTarget>(sql`SELECT id, author_id FROM products WHERE id = ${input.productId}::uuid AND status = 'published'`, tx);
			if (!product) throw productMissing();
			if (product.author_id === viewer.id) throw new AppError('conflict', 'Đây là học liệu của chính bạn: không thể tự hỏi mình.');
		}
		const kind = product ? 'product' : 'support';
		const findOpen = () =>
			queryRows<ConversationRow>(
				sql`SELECT c.* FROM conversations c WHERE c.starter_id = ${viewer.id}::uuid AND c.status = 'open' AND c.kind = ${kind}
					${product ? sql`AND c.product_id = ${product.id}::uuid` : sql``} FOR UPDATE`,
				tx
			);
		const [open] = await findOpen();
		if (open) return { conversation: open, first: false };
		const at = now();
		const inserted = await queryRows<ConversationRow>(
			sql`INSERT INTO conversations (id, kind, product_id, starter_id, recipient_id, status, last_message_at, created_at)
				VALUES (${randomUUID()}::uuid, ${kind}, ${product?.id ?? null}::uuid, ${viewer.id}::uuid, ${product?.author_id ?? null}::uuid, 'open', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
				ON CONFLICT DO NOTHING RETURNING *`,
			tx
		);
		if (inserted[0]) return { conversation: inserted[0], first: true };
		// Another request opened it meanwhile: continue that one.
		const [raced] = await findOpen();
		if (!raced) throw new AppError('conflict', 'Cuộc trò chuyện vừa thay đổi, vui lòng thử lại.');
		return { conversation: raced, first: false };
	});
	return { posted, result: { conversation: await getConversation(viewer, posted.conversation.id), message: posted.message, created: posted.first } };
}

export async function sendMessage(viewer: Viewer, id: string, body: string, attachmentIds: readonly string[] = []): Promise<{ posted: PostedMessage; message: Message }> {
	const posted = await postMessage(viewer, body, async (tx) => ({ conversation: await readableConversation(viewer, id, { tx, lock: true }), first: false }), attachmentIds);
	return { posted, message: posted.message };
}

/** The product a "Hỏi tác giả" page asks about, if it is on sale; `hasAuthor` false: staff answer (house catalog). */
export async function productToAsk(productId: string): Promise<{ id: string; title: string; hasAuthor: boolean } | null> {
	if (!isUuid(productId)) return null;
	const [p] = await queryRows<{ id: string; title: string; has_author: boolean }>(
		sql`SELECT id, title, author_id IS NOT NULL AS has_author FROM products WHERE id = ${productId}::uuid AND status = 'published'`
	);
	return p ? { id: p.id, title: p.title, hasAuthor: Boolean(p.has_author) } : null;
}
