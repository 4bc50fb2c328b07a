import { redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { isSafeRedirectPath, MagicLinkInput, OtpSendInput, OtpVerifyInput, RedirectPath, SignInInput } from '$lib/contracts/auth';
import { enabledProviders } from '$lib/server/auth/social/providers';
import { socialProblem } from '$lib/server/auth/social/messages';
import { paths } from '$lib/paths';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

const methods = ['mat-khau', 'ma', 'lien-ket'] as const;
type SignInMethod = (typeof methods)[number];

/** Why opening an emailed link failed (the link's GET redirects here with `loi` and `ly-do`). */
function linkProblem(code: string | null, reason: string | null): string | null {
	if (!code) return null;
	if (code === 'invalid_token' && reason === 'used')
		return 'Liên kết đăng nhập này đã được sử dụng. Mỗi liên kết chỉ dùng được một lần — hãy yêu cầu liên kết mới bên dưới.';
	if (code === 'invalid_token' && reason === 'expired') return 'Liên kết đăng nhập đã hết hạn. Hãy yêu cầu liên kết mới bên dưới.';
	if (code === 'invalid_token') return 'Liên kết đăng nhập không hợp lệ hoặc đã được thay bằng liên kết mới hơn. Hãy dùng liên kết trong email gần nhất.';
	if (code === 'validation_error') return 'Liên kết đăng nhập không hợp lệ. Hãy mở lại liên kết trong email hoặc yêu cầu liên kết mới.';
	if (code === 'rate_limited') return 'Bạn đã thử quá nhiều lần. Vui lòng đợi ít phút rồi thử lại.';
	return 'Không thể đăng nhập bằng liên kết lúc này. Vui lòng thử lại sau ít phút.';
}

export const load: PageServerLoad = ({ url, locals }) => {
	const returnTo = url.searchParams.get('returnTo');
	// Someone already signed in has nothing to do here: on to where they were going.
	if (locals.session) redirect(303, returnTo && isSafeRedirectPath(returnTo) ? returnTo : '/');
	const method = url.searchParams.get('cach');
	return {
		socialProviders: enabledProviders(),
		socialProblem: socialProblem(url.searchParams.get('mxh-loi'), url.searchParams.get('ly-do')),
		method: (methods as readonly string[]).includes(method ?? '') ? (method as SignInMethod) : 'mat-khau',
		returnTo: returnTo && isSafeRedirectPath(returnTo) ? returnTo : null,
		linkProblem: linkProblem(url.searchParams.get('loi'), url.searchParams.get('ly-do')),
		passwordReset: url.searchParams.has('da-dat-lai'),
		// Opened a verification link signed out (auth/email-verification.ts): signing in finishes it.
		verifyFirst: url.searchParams.has('xac-minh')
	};
};

const returnTo = { returnTo: RedirectPath.optional() };

// Every action calls the /api/auth procedures (same limits and errors; a sign-in sets the session cookie).

export const actions = {
	password: async (event) => {
		const result = await formAction(event, SignInInput.extend(returnTo), async ({ email, password, returnTo }) => {
			await serverCaller(event).auth.signIn({ email, password });
			return { returnTo };
		});
		if (!result.ok) return result.failure;
		redirect(303, result.value.returnTo ?? '/');
	},

	sendCode: async (event) => {
		const result = await formAction(event, OtpSendInput.extend(returnTo), async (input) => {
			await serverCaller(event).auth.emailOtp({ email: input.email });
			// Carried into the code step: a form post without JavaScript loses the page's query.
			return { codeSentTo: input.email, returnTo: input.returnTo ?? null };
		});
		return result.ok ? result.value : result.failure;
	},

	verifyCode: async (event) => {
		const result = await formAction(event, OtpVerifyInput.extend(returnTo), async ({ email, otp, returnTo }) => {
			const signedIn = await serverCaller(event).auth.emailOtp({ email, otp });
			return { returnTo, passwordRemoved: 'passwordRemoved' in signedIn && signedIn.passwordRemoved === true };
		});
		if (!result.ok) return result.failure;
		const next = result.value.returnTo ?? '/';
		// The code proved an address whose account had a password nobody had proven: it is gone, and the account page says why.
		redirect(303, result.value.passwordRemoved ? paths.passwordDropped(next) : next);
	},

	magicLink: async (event) => {
		const result = await formAction(event, MagicLinkInput.omit({ callbackURL: true }).extend(returnTo), async (input) => {
			await serverCaller(event).auth.requestMagicLink({ email: input.email, callbackURL: input.returnTo });
			return { linkSentTo: input.email };
		});
		return result.ok ? result.value : result.failure;
	}
} satisfies Actions;
