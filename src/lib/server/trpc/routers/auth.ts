/**
 * Storefront session over tRPC. Signing in and out happens on the /api/auth/*
 * routes (they set and clear the cookie); this only tells the UI who is there.
 */
import { AuthUser } from '$lib/contracts/auth';
import { toAuthUser } from '../../auth/accounts';
import { publicProcedure, router } from '../init';

export const authRouter = router({
	/** The signed-in user, or null; the session is optional. */
	me: publicProcedure.output(AuthUser.nullable()).query(({ ctx }) => (ctx.session ? toAuthUser(ctx.session.user) : null))
});
