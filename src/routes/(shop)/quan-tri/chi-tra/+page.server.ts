import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { MarkPayoutInput } from '$lib/contracts/statements';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { monthParam } from '$lib/statement-month';

export const load: PageServerLoad = async (event) => {
	const month = monthParam(event.url);
	const list = await serverCaller(event).admin.payouts.list({ month }).catch(throwPageError);
	return { list };
};

/** The second confirmation after a recent change of the author's bank account is a checkbox. */
const MarkPayoutForm = MarkPayoutInput.extend({
	confirmNewPayoutDetails: z
		.literal('yes')
		.optional()
		.transform((v) => v === 'yes')
});

export const actions = {
	mark: async (event) => {
		const outcome = await formAction(event, MarkPayoutForm, (input) => serverCaller(event).admin.payouts.mark(input));
		return outcome.ok ? { done: outcome.value } : outcome.failure;
	}
} satisfies Actions;
