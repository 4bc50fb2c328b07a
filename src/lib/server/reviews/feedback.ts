/**
 * What other readers do with a review: mark it "Hữu ích" (once per account,
 * never one's own; the count the listing sorts on changes in the same
 * transaction as the vote row) and report it to staff (once per account).
 */
import { sql } from 'drizzle-orm';
import type { ReportReviewInput } from '../../contracts/reviews';
import { ts } from '../catalog/product-query';
import { db, type DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { forbidden, notFound } from '../errors/app-error';
import { now } from '../platform/clock';

const reviewMissing = () => notFound('Không tìm thấy đánh giá này, có thể đánh giá đã bị ẩn.');

/** A visible review another account may act on; hidden ones are as good as gone for readers. */
async function othersReview(tx: DbOrTx, userId: string, reviewId: string, ownMessage: string): Promise<void> {
	if (!isUuid(reviewId)) throw reviewMissing();
	const [review] = await queryRows<{ user_id: string }>(sql`SELECT user_id FROM buyer_reviews WHERE id = ${reviewId}::uuid AND hidden_at IS NULL`, tx);
	if (!review) throw reviewMissing();
	if (review.user_id === userId) throw forbidden(ownMessage);
}

export interface VoteOutcome {
	votedHelpful: boolean;
	helpfulCount: number;
}

async function helpfulCount(tx: DbOrTx, reviewId: string, delta: -1 | 0 | 1): Promise<number> {
	const [row] = await queryRows<{ helpful_count: number }>(
		delta === 0
			? sql`SELECT helpful_count FROM buyer_reviews WHERE id = ${reviewId}::uuid`
			: sql`UPDATE buyer_reviews SET helpful_count = helpful_count + ${delta} WHERE id = ${reviewId}::uuid RETURNING helpful_count`,
		tx
	);
	return Number(row!.helpful_count);
}

export async function voteHelpful(userId: string, reviewId: string): Promise<VoteOutcome> {
	return db().transaction(async (tx) => {
		await othersReview(tx, userId, reviewId, 'Bạn không thể bình chọn “Hữu ích” cho đánh giá của chính mình.');
		const inserted = await queryRows(
			sql`INSERT INTO buyer_review_votes (review_id, user_id, created_at) VALUES (${reviewId}::uuid, ${userId}::uuid, ${ts(now())}) ON CONFLICT DO NOTHING RETURNING review_id`,
			tx
		);
		// A repeated vote is a no-op: the count moves only with a new row.
		return { votedHelpful: true, helpfulCount: await helpfulCount(tx, reviewId, inserted.length > 0 ? 1 : 0) };
	});
}

export async function withdrawHelpful(userId: string, reviewId: string): Promise<VoteOutcome> {
	return db().transaction(async (tx) => {
		await othersReview(tx, userId, reviewId, 'Bạn không thể bình chọn “Hữu ích” cho đánh giá của chính mình.');
		const deleted = await queryRows(sql`DELETE FROM buyer_review_votes WHERE review_id = ${reviewId}::uuid AND user_id = ${userId}::uuid RETURNING review_id`, tx);
		return { votedHelpful: false, helpfulCount: await helpfulCount(tx, reviewId, deleted.length > 0 ? -1 : 0) };
	});
}

/** Idempotent: a second report by the same account changes nothing and still answers "reported". */
export async function reportReview(userId: string, input: ReportReviewInput): Promise<{ reported: true }> {
	await db().transaction(async (tx) => {
		await othersReview(tx, userId, input.reviewId, 'Bạn không thể báo cáo đánh giá của chính mình; hãy sửa hoặc viết lại nội dung.');
		await queryRows(
			sql`INSERT INTO buyer_review_reports (review_id, reporter_user_id, reason, message, created_at)
			VALUES (${input.reviewId}::uuid, ${userId}::uuid, ${input.reason}, ${input.message ?? null}, ${ts(now())})
			ON CONFLICT DO NOTHING RETURNING review_id`,
			tx
		);
	});
	return { reported: true };
}
