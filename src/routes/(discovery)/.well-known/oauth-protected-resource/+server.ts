import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { enabledProviders } from '$lib/server/auth/social/providers';
import { scopeNames } from '$lib/server/discovery/scopes';

/**
 * RFC 9728 protected-resource metadata. There is deliberately no
 * `authorization_servers` member: hoclieu runs no OAuth server and accepts no
 * bearer tokens (docs/api.md#authentication; see /auth.md). The identity providers of social
 * sign-in are not authorization servers for this API (their tokens are never
 * accepted here); the extension member `social_sign_in_providers` names the
 * enabled ones (ADR 019) so a reader need not guess.
 */
export const GET: RequestHandler = () => {
	const origin = config().origin;
	return json(
		{
			resource: origin,
			resource_name: 'hoclieu — kho học liệu cho giáo viên',
			resource_documentation: `${origin}/auth.md`,
			scopes_supported: scopeNames,
			bearer_methods_supported: [],
			social_sign_in_providers: enabledProviders().map((p) => p.id)
		},
		{ headers: { 'cache-control': 'public, max-age=3600' } }
	);
};
