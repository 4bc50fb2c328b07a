/**
 * Takedown notices and theft reports (issue #16): anyone may report a product
 * on sale; staff work the queue, suspend a product pending review (it leaves
 * listing, search, its page and checkout at once; owners keep their
 * downloads, as when a product is unpublished), and record a decision.
 * Dismissing the report that suspended a product puts it back on sale unless
 * another report still holds it; upholding keeps it off sale. Every staff
 * action is audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AdminReport, FileReportInput } from '../../contracts/reports';
import { recordAudit } from '../admin/audit';
import { db, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { productReports, products, type ReportKind, type ReportStatus } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { newReport, productSuspendedByReport, reportDecided } from '../notifications/events';

const reportMissing = () => notFound('Không tìm thấy báo cáo.');
const productMissing = () => notFound('Không tìm thấy học liệu đang bán để báo cáo.');

export interface Reporter {
	userId: string | null;
}

const REPORT_KIND_LABELS: Record<ReportKind, string> = { copyright: 'bản quyền', theft: 'sao chép', content: 'nội dung', other: 'khác' };

export async function fileReport(reporter: Reporter, input: FileReportInput) {
	const [product] = await db().select({ id: products.id }).from(products).where(sql`${products.id} = ${input.productId} AND ${products.isPublished}`);
	if (!product) throw productMissing();
	const at = now();
	const row = await db().transaction(async (tx) => {
		const [filed] = await tx
			.insert(productReports)
			.values({
				id: randomUUID(),
				productId: input.productId,
				kind: input.kind,
				reporterUserId: reporter.userId,
				reporterName: input.name,
				reporterEmail: input.email.toLowerCase(),
				organisation: input.organisation ?? null,
				originalWork: input.originalWork ?? null,
				message: input.message,
				swornAt: input.sworn ? at : null,
				createdAt: at
			})
			.returning({ id: productReports.id, status: productReports.status, createdAt: productReports.createdAt });
		await newReport(tx, input.productId, filed!.id, REPORT_KIND_LABELS[input.kind]);
		return filed;
	});
	return { id: row!.id, status: row!.status, createdAt: row!.createdAt.toISOString() };
}

interface ReportRow {
	id: string;
	kind: ReportKind;
	status: ReportStatus;
	product_id: string;
	product_title: string;
	product_path: string | null;
	product_status: string;
	author_email: string | null;
	reporter_user_id: string | null;
	reporter_name: string;
	reporter_email: string;
	organisation: string | null;
	original_work: string | null;
	message: string;
	sworn_at: Date | string | null;
	suspended_product: boolean;
	pending_on_product: number;
	decision_note: string | null;
	decided_by_email: string | null;
	decided_at: Date | string | null;
	created_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toAdminReport(r: ReportRow): AdminReport {
	return {
		id: r.id,
		kind: r.kind,
		status: r.status,
		productId: r.product_id,
		productTitle: r.product_title,
		productFullPath: r.product_path,
		productStatus: r.product_status,
		authorEmail: r.author_email,
		reporterUserId: r.reporter_user_id,
		reporterName: r.reporter_name,
		reporterEmail: r.reporter_email,
		organisation: r.organisation,
		originalWork: r.original_work,
		message: r.message,
		sworn: r.sworn_at !== null,
		suspendedProduct: r.suspended_product,
		pendingOnProduct: Number(r.pending_on_product),
		decisionNote: r.decision_note,
		decidedByEmail: r.decided_by_email,
		decidedAt: r.decided_at === null ? null : iso(r.decided_at),
		createdAt: iso(r.created_at)
	};
}

const QUEUE_LIMIT = 100;

function selectReports(where: ReturnType<typeof sql>, limit: number) {
	return queryRows<ReportRow>(sql`
		SELECT r.id, r.kind, r.status, r.product_id, p.title AS product_title,
		       CASE WHEN p.is_published THEN c.path || '/' || p.slug END AS product_path, p.status AS product_status,
		       a.email AS author_email, r.reporter_user_id, r.reporter_name, r.reporter_email, r.organisation, r.original_work,
		       r.message, r.sworn_at, r.suspended_product,
		       (SELECT count(*) FROM product_reports o WHERE o.product_id = r.product_id AND o.status IN ('open', 'suspended'))::int AS pending_on_product,
		       r.decision_note, d.email AS decided_by_email, r.decided_at, r.created_at
		FROM product_reports r
		JOIN products p ON p.id = r.product_id
		JOIN categories c ON c.id = p.category_id
		LEFT JOIN users a ON a.id = p.author_id
		LEFT JOIN users d ON d.id = r.decided_by
		WHERE ${where}
		-- Waiting reports first (open, then suspended), oldest first: the queue is worked in arrival order.
		ORDER BY CASE r.status WHEN 'open' THEN 0 WHEN 'suspended' THEN 1 ELSE 2 END, CASE WHEN r.status IN ('open', 'suspended') THEN r.created_at END ASC, r.created_at DESC, r.id
		LIMIT ${limit}`);
}

export async function listReports(query: { status?: ReportStatus; kind?: ReportKind }) {
	const conditions = [sql`true`];
	if (query.status) conditions.push(sql`r.status = ${query.status}`);
	if (query.kind) conditions.push(sql`r.kind = ${query.kind}`);
	const rows = await selectReports(sql.join(conditions, sql` AND `), QUEUE_LIMIT + 1);
	return { items: rows.slice(0, QUEUE_LIMIT).map(toAdminReport), nextCursor: null, hasMore: rows.length > QUEUE_LIMIT };
}

export async function getReport(id: string): Promise<AdminReport> {
	if (!isUuid(id)) throw reportMissing();
	const [row] = await selectReports(sql`r.id = ${id}::uuid`, 1);
	if (!row) throw reportMissing();
	return toAdminReport(row);
}

async function lockReport(tx: Tx, id: string) {
	const [report] = await tx.select().from(productReports).where(eq(productReports.id, id)).for('update');
	if (!report) throw reportMissing();
	const [product] = await tx.select({ status: products.status }).from(products).where(eq(products.id, report.productId)).for('update');
	return { report, productStatus: product!.status };
}

const alreadyDecided = (status: ReportStatus) =>
	new AppError('conflict', 'Báo cáo này đã có quyết định, không thể thay đổi.', { status });

/** Takes the product off sale while staff look into the report. */
export async function suspendFromReport(actorId: string, id: string, note?: string): Promise<AdminReport> {
	if (!isUuid(id)) throw reportMissing();
	await db().transaction(async (tx) => {
		const { report, productStatus } = await lockReport(tx, id);
		if (report.status !== 'open') {
			throw report.status === 'suspended'
				? new AppError('conflict', 'Học liệu đã bị tạm ngừng bán theo báo cáo này.', { status: report.status })
				: alreadyDecided(report.status);
		}
		// Only a product on sale is taken off by this report; one already off sale stays as it is.
		const suspends = productStatus === 'published';
		if (suspends) await tx.update(products).set({ status: 'suspended', updatedAt: now() }).where(eq(products.id, report.productId));
		await tx.update(productReports).set({ status: 'suspended', suspendedProduct: suspends }).where(eq(productReports.id, id));
		await recordAudit(tx, {
			actorId,
			action: 'report.suspend',
			targetType: 'product_report',
			targetId: id,
			summary: {
				before: { report: 'open', product: productStatus },
				after: { report: 'suspended', product: suspends ? 'suspended' : productStatus, productId: report.productId, ...(note ? { note } : {}) }
			}
		});
		if (suspends) await productSuspendedByReport(tx, report.productId, note);
	});
	return getReport(id);
}

/**
 * Upheld: the product stays (or goes) off sale. Dismissed: the report is
 * closed, and the product goes back on sale if this report took it off and no
 * other report still holds it.
 */
export async function decideReport(actorId: string, id: string, decision: 'upheld' | 'dismissed', note: string): Promise<AdminReport> {
	if (!isUuid(id)) throw reportMissing();
	await db().transaction(async (tx) => {
		const { report, productStatus } = await lockReport(tx, id);
		if (report.status === 'upheld' || report.status === 'dismissed') throw alreadyDecided(report.status);
		let productAfter = productStatus;
		if (decision === 'upheld' && productStatus === 'published') productAfter = 'suspended';
		if (decision === 'dismissed' && report.suspendedProduct && productStatus === 'suspended') {
			const [holder] = await tx
				.select({ id: productReports.id })
				.from(productReports)
				.where(sql`${productReports.productId} = ${report.productId} AND ${productReports.id} <> ${id} AND (${productReports.status} = 'suspended' OR (${productReports.status} = 'upheld'))`)
				.limit(1);
			if (!holder) productAfter = 'published';
		}
		if (productAfter !== productStatus) await tx.update(products).set({ status: productAfter, updatedAt: now() }).where(eq(products.id, report.productId));
		await tx
			.update(productReports)
			.set({ status: decision, decisionNote: note, decidedBy: actorId, decidedAt: now(), suspendedProduct: report.suspendedProduct || (decision === 'upheld' && productAfter === 'suspended') })
			.where(eq(productReports.id, id));
		await recordAudit(tx, {
			actorId,
			action: `report.${decision === 'upheld' ? 'uphold' : 'dismiss'}`,
			targetType: 'product_report',
			targetId: id,
			summary: { before: { report: report.status, product: productStatus }, after: { report: decision, product: productAfter, productId: report.productId, note } }
		});
		await reportDecided(tx, {
			productId: report.productId,
			reporterUserId: report.reporterUserId,
			reporterEmail: report.reporterEmail,
			decision,
			note,
			restored: productAfter === 'published' && productStatus !== 'published'
		});
	});
	return getReport(id);
}
