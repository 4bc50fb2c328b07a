/**
 * The staff audit log (docs/architecture.md#supply-side): one append-only row per staff
 * action, written by the service that makes the change inside the same
 * transaction, so a change without its audit row cannot commit.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage, AuditQuery } from '../../contracts/admin';
import { fingerprint } from '../catalog/cursor';
import { db, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { auditLog, users, type AuditSummary } from '../db/schema';
import { badRequest, invalidCursor } from '../errors/app-error';
import { now } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';
import { keysetPage } from '../platform/keyset-page';

export interface AuditRecord {
	/** null: the operator CLI (scripts/ops.ts), which has no account. */
	actorId: string | null;
	action: string;
	targetType: string;
	targetId: string;
	summary: AuditSummary;
}

/** Takes a transaction on purpose: an audit row always belongs to the change it describes. */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
	await tx.insert(auditLog).values({
		actorUserId: record.actorId,
		action: record.action,
		targetType: record.targetType,
		targetId: record.targetId,
		summary: record.summary,
		// The app clock (milliseconds) rather than now(): cursors carry the exact value back.
		createdAt: now()
	});
}

interface AuditCursor {
	kind: 'audit';
	f: string;
	at: string;
	id: string;
}

function decodeCursor(raw: string, filters: string): { at: string; id: string } {
	const c = verifyJson('cursor', raw) as Partial<AuditCursor> | null;
	if (c?.kind !== 'audit' || c.f !== filters || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at))) throw invalidCursor();
	if (!isUuid(c.id)) throw invalidCursor();
	return { at: c.at, id: c.id };
}

/** Newest first; filters combine with AND. */
export async function listAudit(query: AuditQuery): Promise<AuditPage> {
	const { cursor, pageSize, ...filters } = query;
	const f = fingerprint(filters);
	const after = cursor === undefined ? undefined : decodeCursor(cursor, f);
	if (filters.from && filters.to && Date.parse(filters.from) >= Date.parse(filters.to)) {
		throw badRequest('Thời điểm bắt đầu phải trước thời điểm kết thúc.', { fields: [{ path: 'to', message: 'Phải sau "from".' }] });
	}
	const conditions: (SQL | undefined)[] = [
		filters.actorId ? eq(auditLog.actorUserId, filters.actorId) : undefined,
		filters.action ? eq(auditLog.action, filters.action) : undefined,
		filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
		filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
		filters.from ? gte(auditLog.createdAt, new Date(filters.from)) : undefined,
		filters.to ? lt(auditLog.createdAt, new Date(filters.to)) : undefined,
		after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined
	];
	const rows = await db()
		.select({ row: auditLog, actorEmail: users.email })
		.from(auditLog)
		.leftJoin(users, eq(users.id, auditLog.actorUserId))
		.where(and(...conditions))
		.orderBy(desc(auditLog.createdAt), desc(auditLog.id))
		.limit(pageSize + 1);
	const page = keysetPage(rows, pageSize, (last) =>
		signJson('cursor', { kind: 'audit', f, at: last.row.createdAt.toISOString(), id: last.row.id } satisfies AuditCursor)
	);
	const items: AuditEntry[] = page.rows.map(({ row, actorEmail }) => ({
		id: row.id,
		actorId: row.actorUserId,
		actorEmail,
		action: row.action,
		targetType: row.targetType,
		targetId: row.targetId,
		summary: row.summary,
		createdAt: row.createdAt.toISOString()
	}));
	return { items, hasMore: page.hasMore, nextCursor: page.nextCursor };
}
