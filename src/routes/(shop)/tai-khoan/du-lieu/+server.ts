/**
 * "Tải dữ liệu của tôi": the account's data as a JSON file. A raw route
 * because the body is a download, not a page; the data comes from the same
 * procedure the typed API offers (account.exportData).
 */
import type { RequestHandler } from './$types';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const GET: RequestHandler = async (event) => {
	requireSignIn(event);
	const data = await serverCaller(event).account.exportData().catch(throwPageError);
	const day = data.exportedAt.slice(0, 10);
	return new Response(JSON.stringify(data, null, 2), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': `attachment; filename="du-lieu-hoclieu-${day}.json"`,
			// Personal data: never kept by a shared cache or the browser's back/forward cache.
			'cache-control': 'no-store'
		}
	});
};
