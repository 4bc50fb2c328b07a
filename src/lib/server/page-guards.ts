/**
 * Storefront pages that only make sense signed in (wallet, music, orders)
 * send visitors to the sign-in page, which brings them back here afterwards.
 */
import { error, redirect } from '@sveltejs/kit';
import { signInPath } from '$lib/paths';
import type { SessionContext } from './auth/session';

interface PageEvent {
	url: URL;
	locals: App.Locals;
}

export function requireSignIn(event: PageEvent): SessionContext {
	if (!event.locals.session) redirect(303, signInPath(event.url.pathname + event.url.search));
	return event.locals.session;
}

/**
 * The staff console (/quan-tri): visitors sign in first; signed-in accounts
 * without the staff role get a 403 page. The procedures behind every screen
 * check the role again, so this guard is for the person, not for security.
 */
export function requireStaff(event: PageEvent): SessionContext {
	const session = requireSignIn(event);
	if (session.user.role !== 'staff') {
		error(403, { message: 'Trang quản trị chỉ dành cho nhân viên hoclieu. Tài khoản của bạn không có quyền truy cập.', code: 'forbidden' });
	}
	return session;
}
