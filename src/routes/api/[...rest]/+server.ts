import type { RequestHandler } from './$types';
import { handleRest } from '$lib/server/rest/facade';

// Every procedure with a route (/api/v1/*, /api/auth/*, /api/health) is served by the facade (ADR 010);
// the few raw routes (/api/trpc, /api/internal/*, the bank webhook) are more specific and win.
// `/api/v1/catalog/categories/` (root listing) differs from `/api/v1/catalog/categories` (tree).
export const trailingSlash = 'ignore';

export const fallback: RequestHandler = (event) => handleRest(event);
