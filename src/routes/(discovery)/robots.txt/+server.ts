import type { RequestHandler } from './$types';
import { privatePaths } from '$lib/paths';
import { config } from '$lib/server/config';

/** Catalog pages are for crawlers; accounts, checkout and API mutations are not. */
export const GET: RequestHandler = () => {
	const lines = [
		'User-agent: *',
		'Allow: /',
		'Allow: /api/v1/catalog/',
		...privatePaths.map((p) => `Disallow: ${p}`),
		'Disallow: /api/auth/',
		'Disallow: /api/internal/',
		'Disallow: /api/trpc/',
		'Disallow: /api/payments/',
		'Disallow: /api/v1/checkout',
		'Disallow: /api/v1/cart',
		'Disallow: /api/v1/topup/orders',
		'Disallow: /api/v1/wallet/',
		'Disallow: /api/v1/giftcode/',
		'Disallow: /api/v1/promos/',
		'Disallow: /api/v1/topup/promos/',
		'Disallow: /api/v1/music/',
		'Disallow: /api/v1/downloads/',
		'Disallow: /files/',
		'',
		`Sitemap: ${config().origin}/sitemap.xml`,
		''
	];
	return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
