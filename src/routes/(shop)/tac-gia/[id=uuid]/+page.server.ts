import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => ({
	page: await serverCaller(event).authors.page({ id: event.params.id }).catch(throwPageError)
});
