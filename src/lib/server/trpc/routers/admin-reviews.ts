/**
 * Staff moderation of buyer reviews (console page /quan-tri/danh-gia). Like
 * the review procedures themselves these are storefront-only (no REST route).
 * Mounted as admin.buyerReviews: admin.reviews is the editorial approval queue.
 * Wiring only: the rules and the audit rows are in reviews/moderation.ts.
 */
import { AdminReview, AdminReviewList, AdminReviewQuery, HideReviewInput, UnhideReviewInput } from '../../../contracts/reviews';
import { hideReview, listReviewsForStaff, unhideReview } from '../../reviews/moderation';
import { router, staffProcedure } from '../init';

export const adminReviewsRouter = router({
	list: staffProcedure
		.input(AdminReviewQuery)
		.output(AdminReviewList)
		.query(({ input }) => listReviewsForStaff(input.filter)),

	hide: staffProcedure
		.input(HideReviewInput)
		.output(AdminReview)
		.mutation(({ ctx, input }) => hideReview(ctx.session.user.id, input.reviewId, input.reason)),

	unhide: staffProcedure
		.input(UnhideReviewInput)
		.output(AdminReview)
		.mutation(({ ctx, input }) => unhideReview(ctx.session.user.id, input.reviewId))
});
