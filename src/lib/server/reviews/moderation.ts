/**
 * Staff moderation of buyer reviews: the queue of reported reviews, hiding
 * (the review leaves the product page and the rating at once) and unhiding.
 * Either closes the review's open reports, since staff have now looked at it,
 * and writes its audit row in the same transaction as the change.
 */
import { sql } from 'drizzle-orm';
import type { AdminReview } from '../../contracts/reviews';
import { reviewReportReasons } from '../../contracts/reviews';
import { recordAudit } from '../admin/audit';
import { ts } from '../catalog/product-query';
import { db, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { isoTime, queryRows } from '../db/rows';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { ANONYMOUS_BUYER } from './list';

const QUEUE_LIMIT = 100;
const reviewMissing = () => notFound('Không tìm thấy đánh giá.');

interface AdminRow {
	id: string;
	product_id: string;
	product_title: string;
	product_path: string | null;
	author_email: string;
	author_name: string | null;
	stars: number;
	body: string;
	helpful_count: number;
	open_reports: number;
	reasons: { reason: string; message: string | null }[] | null;
	hidden_reason: string | null;
	hidden_at: Date | string | null;
	created_at: Date | string;
}

const knownReason = (r: string): r is (typeof reviewReportReasons)[number] => (reviewReportReasons as readonly string[]).includes(r);

function toAdmin(r: AdminRow): AdminReview {
	return {
		id: r.id,
		productId: r.product_id,
		productTitle: r.product_title,
		productFullPath: r.product_path,
		authorEmail: r.author_email,
		authorName: r.author_name ?? ANONYMOUS_BUYER,
		stars: Number(r.stars),
		body: r.body,
		helpfulCount: Number(r.helpful_count),
		openReports: Number(r.open_reports),
		reportReasons: (r.reasons ?? []).flatMap((x) => (knownReason(x.reason) ? [{ reason: x.reason, message: x.message }] : [])),
		hidden: r.hidden_at !== null,
		hiddenReason: r.hidden_reason,
		hiddenAt: r.hidden_at === null ? null : isoTime(r.hidden_at),
		createdAt: isoTime(r.created_at)
	};
}

function selectAdmin(where: ReturnType<typeof sql>, limit: number) {
	return queryRows<AdminRow>(sql`
		SELECT r.id, r.product_id, p.title AS product_title,
		       CASE WHEN p.is_published THEN c.path || '/' || p.slug END AS product_path,
		       u.email AS author_email, nullif(btrim(u.name), '') AS author_name,
		       r.stars, r.body, r.helpful_count, r.hidden_reason, r.hidden_at, r.created_at,
		       (SELECT count(*) FROM buyer_review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL)::int AS open_reports,
		       (SELECT json_agg(json_build_object('reason', x.reason, 'message', x.message) ORDER BY x.created_at)
		          FROM buyer_review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL) AS reasons
		FROM buyer_reviews r
		JOIN products p ON p.id = r.product_id
		JOIN categories c ON c.id = p.category_id
		JOIN users u ON u.id = r.user_id
		WHERE ${where}
		-- Most reported first: several readers flagging the same review is the strongest signal.
		ORDER BY open_reports DESC, r.created_at DESC, r.id
		LIMIT ${limit}`);
}

export async function listReviewsForStaff(filter: 'reported' | 'hidden' | 'all') {
	const where =
		filter === 'reported'
			? sql`EXISTS (SELECT 1 FROM buyer_review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL)`
			: filter === 'hidden'
				? sql`r.hidden_at IS NOT NULL`
				: sql`true`;
	const rows = await selectAdmin(where, QUEUE_LIMIT + 1);
	return { items: rows.slice(0, QUEUE_LIMIT).map(toAdmin), hasMore: rows.length > QUEUE_LIMIT };
}

async function getForStaff(id: string): Promise<AdminReview> {
	const [row] = await selectAdmin(sql`r.id = ${id}::uuid`, 1);
	if (!row) throw reviewMissing();
	return toAdmin(row);
}

async function lockReview(tx: Tx, id: string) {
	const [row] = await queryRows<{ product_id: string; hidden_at: Date | string | null; hidden_reason: string | null }>(
		sql`SELECT product_id, hidden_at, hidden_reason FROM buyer_reviews WHERE id = ${id}::uuid FOR UPDATE`,
		tx
	);
	if (!row) throw reviewMissing();
	return row;
}

async function resolveReports(tx: Tx, id: string): Promise<number> {
	const closed = await queryRows(sql`UPDATE buyer_review_reports SET resolved_at = ${ts(now())} WHERE review_id = ${id}::uuid AND resolved_at IS NULL RETURNING review_id`, tx);
	return closed.length;
}

export async function hideReview(actorId: string, id: string, reason: string): Promise<AdminReview> {
	if (!isUuid(id)) throw reviewMissing();
	await db().transaction(async (tx) => {
		const review = await lockReview(tx, id);
		if (review.hidden_at !== null) throw new AppError('conflict', 'Đánh giá này đã bị ẩn.', { hiddenReason: review.hidden_reason });
		// The rating trigger (migration 0023) recomputes the product's rating in this same transaction.
		await tx.execute(sql`UPDATE buyer_reviews SET hidden_at = ${ts(now())}, hidden_by = ${actorId}::uuid, hidden_reason = ${reason} WHERE id = ${id}::uuid`);
		const resolvedReports = await resolveReports(tx, id);
		await recordAudit(tx, {
			actorId,
			action: 'review.hide',
			targetType: 'buyer_review',
			targetId: id,
			summary: { before: { hidden: false }, after: { hidden: true, reason, productId: review.product_id, resolvedReports } }
		});
	});
	return getForStaff(id);
}

export async function unhideReview(actorId: string, id: string): Promise<AdminReview> {
	if (!isUuid(id)) throw reviewMissing();
	await db().transaction(async (tx) => {
		const review = await lockReview(tx, id);
		if (review.hidden_at === null) throw new AppError('conflict', 'Đánh giá này đang hiển thị.');
		await tx.execute(sql`UPDATE buyer_reviews SET hidden_at = NULL, hidden_by = NULL, hidden_reason = NULL WHERE id = ${id}::uuid`);
		const resolvedReports = await resolveReports(tx, id);
		await recordAudit(tx, {
			actorId,
			action: 'review.unhide',
			targetType: 'buyer_review',
			targetId: id,
			summary: { before: { hidden: true, reason: review.hidden_reason }, after: { hidden: false, productId: review.product_id, resolvedReports } }
		});
	});
	return getForStaff(id);
}
