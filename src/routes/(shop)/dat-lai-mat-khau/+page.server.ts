import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { ResetPasswordInput } from '$lib/contracts/auth';
import { resetPassword } from '$lib/server/auth/password-reset';
import { clearSessionCookie } from '$lib/server/auth/session';
import { formAction } from '$lib/server/forms';
import { paths } from '$lib/paths';

const ResetForm = ResetPasswordInput.extend({ confirmPassword: z.string({ error: 'Vui lòng nhập lại mật khẩu.' }) }).refine(
	(f) => f.newPassword === f.confirmPassword,
	{ path: ['confirmPassword'], message: 'Mật khẩu nhập lại không khớp.' }
);

/** The token arrives in the emailed link; it is only checked (and spent) when the form is sent. */
export const load: PageServerLoad = ({ url }) => ({ token: url.searchParams.get('token') });

export const actions = {
	default: async (event) => {
		const result = await formAction(event, ResetForm, (input, req) => resetPassword(input, req));
		if (!result.ok) return result.failure;
		if (event.locals.session?.user.id === result.value) clearSessionCookie(event.cookies);
		redirect(303, `${paths.signIn}?da-dat-lai=1`);
	}
} satisfies Actions;
