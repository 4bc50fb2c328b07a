import type { PageServerLoad } from './$types';
import { conversationStatuses } from '$lib/contracts/conversations';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/** `?trang-thai=` filters the reported conversations (links: no JavaScript needed). */
export const load: PageServerLoad = async (event) => {
	const raw = event.url.searchParams.get('trang-thai');
	const status = conversationStatuses.find((s) => s === raw);
	const page = await serverCaller(event).conversations.staff.reported({ status }).catch(throwPageError);
	return { status: status ?? null, page };
};
