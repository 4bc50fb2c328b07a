/**
 * A guest's cart is found by the `cart` cookie: `<cart id>.<HMAC>` (purpose
 * `cart`), HttpOnly, so a page script can neither read nor forge another
 * guest's cart id. Signed in, the account's cart is used and the cookie goes
 * (its lines join the account's cart first: store.ts mergeGuestCart).
 */
import { config } from '../config';
import { isUuid } from '../db/ids';
import { sign, verify } from '../platform/signing';

export const CART_COOKIE = 'cart';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** What SvelteKit's `cookies` offers, named here so this domain does not import SvelteKit. */
export interface CookieJar {
	get(name: string): string | undefined;
	set(name: string, value: string, opts: { path: string; httpOnly?: boolean; sameSite?: 'lax'; secure?: boolean; maxAge?: number }): void;
	delete(name: string, opts: { path: string }): void;
}

export function guestCartId(jar: CookieJar): string | null {
	const value = jar.get(CART_COOKIE);
	if (!value) return null;
	const id = verify('cart', value);
	return isUuid(id) ? id : null;
}

export function rememberGuestCart(jar: CookieJar, cartId: string): void {
	jar.set(CART_COOKIE, sign('cart', cartId), { path: '/', httpOnly: true, sameSite: 'lax', secure: config().isProduction, maxAge: MAX_AGE_SECONDS });
}

export function forgetGuestCart(jar: CookieJar): void {
	jar.delete(CART_COOKIE, { path: '/' });
}
