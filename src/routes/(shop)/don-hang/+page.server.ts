import type { PageServerLoad } from './$types';
import { statusFromSlug } from '$lib/order-labels';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const PAGE_SIZE = 10;

/**
 * `?trang-thai=` filters by status (links, so the filter works without JavaScript and survives reloads);
 * `?sau=` is the no-JavaScript "Xem thêm" (the page after that cursor).
 */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const api = serverCaller(event);
	const status = statusFromSlug(event.url.searchParams.get('trang-thai'));
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	// A cursor that is not this list's (edited, or from another filter) is the 400 REST clients get, not a 500.
	const page = await api.checkout.list({ pageSize: PAGE_SIZE, status, cursor }).catch(throwPageError);
	const ids = [...new Set(page.items.map((o) => o.productId))];
	const products = ids.length ? await api.accountPages.productLinks({ ids }) : [];
	return { status: status ?? null, page, products, pageSize: PAGE_SIZE };
};
