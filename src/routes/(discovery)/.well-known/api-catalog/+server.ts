import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';

/** RFC 9727 API catalog: one linkset entry for /api/v1. */
const CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

function headers(origin: string): HeadersInit {
	return {
		'content-type': CONTENT_TYPE,
		link: `<${origin}/.well-known/api-catalog>; rel="api-catalog"`,
		'cache-control': 'public, max-age=3600'
	};
}

export const GET: RequestHandler = () => {
	const origin = config().origin;
	const body = {
		linkset: [
			{
				anchor: `${origin}/api/v1`,
				'service-desc': [{ href: `${origin}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
				'service-doc': [{ href: `${origin}/api-docs`, type: 'text/html' }],
				'service-meta': [{ href: `${origin}/.well-known/oauth-protected-resource`, type: 'application/json' }],
				status: [{ href: `${origin}/api/health`, type: 'application/json' }]
			}
		]
	};
	return new Response(JSON.stringify(body), { headers: headers(origin) });
};

export const HEAD: RequestHandler = () => new Response(null, { headers: headers(config().origin) });
