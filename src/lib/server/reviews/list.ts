/**
 * The reviews a product page shows: visible ones only, most helpful first,
 * then newest, one keyset page at a time (a signed cursor, so a client cannot
 * forge a position or carry it to another product).
 */
import { sql } from 'drizzle-orm';
import type { Review, ReviewListInput, ReviewPage } from '../../contracts/reviews';
import { isUuid } from '../db/ids';
import { isoTime, queryRows } from '../db/rows';
import { invalidCursor, notFound } from '../errors/app-error';
import { signJson, verifyJson } from '../platform/signing';
import { keysetPage } from '../platform/keyset-page';
import type { UserRole } from '../db/schema';
import { answersFor, replierName, toReply, type ReplyRow } from './reply';

/** Shown instead of an account without a name: a reviewer's email is never public. */
export const ANONYMOUS_BUYER = 'Người mua ẩn danh';

interface ReviewCursor {
	kind: 'reviews';
	p: string;
	h: number;
	at: string;
	id: string;
}

interface ReviewRow {
	id: string;
	stars: number;
	body: string;
	author_name: string | null;
	verified: boolean;
	helpful_count: number;
	created_at: Date | string;
	updated_at: Date | string;
	mine: boolean;
	voted: boolean;
	reported: boolean;
	reply_body: string | null;
	replied_at: Date | string | null;
	reply_edited_at: Date | string | null;
	replier_name: string | null;
}

function decodeCursor(raw: string, productId: string): ReviewCursor {
	const c = verifyJson('cursor', raw) as Partial<ReviewCursor> | null;
	if (c?.kind !== 'reviews' || c.p !== productId || typeof c.h !== 'number' || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at))) throw invalidCursor();
	if (!isUuid(c.id)) throw invalidCursor();
	return c as ReviewCursor;
}

function toReview(r: ReviewRow): Review {
	const created = isoTime(r.created_at);
	const updated = isoTime(r.updated_at);
	return {
		id: r.id,
		stars: Number(r.stars),
		body: r.body,
		authorName: r.author_name ?? ANONYMOUS_BUYER,
		verifiedBuyer: r.verified,
		helpfulCount: Number(r.helpful_count),
		createdAt: created,
		editedAt: updated === created ? null : updated,
		mine: r.mine,
		votedHelpful: r.voted,
		reportedByMe: r.reported,
		// The table's CHECK keeps the body and its time together.
		reply: r.reply_body === null ? null : toReply(r as ReplyRow)
	};
}

export async function listReviews(viewer: { id: string; role: UserRole } | null, input: ReviewListInput): Promise<ReviewPage> {
	const { productId, pageSize } = input;
	const after = input.cursor === undefined ? null : decodeCursor(input.cursor, productId);
	const [product] = await queryRows<{ author_id: string | null }>(sql`SELECT author_id FROM products WHERE id = ${productId}::uuid AND is_published`);
	if (!product) throw notFound('Không tìm thấy học liệu này, có thể học liệu đã được gỡ xuống.');
	const viewerId = viewer ? sql`${viewer.id}::uuid` : sql`NULL::uuid`;
	const rows = await queryRows<ReviewRow>(sql`
		SELECT r.id, r.stars, r.body, nullif(btrim(u.name), '') AS author_name,
		       -- "Đã mua" stays true only while the purchase does: a refund removes the ownership row.
		       EXISTS (SELECT 1 FROM product_ownerships o WHERE o.user_id = r.user_id AND o.product_id = r.product_id AND o.source = 'purchase') AS verified,
		       r.helpful_count, r.created_at, r.updated_at,
		       coalesce(r.user_id = ${viewerId}, false) AS mine,
		       EXISTS (SELECT 1 FROM buyer_review_votes v WHERE v.review_id = r.id AND v.user_id = ${viewerId}) AS voted,
		       EXISTS (SELECT 1 FROM buyer_review_reports x WHERE x.review_id = r.id AND x.reporter_user_id = ${viewerId}) AS reported,
		       r.reply_body, r.replied_at, r.reply_edited_at, ${replierName} AS replier_name
		FROM buyer_reviews r
		JOIN users u ON u.id = r.user_id
		JOIN products p ON p.id = r.product_id
		WHERE r.product_id = ${productId}::uuid AND r.hidden_at IS NULL
		${after ? sql`AND (r.helpful_count, r.created_at, r.id) < (${after.h}, ${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
		ORDER BY r.helpful_count DESC, r.created_at DESC, r.id DESC
		LIMIT ${pageSize + 1}`);
	const page = keysetPage(rows, pageSize, (last) =>
		signJson('cursor', { kind: 'reviews', p: productId, h: Number(last.helpful_count), at: isoTime(last.created_at), id: last.id } satisfies ReviewCursor)
	);
	return { items: page.rows.map(toReview), hasMore: page.hasMore, nextCursor: page.nextCursor, canReply: viewer !== null && answersFor(product.author_id, viewer) };
}
