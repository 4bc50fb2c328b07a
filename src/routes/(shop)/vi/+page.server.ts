import type { PageServerLoad } from './$types';
import { describeError } from '$lib/errors';
import { nowMs } from '$lib/server/platform/clock';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';

/** `?nap=<id>` keeps a top-up in progress across reloads: the page resumes its QR and polling. */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const api = serverCaller(event);
	const topupId = event.url.searchParams.get('nap');
	const [balance, ledger, denominations, bankTransfer, topup] = await Promise.all([
		api.wallet.balance({}),
		api.wallet.ledger({ pageSize: 10 }),
		api.topup.denominations({}),
		api.storefront.bankTransfer(),
		topupId
			? api.topup.getOrder({ id: topupId }).catch((error: unknown) => {
					// Someone else's or a mistyped id: show the picker, not an error page.
					if (describeError(error).code === 'not_found') return null;
					throw error;
				})
			: Promise.resolve(null)
	]);
	return { balance, ledger, denominations, bankTransfer, topup, serverNow: nowMs() };
};
