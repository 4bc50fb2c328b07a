import type { PageServerLoad } from './$types';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	return { items: await serverCaller(event).wishlist.list() };
};
