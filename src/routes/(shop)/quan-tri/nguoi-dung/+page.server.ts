import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const q = event.url.searchParams.get('q')?.trim() ?? '';
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const page = await serverCaller(event)
		.admin.users({ q: q || undefined, cursor, pageSize: 20 })
		.catch(throwPageError);
	return { q, page };
};
