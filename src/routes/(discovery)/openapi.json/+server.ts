import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { openApiDocument } from '$lib/server/rest/openapi-document';

let cached: string | undefined;

export const GET: RequestHandler = () => {
	cached ??= JSON.stringify(openApiDocument(config().origin));
	return new Response(cached, {
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' }
	});
};
