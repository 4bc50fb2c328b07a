import type { PageServerLoad } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const FILTERS = ['actorId', 'action', 'targetType', 'targetId'] as const;

/** The form sends dates (yyyy-mm-dd, Vietnam time); the procedure takes instants. */
function dayStart(value: string | null, plusDays = 0): string | undefined {
	if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
	const at = new Date(`${value}T00:00:00+07:00`);
	if (Number.isNaN(at.getTime())) return undefined;
	return new Date(at.getTime() + plusDays * 86_400_000).toISOString();
}

export const load: PageServerLoad = async (event) => {
	const params = event.url.searchParams;
	const filters: Record<string, string> = {};
	for (const name of FILTERS) {
		const value = params.get(name)?.trim();
		if (value) filters[name] = value;
	}
	const fromDay = params.get('tu') ?? '';
	const toDay = params.get('den') ?? '';
	const page = await serverCaller(event)
		.admin.audit({
			...filters,
			from: dayStart(fromDay),
			to: dayStart(toDay, 1),
			cursor: params.get('sau') ?? undefined,
			pageSize: 30
		})
		.catch(throwPageError);
	return { filters, fromDay, toDay, page };
};
