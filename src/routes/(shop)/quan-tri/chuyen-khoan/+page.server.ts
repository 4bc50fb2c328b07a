import type { Actions, PageServerLoad } from './$types';
import { AssignTransferInput, CreditTransferInput } from '$lib/contracts/admin-money';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const transfers = await serverCaller(event).admin.money.unmatchedTransfers().catch(throwPageError);
	return { transfers };
};

// Each form names its transfer in a hidden `id` field; the procedures lock it and resolve it once.
export const actions = {
	assign: async (event) => {
		const outcome = await formAction(event, AssignTransferInput, (input) => serverCaller(event).admin.money.assignTransfer(input));
		return outcome.ok ? { done: outcome.value.note } : outcome.failure;
	},
	credit: async (event) => {
		const outcome = await formAction(event, CreditTransferInput, (input) => serverCaller(event).admin.money.creditTransfer(input));
		return outcome.ok ? { done: outcome.value.note } : outcome.failure;
	}
} satisfies Actions;
