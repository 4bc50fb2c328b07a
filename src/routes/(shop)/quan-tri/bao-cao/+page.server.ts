import type { PageServerLoad } from './$types';
import { reportKinds, reportStatuses } from '$lib/contracts/reports';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined => (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** `?trang-thai=` and `?loai=` filter the queue (links: no JavaScript needed, survives reloads). */
export const load: PageServerLoad = async (event) => {
	const status = pick(reportStatuses, event.url.searchParams.get('trang-thai'));
	const kind = pick(reportKinds, event.url.searchParams.get('loai'));
	const page = await serverCaller(event).admin.reports.list({ status, kind }).catch(throwPageError);
	return { status: status ?? null, kind: kind ?? null, page };
};
