import type { Actions } from './$types';
import { ForgetPasswordInput } from '$lib/contracts/auth';
import { requestPasswordReset } from '$lib/server/auth/password-reset';
import { formAction } from '$lib/server/forms';

export const actions = {
	default: async (event) => {
		const result = await formAction(event, ForgetPasswordInput, async (input, req) => {
			await requestPasswordReset(input, req);
			return { sentTo: input.email };
		});
		return result.ok ? result.value : result.failure;
	}
} satisfies Actions;
