import { redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { paths } from '$lib/paths';
import { CreateTicketInput } from '$lib/contracts/support';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const load: PageServerLoad = (event) => {
	const user = event.locals.session?.user ?? null;
	return { requester: user ? { name: user.name ?? '', email: user.email } : null };
};

export const actions = {
	// Signed in, the request opens (or continues) a conversation with support, answered on /tin-nhan;
	// a visitor's stays a ticket answered by mail.
	default: async (event) => {
		if (event.locals.session) {
			const started = await formAction(event, CreateTicketInput, (input) =>
				serverCaller(event).conversations.start({ toSupport: true, body: `${input.subject}\n\n${input.message}` })
			);
			if (!started.ok) return started.failure;
			redirect(303, paths.conversation(started.value.conversation.id));
		}
		const outcome = await formAction(event, CreateTicketInput, (input) => serverCaller(event).support.create(input));
		return outcome.ok ? { created: outcome.value } : outcome.failure;
	}
} satisfies Actions;
