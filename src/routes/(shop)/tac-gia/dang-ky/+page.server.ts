import { redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { ApplyInput } from '$lib/contracts/studio';
import { formAction } from '$lib/server/forms';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { studioPaths } from '$lib/studio-paths';
import { verifyEmailActions } from '$lib/server/verify-email-actions';

export const load: PageServerLoad = (event) => {
	const session = requireSignIn(event);
	return { email: session.user.email, emailVerified: session.user.emailVerified, isAuthor: session.user.role !== 'customer' };
};

export const actions = {
	...verifyEmailActions,
	apply: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, ApplyInput, (input) => serverCaller(event).studio.applyAsAuthor(input));
		if (!outcome.ok) return outcome.failure;
		redirect(303, studioPaths.studio);
	}
} satisfies Actions;
