import type { LayoutServerLoad } from './$types';
import { toAuthUser } from '$lib/server/auth/accounts';
import { cartOwnerOf } from '$lib/server/cart/owner';
import { cartProductIds } from '$lib/server/cart/store';
import { unreadCount } from '$lib/server/notifications/inbox';
import { totalUnread } from '$lib/server/conversations/inbox';

/**
 * Who is signed in, how many notifications and messages wait for them, and what is in the cart
 * (the header's badge and the cards' "Thêm vào giỏ"), for every page (hooks.server.ts resolved the session).
 * Loading the cart signed in is also where a guest's cart joins the account's (cart/owner.ts).
 */
export const load: LayoutServerLoad = async ({ locals, depends, cookies }) => {
	depends('app:notifications');
	depends('app:cart');
	// The badges must not take a page down with them: a failed count shows no badge.
	const cart = cartOwnerOf(locals.session?.user.id ?? null, cookies)
		.then(cartProductIds)
		.catch(() => [] as string[]);
	if (!locals.session) return { user: null, unreadNotifications: 0, unreadMessages: 0, cartProductIds: await cart };
	const { id, role } = locals.session.user;
	const [unread, unreadMessages, inCart] = await Promise.all([unreadCount(id).catch(() => 0), totalUnread({ id, role }).catch(() => 0), cart]);
	return { user: toAuthUser(locals.session.user), unreadNotifications: unread, unreadMessages, cartProductIds: inCart };
};
