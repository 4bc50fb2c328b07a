import { appRouter } from '../trpc/app-router';
import { buildOpenApiDocument } from './openapi';
import { buildRouteTable } from './route-table';

/** The public document for a given origin (internal test routes are never listed). */
export function openApiDocument(origin: string) {
	return buildOpenApiDocument(buildRouteTable(appRouter), { origin });
}

/**
 * The origin of the committed copy (docs/openapi.json), so diffs show only real
 * changes: the production site, so the committed document lints as deployed.
 */
export const COMMITTED_ORIGIN = 'https://hoclieu.vn';
