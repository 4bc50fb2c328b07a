import type { PageServerLoad } from './$types';
import { supportTicketStatuses } from '$lib/contracts/support';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/** `?trang-thai=` filters the queue (links: no JavaScript needed, survives reloads). */
export const load: PageServerLoad = async (event) => {
	const raw = event.url.searchParams.get('trang-thai');
	const status = supportTicketStatuses.find((s) => s === raw);
	const page = await serverCaller(event).admin.support.list({ status }).catch(throwPageError);
	return { status: status ?? null, page };
};
