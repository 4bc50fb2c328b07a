import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { isSafeRedirectPath, RedirectPath, SignUpInput } from '$lib/contracts/auth';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

const SignUpForm = SignUpInput.extend({ confirmPassword: z.string({ error: 'Vui lòng nhập lại mật khẩu.' }), returnTo: RedirectPath.optional() }).refine(
	(f) => f.password === f.confirmPassword,
	{ path: ['confirmPassword'], message: 'Mật khẩu nhập lại không khớp.' }
);

export const load: PageServerLoad = ({ url, locals }) => {
	const returnTo = url.searchParams.get('returnTo');
	const safe = returnTo && isSafeRedirectPath(returnTo) ? returnTo : null;
	// Someone already signed in has nothing to do here: on to where they were going.
	if (locals.session) redirect(303, safe ?? '/');
	return { returnTo: safe };
};

export const actions = {
	default: async (event) => {
		// The sign-up procedure of /api/auth/sign-up/email: it sets the session cookie.
		const result = await formAction(event, SignUpForm, async (input) => {
			await serverCaller(event).auth.signUp({ email: input.email, password: input.password, name: input.name, callbackURL: input.returnTo });
			return { returnTo: input.returnTo };
		});
		if (!result.ok) return result.failure;
		redirect(303, result.value.returnTo ?? '/');
	}
} satisfies Actions;
