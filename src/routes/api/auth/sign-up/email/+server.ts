import { SignUpInput } from '$lib/contracts/auth';
import { signUp } from '$lib/server/auth/accounts';
import { authEndpoint, methodNotAllowed, parseJson, signedInBody } from '$lib/server/rest/auth-endpoint';

/** Creates the account and signs in at once (spec 5). */
export const POST = authEndpoint(async (event, req) => {
	const input = await parseJson(SignUpInput, event.request);
	return signedInBody(event.cookies, await signUp(input, req));
});

export const fallback = methodNotAllowed('POST');
