import { fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { paths } from '$lib/paths';
import { classifyError } from '$lib/server/errors/classify';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/**
 * The answer mail's "Tiếp tục trong Tin nhắn" link (src/lib/server/support/continue.ts). Signed out,
 * sign-in brings the person back here. Opening the page changes nothing (mail scanners open links):
 * the button does.
 */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const token = event.url.searchParams.get('t') ?? '';
	const preview = await serverCaller(event).support.continuePreview({ token }).catch(throwPageError);
	return { preview, email: event.locals.session!.user.email };
};

export const actions = {
	default: async (event) => {
		requireSignIn(event);
		const token = event.url.searchParams.get('t') ?? '';
		let conversationId: string;
		try {
			({ conversationId } = await serverCaller(event).support.continue({ token }));
		} catch (error) {
			const c = classifyError(error);
			return fail(c.status, { message: c.message });
		}
		redirect(303, paths.conversation(conversationId));
	}
} satisfies Actions;
