import type { PageServerLoad } from './$types';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';

const PAGE_SIZE = 20;

/** `?q=` searches the titles (a GET form: works without JavaScript, survives reloads); `?sau=` is the no-JavaScript "Xem thêm". */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const q = (event.url.searchParams.get('q') ?? '').trim().slice(0, 100);
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const page = await serverCaller(event).storefront.library({ q: q || undefined, cursor, pageSize: PAGE_SIZE });
	return { q, page, pageSize: PAGE_SIZE };
};
