/**
 * Buyer reviews (issue #18 item 2). Client-safe: the product page's forms
 * validate with the same schemas as the procedures, so the messages match.
 */
import { z } from 'zod';
import { ProductId } from './music';

// Also the bounds of the table's CHECK (db/schema/reviews.ts).
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPORT_MESSAGE_MAX = 1000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;

export const reviewReportReasons = ['spam', 'offensive', 'off_topic', 'other'] as const;
export const ReviewReportReason = z.enum(reviewReportReasons, 'Hãy chọn lý do báo cáo.');
export const reviewReportReasonLabels: Record<(typeof reviewReportReasons)[number], string> = {
	spam: 'Quảng cáo, spam',
	offensive: 'Ngôn từ xúc phạm',
	off_topic: 'Không nói về học liệu',
	other: 'Lý do khác'
};

const ReviewId = z.uuid('Mã đánh giá không hợp lệ.');

/** Forms post strings: "4" is 4 stars; anything else is refused with the same message. */
export const Stars = z.coerce
	.number('Hãy chọn số sao từ 1 đến 5.')
	.int('Hãy chọn số sao từ 1 đến 5.')
	.min(1, 'Hãy chọn số sao từ 1 đến 5.')
	.max(5, 'Hãy chọn số sao từ 1 đến 5.');

export const ReviewBody = z
	.string('Hãy viết vài dòng nhận xét.')
	.trim()
	.min(REVIEW_BODY_MIN, `Nhận xét cần ít nhất ${REVIEW_BODY_MIN} ký tự.`)
	.max(REVIEW_BODY_MAX, `Nhận xét tối đa ${REVIEW_BODY_MAX} ký tự.`);

export const WriteReviewInput = z.object({ productId: ProductId, stars: Stars, body: ReviewBody });
export type WriteReviewInput = z.infer<typeof WriteReviewInput>;

export const ReviewListInput = z.object({
	productId: ProductId,
	cursor: z.string().min(1).max(500).optional(),
	pageSize: z.number().int().min(1).max(50).default(10)
});
export type ReviewListInput = z.infer<typeof ReviewListInput>;

export const ReviewIdInput = z.object({ reviewId: ReviewId });

export const ReportReviewInput = z.object({
	reviewId: ReviewId,
	reason: ReviewReportReason,
	message: z.preprocess(
		(v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
		z.string().trim().max(REVIEW_REPORT_MESSAGE_MAX, `Nội dung tối đa ${REVIEW_REPORT_MESSAGE_MAX} ký tự.`).optional()
	)
});
export type ReportReviewInput = z.infer<typeof ReportReviewInput>;

/** The product's one public answer to a review (README, "Đánh giá từ người mua"). */
export const ReviewReply = z.object({
	body: z.string(),
	/** The author's public name, or "hoclieu" when staff answer for the house catalog. */
	authorName: z.string(),
	repliedAt: z.iso.datetime(),
	editedAt: z.iso.datetime().nullable()
});
export type ReviewReply = z.infer<typeof ReviewReply>;

export const ReplyToReviewInput = z.object({
	reviewId: ReviewId,
	body: z
		.string('Hãy viết nội dung trả lời.')
		.trim()
		.min(1, 'Hãy viết nội dung trả lời.')
		.max(REVIEW_REPLY_MAX, `Câu trả lời tối đa ${REVIEW_REPLY_MAX} ký tự.`)
});
export type ReplyToReviewInput = z.infer<typeof ReplyToReviewInput>;

export const Review = z
	.object({
		id: z.string(),
		stars: z.number().int().min(1).max(5),
		body: z.string(),
		/** The account's name, or a neutral label: emails are never shown. */
		authorName: z.string(),
		/** Every review comes from a paid purchase; false once the purchase was refunded. */
		verifiedBuyer: z.boolean(),
		helpfulCount: z.number().int().min(0),
		createdAt: z.iso.datetime(),
		/** Set when the author changed the review after writing it. */
		editedAt: z.iso.datetime().nullable(),
		/** The reader's own relation to it; all false when signed out. */
		mine: z.boolean(),
		votedHelpful: z.boolean(),
		reportedByMe: z.boolean(),
		reply: ReviewReply.nullable()
	})
	.meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const ReviewPage = z.object({
	items: z.array(Review),
	nextCursor: z.string().nullable(),
	hasMore: z.boolean(),
	/** The reader answers this product's reviews: its author, or staff for the house catalog. */
	canReply: z.boolean()
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** What the signed-in reader may do on a product page. */
export const MyReview = z.object({
	/** Owns the product through a paid order. */
	canReview: z.boolean(),
	review: z
		.object({
			id: z.string(),
			stars: z.number().int(),
			body: z.string(),
			hidden: z.boolean(),
			createdAt: z.iso.datetime(),
			editedAt: z.iso.datetime().nullable()
		})
		.nullable()
});
export type MyReview = z.infer<typeof MyReview>;

export const VoteResult = z.object({ votedHelpful: z.boolean(), helpfulCount: z.number().int().min(0) });
export const ReportResult = z.object({ reported: z.literal(true) });

// Staff console.
export const adminReviewFilters = ['reported', 'hidden', 'all'] as const;
export const AdminReviewQuery = z.object({ filter: z.enum(adminReviewFilters).default('reported') });

export const AdminReview = z.object({
	id: z.string(),
	productId: z.string(),
	productTitle: z.string(),
	productFullPath: z.string().nullable(),
	authorEmail: z.string(),
	authorName: z.string(),
	stars: z.number().int(),
	body: z.string(),
	helpfulCount: z.number().int(),
	openReports: z.number().int(),
	reportReasons: z.array(z.object({ reason: ReviewReportReason, message: z.string().nullable() })),
	hidden: z.boolean(),
	hiddenReason: z.string().nullable(),
	hiddenAt: z.iso.datetime().nullable(),
	createdAt: z.iso.datetime()
});
export type AdminReview = z.infer<typeof AdminReview>;
export const AdminReviewList = z.object({ items: z.array(AdminReview), hasMore: z.boolean() });

export const HideReviewInput = z.object({
	reviewId: ReviewId,
	reason: z.string('Hãy ghi lý do ẩn.').trim().min(3, 'Hãy ghi lý do ẩn (ít nhất 3 ký tự).').max(REVIEW_HIDE_REASON_MAX, `Lý do tối đa ${REVIEW_HIDE_REASON_MAX} ký tự.`)
});
export const UnhideReviewInput = z.object({ reviewId: ReviewId });
