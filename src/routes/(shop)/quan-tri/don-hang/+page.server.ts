import type { PageServerLoad } from './$types';
import { statusFromSlug } from '$lib/order-labels';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const q = event.url.searchParams.get('q')?.trim() ?? '';
	const status = statusFromSlug(event.url.searchParams.get('trang-thai'));
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const page = await serverCaller(event)
		.admin.money.orders({ q: q || undefined, status, cursor, pageSize: 20 })
		.catch(throwPageError);
	return { q, status: status ?? null, page };
};
