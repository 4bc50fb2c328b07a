/**
 * The staff audit log (docs/architecture.md#supply-side): one append-only row per staff
 * action, written by the service that makes the change inside the same
 * transaction, so a change without its audit row cannot commit.
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage, AuditQuery } from '../../contracts/admin';
import { fingerprint } from '../catalog/cursor';
import { db, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { auditLog, bankTransfers, orders, products, users, type AuditSummary } from '../db/schema';
import { formatOrderNumber } from '../../order-number';
import { formatVndText } from '../../format';
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
		.select({ row: auditLog, actorEmail: users.email, actorName: users.name })
		.from(auditLog)
		.leftJoin(users, eq(users.id, auditLog.actorUserId))
		.where(and(...conditions))
		.orderBy(desc(auditLog.createdAt), desc(auditLog.id))
		.limit(pageSize + 1);
	const page = keysetPage(rows, pageSize, (last) =>
		signJson('cursor', { kind: 'audit', f, at: last.row.createdAt.toISOString(), id: last.row.id } satisfies AuditCursor)
	);
	const names = await targetNames(page.rows.map((r) => r.row));
	const items: AuditEntry[] = page.rows.map(({ row, actorEmail, actorName }) => ({
		id: row.id,
		actorId: row.actorUserId,
		actorEmail,
		actorName,
		action: row.action,
		targetType: row.targetType,
		targetId: row.targetId,
		targetName: names.get(`${row.targetType}:${row.targetId}`) ?? null,
		summary: row.summary,
		createdAt: row.createdAt.toISOString()
	}));
	return { items, hasMore: page.hasMore, nextCursor: page.nextCursor };
}

const idsOf = (rows: { targetType: string; targetId: string }[], type: string) => [
	...new Set(rows.filter((r) => r.targetType === type && isUuid(r.targetId)).map((r) => r.targetId))
];

/** Staff read names, not ids: one query per kind of target on the page, keyed `type:id`. */
async function targetNames(rows: { targetType: string; targetId: string }[]): Promise<Map<string, string>> {
	const names = new Map<string, string>();
	const [userIds, orderIds, productIds, transferIds] = ['user', 'order', 'product', 'bank_transfer'].map((t) => idsOf(rows, t));
	const [people, orderRows, productRows, transfers] = await Promise.all([
		userIds!.length ? db().select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, userIds!)) : [],
		orderIds!.length ? db().select({ id: orders.id, number: orders.orderNumber, ref: orders.paymentRef }).from(orders).where(inArray(orders.id, orderIds!)) : [],
		productIds!.length ? db().select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, productIds!)) : [],
		transferIds!.length
			? db()
					.select({ id: bankTransfers.id, ref: bankTransfers.bankReference, txn: bankTransfers.providerTxnId, amount: bankTransfers.amountVnd })
					.from(bankTransfers)
					.where(inArray(bankTransfers.id, transferIds!))
			: []
	]);
	for (const u of people) names.set(`user:${u.id}`, u.name ? `${u.name} (${u.email})` : u.email);
	for (const o of orderRows) names.set(`order:${o.id}`, o.ref ? `${formatOrderNumber(o.number)} (${o.ref})` : formatOrderNumber(o.number));
	for (const p of productRows) names.set(`product:${p.id}`, p.title);
	for (const t of transfers) names.set(`bank_transfer:${t.id}`, `${formatVndText(t.amount)}, mã ngân hàng ${t.ref ?? t.txn}`);
	return names;
}
