import type { Actions } from './$types';
import { ForgetPasswordInput } from '$lib/contracts/auth';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const actions = {
	default: async (event) => {
		const result = await formAction(event, ForgetPasswordInput, async (input) => {
			await serverCaller(event).auth.forgetPassword(input);
			return { sentTo: input.email };
		});
		return result.ok ? result.value : result.failure;
	}
} satisfies Actions;
