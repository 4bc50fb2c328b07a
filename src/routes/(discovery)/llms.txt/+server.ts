import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { llmsTxt } from '$lib/server/discovery/documents';

export const GET: RequestHandler = () =>
	new Response(llmsTxt(config().origin), {
		headers: { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'public, max-age=300' }
	});
