import { redirect } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { requireStaff } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/** The reviewer's link to the submitted file: the staff procedure signs a storage URL, the browser follows it. */
export const GET: RequestHandler = async (event) => {
	requireStaff(event);
	// `?tep=<file id>`: one of several sold files; without it, the primary one.
	const fileId = event.url.searchParams.get('tep') ?? undefined;
	const file = await serverCaller(event).admin.productFile({ id: event.params.id, fileId }).catch(throwPageError);
	redirect(303, file.url);
};
