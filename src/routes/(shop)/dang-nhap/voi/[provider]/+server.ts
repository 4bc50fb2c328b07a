/**
 * The "Đăng nhập với …" and "Liên kết …" buttons are links here, not forms: the
 * pages' Content-Security-Policy allows forms to post only to this site
 * (`form-action 'self'`), and Chromium applies that to the redirect that
 * follows, so a form could never hand the browser to the provider. This GET
 * starts the flow through the same procedures as `POST /api/auth/sign-in/social`
 * (their same-origin check refuses a start from another site) and sends the
 * browser on to the provider. `?lien-ket` links the provider to the signed-in
 * account instead (ADR 019).
 */
import { redirect } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { isSafeRedirectPath, SocialProviderId } from '$lib/contracts/auth';
import { classifyError } from '$lib/server/errors/classify';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const GET: RequestHandler = async (event) => {
	const provider = SocialProviderId.safeParse(event.params.provider);
	const returnTo = event.url.searchParams.get('returnTo');
	const linking = event.url.searchParams.has('lien-ket');
	const back = linking ? '/tai-khoan' : '/dang-nhap';
	if (!provider.success) redirect(303, `${back}?mxh-loi=not_found`);
	let url: string;
	try {
		const api = serverCaller(event);
		url = linking
			? (await api.auth.uiLinkProvider({ provider: provider.data })).url
			: (await api.auth.socialSignIn({ provider: provider.data, callbackURL: returnTo && isSafeRedirectPath(returnTo) ? returnTo : undefined })).url;
	} catch (error) {
		const c = classifyError(error);
		if (c.code === 'unauthenticated') redirect(303, `/dang-nhap?returnTo=${encodeURIComponent('/tai-khoan')}`);
		redirect(303, `${back}?mxh-loi=${encodeURIComponent(c.code)}`);
	}
	redirect(303, url);
};
