import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { sitemapXml } from '$lib/server/discovery/sitemap';

export const GET: RequestHandler = async () =>
	new Response(await sitemapXml(config().origin), {
		headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' }
	});
