/**
 * Storefront pages that only make sense signed in (wallet, music, orders)
 * send visitors to the sign-in page, which brings them back here afterwards.
 */
import { redirect } from '@sveltejs/kit';
import { paths } from '$lib/paths';
import type { SessionContext } from './auth/session';

interface PageEvent {
	url: URL;
	locals: App.Locals;
}

export function signInPath(returnTo: string): string {
	return `${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`;
}

export function requireSignIn(event: PageEvent): SessionContext {
	if (!event.locals.session) redirect(303, signInPath(event.url.pathname + event.url.search));
	return event.locals.session;
}
