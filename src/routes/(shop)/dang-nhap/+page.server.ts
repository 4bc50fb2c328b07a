import { redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { isSafeRedirectPath, MagicLinkInput, OtpSendInput, OtpVerifyInput, RedirectPath, SignInInput } from '$lib/contracts/auth';
import { signInWithPassword } from '$lib/server/auth/accounts';
import { requestMagicLink } from '$lib/server/auth/magic-link';
import { sendSignInOtp, verifySignInOtp } from '$lib/server/auth/otp';
import { formAction, startBrowserSession } from '$lib/server/forms';

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

export const load: PageServerLoad = ({ url }) => {
	const returnTo = url.searchParams.get('returnTo');
	const method = url.searchParams.get('cach');
	return {
		method: (methods as readonly string[]).includes(method ?? '') ? (method as SignInMethod) : 'mat-khau',
		returnTo: returnTo && isSafeRedirectPath(returnTo) ? returnTo : null,
		linkProblem: linkProblem(url.searchParams.get('loi'), url.searchParams.get('ly-do')),
		passwordReset: url.searchParams.has('da-dat-lai')
	};
};

const returnTo = { returnTo: RedirectPath.optional() };

export const actions = {
	password: async (event) => {
		const result = await formAction(event, SignInInput.extend(returnTo), async (input, req) => ({
			signedIn: await signInWithPassword(input, req),
			returnTo: input.returnTo
		}));
		if (!result.ok) return result.failure;
		startBrowserSession(event, result.value.signedIn);
		redirect(303, result.value.returnTo ?? '/');
	},

	sendCode: async (event) => {
		const result = await formAction(event, OtpSendInput.extend(returnTo), async (input, req) => {
			await sendSignInOtp(input, req);
			// Carried into the code step: a form post without JavaScript loses the page's query.
			return { codeSentTo: input.email, returnTo: input.returnTo ?? null };
		});
		return result.ok ? result.value : result.failure;
	},

	verifyCode: async (event) => {
		const result = await formAction(event, OtpVerifyInput.extend(returnTo), async (input, req) => ({
			signedIn: await verifySignInOtp(input, req),
			returnTo: input.returnTo
		}));
		if (!result.ok) return result.failure;
		startBrowserSession(event, result.value.signedIn);
		redirect(303, result.value.returnTo ?? '/');
	},

	magicLink: async (event) => {
		const result = await formAction(event, MagicLinkInput.omit({ callbackURL: true }).extend(returnTo), async (input, req) => {
			await requestMagicLink({ email: input.email, callbackURL: input.returnTo }, req);
			return { linkSentTo: input.email };
		});
		return result.ok ? result.value : result.failure;
	}
} satisfies Actions;
