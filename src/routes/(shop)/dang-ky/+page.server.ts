import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { isSafeRedirectPath, RedirectPath, SignUpInput } from '$lib/contracts/auth';
import { signUp } from '$lib/server/auth/accounts';
import { formAction, startBrowserSession } from '$lib/server/forms';

const SignUpForm = SignUpInput.extend({ confirmPassword: z.string({ error: 'Vui lòng nhập lại mật khẩu.' }), returnTo: RedirectPath.optional() }).refine(
	(f) => f.password === f.confirmPassword,
	{ path: ['confirmPassword'], message: 'Mật khẩu nhập lại không khớp.' }
);

export const load: PageServerLoad = ({ url }) => {
	const returnTo = url.searchParams.get('returnTo');
	return { returnTo: returnTo && isSafeRedirectPath(returnTo) ? returnTo : null };
};

export const actions = {
	default: async (event) => {
		const result = await formAction(event, SignUpForm, async (input, req) => ({
			signedIn: await signUp({ email: input.email, password: input.password, name: input.name }, req),
			returnTo: input.returnTo
		}));
		if (!result.ok) return result.failure;
		startBrowserSession(event, result.value.signedIn);
		redirect(303, result.value.returnTo ?? '/');
	}
} satisfies Actions;
