import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { requireAuthor } from './studio-guard';

export const load: PageServerLoad = async (event) => {
	const session = requireAuthor(event);
	const products = await serverCaller(event).studio.products().catch(throwPageError);
	return { products: products.items, userId: session.user.id };
};
