import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { ResetPasswordInput } from '$lib/contracts/auth';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { paths } from '$lib/paths';

const ResetForm = ResetPasswordInput.extend({ confirmPassword: z.string({ error: 'Vui lòng nhập lại mật khẩu.' }) }).refine(
	(f) => f.newPassword === f.confirmPassword,
	{ path: ['confirmPassword'], message: 'Mật khẩu nhập lại không khớp.' }
);

/** The token arrives in the emailed link; it is only checked (and spent) when the form is sent. */
export const load: PageServerLoad = ({ url }) => ({ token: url.searchParams.get('token') });

export const actions = {
	default: async (event) => {
		// The procedure clears the caller's cookie when the reset ended its own session.
		const result = await formAction(event, ResetForm, ({ token, newPassword }) => serverCaller(event).auth.resetPassword({ token, newPassword }));
		if (!result.ok) return result.failure;
		redirect(303, `${paths.signIn}?da-dat-lai=1`);
	}
} satisfies Actions;
