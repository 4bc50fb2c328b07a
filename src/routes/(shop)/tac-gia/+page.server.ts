import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { requireAuthor } from './studio-guard';

export const load: PageServerLoad = async (event) => {
	const session = requireAuthor(event);
	const api = serverCaller(event);
	const [products, quota] = await Promise.all([api.studio.products(), api.studio.quota()]).catch(throwPageError);
	return { products: products.items, quota, userId: session.user.id };
};
