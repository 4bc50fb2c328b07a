import { config } from '$lib/server/config';
import { apiReference } from '$lib/server/discovery/api-reference';
import type { PageServerLoad } from './$types';

// Plain HTML: <details> open and anchors jump without a script, so the page is usable as it arrives.
export const csr = false;

export const load: PageServerLoad = ({ setHeaders }) => {
	setHeaders({ 'cache-control': 'public, max-age=300' });
	return { reference: apiReference(config().origin) };
};
