import type { LayoutServerLoad } from './$types';
import { toAuthUser } from '$lib/server/auth/accounts';
import { unreadCount } from '$lib/server/notifications/inbox';

/** Who is signed in and how many notifications wait for them, for the header (hooks.server.ts resolved the session). */
export const load: LayoutServerLoad = async ({ locals, depends }) => {
	depends('app:notifications');
	if (!locals.session) return { user: null, unreadNotifications: 0 };
	// The badge must not take a page down with it: a failed count shows no badge.
	const unread = await unreadCount(locals.session.user.id).catch(() => 0);
	return { user: toAuthUser(locals.session.user), unreadNotifications: unread };
};
