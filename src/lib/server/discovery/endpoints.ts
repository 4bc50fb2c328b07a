/**
 * The public endpoint list for the discovery documents (llms.txt, the
 * developer hub), read from the same route table the facade serves, so the
 * documents cannot drift from the API.
 */
import { openApiPath } from '../rest/route-table';
import { routeTable } from '../rest/facade';
import type { AuthRequirement, Deprecation } from '../rest/meta';

export interface PublicEndpoint {
	method: string;
	path: string;
	summary: string;
	tag: string;
	auth: AuthRequirement;
	rateLimited: boolean;
	deprecated?: Deprecation;
}

export function publicEndpoints(): PublicEndpoint[] {
	return routeTable()
		.filter((r) => !r.meta.internal)
		.map((r) => ({
			method: r.method,
			path: openApiPath(r.meta.path),
			summary: r.meta.summary,
			tag: r.meta.tags[0] ?? 'API',
			auth: r.meta.auth,
			rateLimited: r.meta.rateLimit !== undefined,
			deprecated: r.meta.deprecated
		}))
		.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export const authLabels: Record<AuthRequirement, string> = {
	none: 'anonymous',
	'optional-session': 'anonymous (session optional)',
	session: 'session cookie',
	'session-or-guest': 'session cookie, or guest with consent',
	'session-or-order-cookie': 'session cookie or order-access cookie',
	token: 'download token in the body',
	staff: 'session cookie of a staff account',
	author: 'session cookie of an author (or staff) account'
};
