import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { monthParam } from '$lib/statement-month';
import { requireAuthor } from '../studio-guard';

export const load: PageServerLoad = async (event) => {
	requireAuthor(event);
	const caller = serverCaller(event);
	const earnings = await caller.studio.earnings.earnings({}).catch(throwPageError);
	// Without ?thang= the newest month with activity, else the last finished one.
	const month = event.url.searchParams.has('thang') ? monthParam(event.url) : (earnings.months[0]?.month ?? monthParam(event.url));
	const statement = await caller.studio.earnings.statement({ month }).catch(throwPageError);
	return { earnings, statement };
};
