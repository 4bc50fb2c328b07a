/**
 * Buyer reviews on the product page (storefront-only procedures, no REST
 * route, like the wishlist). Wiring only: the rules are in reviews/*.ts.
 */
import { z } from 'zod';
import { MyReview, ReplyToReviewInput, ReportResult, ReportReviewInput, ReviewIdInput, ReviewListInput, ReviewPage, ReviewReply, VoteResult, WriteReviewInput } from '../../../contracts/reviews';
import { ProductId } from '../../../contracts/music';
import { reportReview, voteHelpful, withdrawHelpful } from '../../reviews/feedback';
import { listReviews } from '../../reviews/list';
import { replyToReview } from '../../reviews/reply';
import { createReview, myReview, updateReview } from '../../reviews/write';
import { publicProcedure, router, sessionProcedure } from '../init';

const OwnReview = MyReview.shape.review.unwrap();

export const reviewsRouter = router({
	list: publicProcedure
		.input(ReviewListInput)
		.output(ReviewPage)
		.query(({ ctx, input }) => listReviews(ctx.session?.user ?? null, input)),

	mine: sessionProcedure
		.input(z.object({ productId: ProductId }))
		.output(MyReview)
		.query(({ ctx, input }) => myReview(ctx.session.user.id, input.productId)),

	create: sessionProcedure
		.input(WriteReviewInput)
		.output(OwnReview)
		.mutation(({ ctx, input }) => createReview(ctx.session.user.id, input)),

	update: sessionProcedure
		.input(WriteReviewInput)
		.output(OwnReview)
		.mutation(({ ctx, input }) => updateReview(ctx.session.user.id, input)),

	voteHelpful: sessionProcedure
		.input(ReviewIdInput)
		.output(VoteResult)
		.mutation(({ ctx, input }) => voteHelpful(ctx.session.user.id, input.reviewId)),

	withdrawHelpful: sessionProcedure
		.input(ReviewIdInput)
		.output(VoteResult)
		.mutation(({ ctx, input }) => withdrawHelpful(ctx.session.user.id, input.reviewId)),

	/** The author's (staff's, for the house catalog) one public answer: written, then edited in place. */
	reply: sessionProcedure
		.input(ReplyToReviewInput)
		.output(ReviewReply)
		.mutation(({ ctx, input }) => replyToReview(ctx.session.user, input)),

	report: sessionProcedure
		.input(ReportReviewInput)
		.output(ReportResult)
		.mutation(({ ctx, input }) => reportReview(ctx.session.user.id, input))
});
