import { forgetGuestCart, guestCartId, rememberGuestCart, type CookieJar } from './cookie';
import { addToCart, mergeGuestCart, type CartOwner } from './store';

/**
 * Whose cart this request works on. Signed in with a guest cart cookie still
 * set (the first request after signing in), the guest's lines join the
 * account's cart and the cookie goes: that is the merge at sign-in.
 */
export async function cartOwnerOf(userId: string | null, jar: CookieJar): Promise<CartOwner> {
	const guestId = guestCartId(jar);
	if (userId) {
		if (guestId) {
			await mergeGuestCart(userId, guestId);
			forgetGuestCart(jar);
		}
		return { userId };
	}
	return { userId: null, guestCartId: guestId };
}

/** addToCart, then a new guest cart's id goes into the cookie. */
export async function addForRequest(owner: CartOwner, jar: CookieJar, productId: string): Promise<void> {
	const { cartId } = await addToCart(owner, productId);
	if (!owner.userId && owner.guestCartId !== cartId) rememberGuestCart(jar, cartId);
}
