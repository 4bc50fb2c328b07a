/**
 * Who may see a conversation. The two parties — the person who started it and
 * the one they wrote to, where "the staff inbox" (a null recipient) means any
 * staff account — read and write it; staff may also read one that was
 * reported. Everyone else gets the same 404 as for an id that does not exist,
 * so an outsider cannot even learn that it exists.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import type { UserRole } from '../db/schema';
import { queryRows } from '../db/rows';
import { notFound } from '../errors/app-error';

export interface Viewer {
	id: string;
	role: UserRole;
}

export const conversationMissing = () => notFound('Không tìm thấy cuộc trò chuyện.');

export interface ConversationRow {
	id: string;
	kind: 'product' | 'support';
	product_id: string | null;
	starter_id: string;
	recipient_id: string | null;
	status: 'open' | 'closed';
	reported_at: Date | string | null;
	closed_at: Date | string | null;
	last_message_at: Date | string;
	created_at: Date | string;
}

/** The viewer is one of the two parties (alias `c`). */
export function partyOf(viewer: Viewer, c = sql.raw('c')): SQL {
	const staff = viewer.role === 'staff';
	return sql`(${c}.starter_id = ${viewer.id}::uuid OR ${c}.recipient_id = ${viewer.id}::uuid OR (${c}.recipient_id IS NULL AND ${sql.raw(String(staff))}))`;
}

/** The viewer may read it: a party, or staff when it was reported. */
export function readableBy(viewer: Viewer, c = sql.raw('c')): SQL {
	return sql`(${partyOf(viewer, c)} OR (${c}.reported_at IS NOT NULL AND ${sql.raw(String(viewer.role === 'staff'))}))`;
}

export function isParty(viewer: Viewer, c: Pick<ConversationRow, 'starter_id' | 'recipient_id'>): boolean {
	return c.starter_id === viewer.id || c.recipient_id === viewer.id || (c.recipient_id === null && viewer.role === 'staff');
}

/**
 * The conversation if the viewer may read it, else 404. `lock` takes the row
 * lock, so the messages of one conversation are written one after another.
 */
export async function readableConversation(viewer: Viewer, id: string, opts: { tx?: DbOrTx; lock?: boolean } = {}): Promise<ConversationRow> {
	if (!isUuid(id)) throw conversationMissing();
	const [row] = await queryRows<ConversationRow>(
		sql`SELECT c.* FROM conversations c WHERE c.id = ${id}::uuid AND ${readableBy(viewer)}${opts.lock ? sql` FOR UPDATE` : sql``}`,
		opts.tx ?? db()
	);
	if (!row) throw conversationMissing();
	return row;
}

/** Messages the viewer has not read: those written by the other side, past the viewer's read mark (aliases `c`, `m`, `r`). */
export function unreadBy(viewer: Viewer): SQL {
	return sql`m.id > COALESCE(r.last_read_id, 0) AND CASE WHEN c.starter_id = ${viewer.id}::uuid THEN m.sender_id <> c.starter_id ELSE m.sender_id = c.starter_id END`;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
