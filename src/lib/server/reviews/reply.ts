/**
 * The product's answer to a review (README, "Đánh giá từ người mua"): one public reply per
 * review, written and edited by the product's author — by staff for the house
 * catalog, which has no author — and shown under the review. The first reply
 * tells the reviewer; an edit does not notify again. A hidden review (staff
 * hid it, or its purchase was refunded) takes no reply.
 */
import { sql } from 'drizzle-orm';
import type { ReplyToReviewInput, ReviewReply } from '../../contracts/reviews';
import type { UserRole } from '../db/schema';
import { ts } from '../catalog/product-query';
import { db } from '../db/client';
import { isoTime, queryRows } from '../db/rows';
import { forbidden, notFound } from '../errors/app-error';
import { reviewReplied } from '../notifications/events';
import { now } from '../platform/clock';

/** Shown as the replier when staff answer for the house catalog. */
export const HOUSE_REPLIER = 'hoclieu';

/** Who answers a product's reviews: its author, or staff when it has none. */
export function answersFor(authorId: string | null, viewer: { id: string; role: UserRole }): boolean {
	return authorId === null ? viewer.role === 'staff' : authorId === viewer.id;
}

export interface ReplyRow {
	reply_body: string;
	replied_at: Date | string;
	reply_edited_at: Date | string | null;
	replier_name: string | null;
}

/** The reply part of a review row (reviews/list.ts selects the same columns). */
export function toReply(r: ReplyRow): ReviewReply {
	return {
		body: r.reply_body,
		authorName: r.replier_name ?? HOUSE_REPLIER,
		repliedAt: isoTime(r.replied_at),
		editedAt: r.reply_edited_at === null ? null : isoTime(r.reply_edited_at)
	};
}

/** SQL (over products `p`) for the replier's public name: the author's, or null for the house catalog. */
export const replierName = sql`(CASE WHEN p.author_id IS NOT NULL THEN coalesce(
	(SELECT ap.display_name FROM author_profiles ap WHERE ap.user_id = p.author_id),
	(SELECT nullif(btrim(au.name), '') FROM users au WHERE au.id = p.author_id),
	'tác giả') END)`;

export async function replyToReview(viewer: { id: string; role: UserRole }, input: ReplyToReviewInput): Promise<ReviewReply> {
	const missing = () => notFound('Không tìm thấy đánh giá này, có thể đánh giá đã bị ẩn.');
	return db().transaction(async (tx) => {
		// The row lock orders a reply against a staff hide or a refund of the same review.
		const [review] = await queryRows<{ user_id: string; author_id: string | null; hidden: boolean; replied: boolean; product_id: string }>(
			sql`
			SELECT r.user_id, p.author_id, r.hidden_at IS NOT NULL AS hidden, r.replied_at IS NOT NULL AS replied, r.product_id
			FROM buyer_reviews r JOIN products p ON p.id = r.product_id
			WHERE r.id = ${input.reviewId}::uuid AND p.is_published
			FOR UPDATE OF r`,
			tx
		);
		if (!review || review.hidden) throw missing();
		if (!answersFor(review.author_id, viewer)) {
			throw forbidden(review.author_id === null ? 'Chỉ nhân viên hoclieu mới trả lời đánh giá của học liệu này.' : 'Chỉ tác giả của học liệu mới có thể trả lời đánh giá.');
		}
		const at = ts(now());
		const [row] = await queryRows<ReplyRow>(
			sql`
			UPDATE buyer_reviews r SET reply_body = ${input.body}, reply_by = ${viewer.id}::uuid,
			       replied_at = coalesce(r.replied_at, ${at}),
			       reply_edited_at = CASE WHEN r.replied_at IS NULL THEN NULL ELSE ${at} END
			FROM products p
			WHERE r.id = ${input.reviewId}::uuid AND p.id = r.product_id
			RETURNING r.reply_body, r.replied_at, r.reply_edited_at, ${replierName} AS replier_name`,
			tx
		);
		if (!review.replied) await reviewReplied(tx, review.product_id, review.user_id, review.author_id === null ? 'house' : 'author');
		return toReply(row!);
	});
}
