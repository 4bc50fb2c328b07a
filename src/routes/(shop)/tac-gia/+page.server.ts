import type { Actions, PageServerLoad } from './$types';
import { PayoutDetailsInput } from '$lib/contracts/studio';
import { classifyError } from '$lib/server/errors/classify';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { requireAuthor } from './studio-guard';

export const load: PageServerLoad = async (event) => {
	const session = requireAuthor(event);
	const api = serverCaller(event);
	const [products, quota, payoutDetails] = await Promise.all([
		api.studio.products(),
		api.studio.quota(),
		// Staff may open the studio without ever having applied: no profile, no payout account.
		api.studio.payoutDetails().catch((e: unknown) => (classifyError(e).code === 'not_found' ? null : Promise.reject(e)))
	]).catch(throwPageError);
	return { products: products.items, quota, payoutDetails, userId: session.user.id };
};

export const actions = {
	payoutDetails: async (event) => {
		requireAuthor(event);
		const outcome = await formAction(event, PayoutDetailsInput, (input) => serverCaller(event).studio.updatePayoutDetails(input));
		return outcome.ok ? { payoutSaved: true } : outcome.failure;
	}
} satisfies Actions;
