import type { LayoutServerLoad } from './$types';
import { toAuthUser } from '$lib/server/auth/accounts';
import { unreadCount } from '$lib/server/notifications/inbox';
import { totalUnread } from '$lib/server/conversations/inbox';

/** Who is signed in and how many notifications and messages wait for them, for the header (hooks.server.ts resolved the session). */
export const load: LayoutServerLoad = async ({ locals, depends }) => {
	depends('app:notifications');
	if (!locals.session) return { user: null, unreadNotifications: 0, unreadMessages: 0 };
	const { id, role } = locals.session.user;
	// The badges must not take a page down with them: a failed count shows no badge.
	const [unread, unreadMessages] = await Promise.all([unreadCount(id).catch(() => 0), totalUnread({ id, role }).catch(() => 0)]);
	return { user: toAuthUser(locals.session.user), unreadNotifications: unread, unreadMessages };
};
