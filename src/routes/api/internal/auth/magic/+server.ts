import { MagicLinkInput } from '$lib/contracts/auth';
import { requestMagicLink } from '$lib/server/auth/magic-link';
import { authEndpoint, methodNotAllowed, parseJson } from '$lib/server/rest/auth-endpoint';

/** UI wrapper of `POST /api/auth/sign-in/magic-link`. */
export const POST = authEndpoint(async (event, req) => {
	await requestMagicLink(await parseJson(MagicLinkInput, event.request), req);
	return { status: true };
});

export const fallback = methodNotAllowed('POST');
