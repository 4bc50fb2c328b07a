import type { RequestHandler } from '@sveltejs/kit';
import { MagicLinkInput, MagicLinkVerifyQuery } from '$lib/contracts/auth';
import { requestMagicLink, signInWithMagicLink } from '$lib/server/auth/magic-link';
import { setSessionCookie } from '$lib/server/auth/session';
import { classifyError } from '$lib/server/errors/classify';
import { authEndpoint, authRequest, methodNotAllowed, parseJson } from '$lib/server/rest/auth-endpoint';
import { errorResponse, withHeaders } from '$lib/server/rest/envelope';

/** Emails a sign-in link; the same answer whether or not the account exists. */
export const POST = authEndpoint(async (event, req) => {
	await requestMagicLink(await parseJson(MagicLinkInput, event.request), req);
	return { status: true };
});

function redirectTo(location: string, headers: Headers): Response {
	// The link's token must not travel on in a Referer header.
	return withHeaders(
		new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } }),
		headers
	);
}

/**
 * Opening the emailed link: signs in once and lands on a path of this site.
 * A foreign `callbackURL` is refused before the link is spent. Browsers that
 * fail land on the sign-in page with the reason; API clients get the envelope.
 */
export const GET: RequestHandler = async (event) => {
	const req = authRequest(event);
	try {
		const query = MagicLinkVerifyQuery.parse(Object.fromEntries(event.url.searchParams));
		const signedIn = await signInWithMagicLink(query.token, req);
		setSessionCookie(event.cookies, signedIn.token, signedIn.expiresAt);
		return redirectTo(query.callbackURL ?? query.returnTo ?? '/', req.responseHeaders);
	} catch (error) {
		if (!(event.request.headers.get('accept') ?? '').includes('text/html')) {
			return errorResponse(error, event.locals.requestId, 'standard', req.responseHeaders);
		}
		const c = classifyError(error);
		const page = new URLSearchParams({ cach: 'lien-ket', loi: c.code });
		if (typeof c.details?.reason === 'string') page.set('ly-do', c.details.reason);
		return redirectTo(`/dang-nhap?${page}`, req.responseHeaders);
	}
};

export const fallback = methodNotAllowed('GET', 'HEAD', 'POST');
