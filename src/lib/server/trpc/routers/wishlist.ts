/**
 * "Yêu thích" (storefront-only procedures, no REST route): save, unsave,
 * list, and which products are saved.
 */
import { z } from 'zod';
import { ProductSummary } from '../../../contracts/catalog';
import { ProductId } from '../../../contracts/music';
import { removeFromWishlist, saveToWishlist, savedProductIds, wishlist } from '../../wishlist/wishlist';
import { router, sessionProcedure } from '../init';

const Saved = z.object({ saved: z.boolean() });

export const wishlistRouter = router({
	save: sessionProcedure
		.input(z.object({ productId: ProductId }))
		.output(Saved)
		.mutation(({ ctx, input }) => saveToWishlist(ctx.session.user.id, input.productId)),

	remove: sessionProcedure
		.input(z.object({ productId: ProductId }))
		.output(Saved)
		.mutation(({ ctx, input }) => removeFromWishlist(ctx.session.user.id, input.productId)),

	list: sessionProcedure.output(z.array(ProductSummary)).query(({ ctx }) => wishlist(ctx.session.user.id)),

	savedIds: sessionProcedure
		.input(z.object({ ids: z.array(ProductId).min(1).max(50) }))
		.output(z.array(z.string()))
		.query(({ ctx, input }) => savedProductIds(ctx.session.user.id, input.ids))
});
