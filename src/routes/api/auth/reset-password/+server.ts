import { ResetPasswordInput } from '$lib/contracts/auth';
import { resetPassword } from '$lib/server/auth/password-reset';
import { clearSessionCookie } from '$lib/server/auth/session';
import { authEndpoint, methodNotAllowed, parseJson } from '$lib/server/rest/auth-endpoint';

/** Single use; every session of the account ends, including the caller's if it was one. */
export const POST = authEndpoint(async (event, req) => {
	const userId = await resetPassword(await parseJson(ResetPasswordInput, event.request), req);
	if (event.locals.session?.user.id === userId) clearSessionCookie(event.cookies);
	return { status: true };
});

export const fallback = methodNotAllowed('POST');
