import type { PageServerLoad } from './$types';
import { ProductStatusValue } from '$lib/contracts/studio';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const q = event.url.searchParams.get('q')?.trim() ?? '';
	const parsed = ProductStatusValue.safeParse(event.url.searchParams.get('trang-thai'));
	const status = parsed.success ? parsed.data : undefined;
	const list = await serverCaller(event)
		.admin.products({ q: q || undefined, status })
		.catch(throwPageError);
	return { q, status: status ?? '', list };
};
