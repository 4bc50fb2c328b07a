import { redirect, type RequestEvent } from '@sveltejs/kit';
import { requireSignIn } from '$lib/server/page-guards';
import { studioPaths } from '$lib/studio-paths';

/** Studio pages: sign in first; an account that is not an author yet is sent to apply. */
export function requireAuthor(event: RequestEvent) {
	const session = requireSignIn(event);
	if (session.user.role !== 'author' && session.user.role !== 'staff') redirect(303, studioPaths.apply);
	return session;
}
