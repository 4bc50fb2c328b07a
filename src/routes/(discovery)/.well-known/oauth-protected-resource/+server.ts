import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { scopeNames } from '$lib/server/discovery/scopes';

/**
 * RFC 9728 protected-resource metadata. There is deliberately no
 * `authorization_servers` member: hoclieu runs no OAuth server and accepts no
 * bearer tokens (spec 5.1; see /auth.md).
 */
export const GET: RequestHandler = () => {
	const origin = config().origin;
	return json(
		{
			resource: origin,
			resource_name: 'hoclieu — kho học liệu cho giáo viên',
			resource_documentation: `${origin}/auth.md`,
			scopes_supported: scopeNames,
			bearer_methods_supported: []
		},
		{ headers: { 'cache-control': 'public, max-age=3600' } }
	);
};
