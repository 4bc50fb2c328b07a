import { SignInInput } from '$lib/contracts/auth';
import { signInWithPassword } from '$lib/server/auth/accounts';
import { authEndpoint, methodNotAllowed, parseJson, signedInBody } from '$lib/server/rest/auth-endpoint';

export const POST = authEndpoint(async (event, req) => {
	const input = await parseJson(SignInInput, event.request);
	return signedInBody(event.cookies, await signInWithPassword(input, req));
});

export const fallback = methodNotAllowed('POST');
