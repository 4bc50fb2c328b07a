import { signOut } from '$lib/server/auth/accounts';
import { clearSessionCookie } from '$lib/server/auth/session';
import { authEndpoint, methodNotAllowed } from '$lib/server/rest/auth-endpoint';

/** Ends the session and clears the cookie; signing out twice is harmless. */
export const POST = authEndpoint(async (event) => {
	if (event.locals.session) await signOut(event.locals.session.id);
	clearSessionCookie(event.cookies);
	return { status: true };
});

export const fallback = methodNotAllowed('POST');
