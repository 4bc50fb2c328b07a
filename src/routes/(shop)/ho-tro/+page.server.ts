import type { Actions, PageServerLoad } from './$types';
import { CreateTicketInput } from '$lib/contracts/support';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const load: PageServerLoad = (event) => {
	const user = event.locals.session?.user ?? null;
	return { requester: user ? { name: user.name ?? '', email: user.email } : null };
};

export const actions = {
	// The support procedure decides where the answer goes: the account's address when signed in.
	default: async (event) => {
		const outcome = await formAction(event, CreateTicketInput, (input) => serverCaller(event).support.create(input));
		return outcome.ok ? { created: outcome.value } : outcome.failure;
	}
} satisfies Actions;
