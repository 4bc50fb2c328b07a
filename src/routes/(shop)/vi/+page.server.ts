import type { PageServerLoad } from './$types';
import { describeError } from '$lib/errors';
import { nowMs } from '$lib/server/platform/clock';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const LEDGER_PAGE_SIZE = 10;

/**
 * `?nap=<id>` keeps a top-up in progress across reloads: the page resumes its QR and polling.
 * `?sau=` is the history's no-JavaScript "Xem thêm" (the entries after that cursor).
 */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const api = serverCaller(event);
	const topupId = event.url.searchParams.get('nap');
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const [balance, ledger, denominations, bankTransfer, topup] = await Promise.all([
		api.wallet.balance({}),
		// A cursor that is not the history's is the 400 REST clients get, not a 500.
		api.wallet.ledger({ pageSize: LEDGER_PAGE_SIZE, cursor }).catch(throwPageError),
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
	return { balance, ledger, ledgerPageSize: LEDGER_PAGE_SIZE, denominations, bankTransfer, topup, serverNow: nowMs() };
};
