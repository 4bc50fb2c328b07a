import { ForgetPasswordInput } from '$lib/contracts/auth';
import { requestPasswordReset } from '$lib/server/auth/password-reset';
import { authEndpoint, methodNotAllowed, parseJson } from '$lib/server/rest/auth-endpoint';

/** Always the same 200, whether or not the account exists. */
export const POST = authEndpoint(async (event, req) => {
	await requestPasswordReset(await parseJson(ForgetPasswordInput, event.request), req);
	return { status: true };
});

export const fallback = methodNotAllowed('POST');
