import type { RequestHandler } from './$types';
import { handleRest } from '$lib/server/rest/facade';

// `/api/v1/catalog/categories/` (root listing) differs from `/api/v1/catalog/categories` (tree).
export const trailingSlash = 'ignore';

export const fallback: RequestHandler = (event) => handleRest(event);
