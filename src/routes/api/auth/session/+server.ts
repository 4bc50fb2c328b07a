import { sessionResponse } from '$lib/server/auth/accounts';
import { authEndpoint, methodNotAllowed } from '$lib/server/rest/auth-endpoint';

/** `{ user, session: { expiresAt } }`, or `null` without a valid session (hooks.server.ts resolved it). */
export const GET = authEndpoint(async (event) => {
	const session = event.locals.session;
	return session ? sessionResponse(session.user, session.expiresAt) : null;
});

export const fallback = methodNotAllowed('GET', 'HEAD');
