import type { PageServerLoad } from './$types';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const PAGE_SIZE = 20;

/** `?q=` searches the titles (a GET form: works without JavaScript, survives reloads); `?sau=` is the no-JavaScript "Xem thêm". */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const q = (event.url.searchParams.get('q') ?? '').trim().slice(0, 100);
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	// A cursor that is not this list's (edited, or from another search) is the 400 REST clients get, not a 500.
	const page = await serverCaller(event).storefront.library({ q: q || undefined, cursor, pageSize: PAGE_SIZE }).catch(throwPageError);
	return { q, page, pageSize: PAGE_SIZE };
};
