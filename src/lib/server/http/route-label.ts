/**
 * The route name metrics and access logs use. SvelteKit's route id is bounded
 * but too coarse for the REST facade (every /api/v1, /api/auth and /api/health
 * call is `/api/[...rest]`), so the facade names the operation it matched, from
 * the route table's path templates — still never a raw path.
 */
import type { ServeEvent } from './serve-event';

const labels = new WeakMap<Request, string>();

export function setRouteLabel(event: ServeEvent, template: string): void {
	labels.set(event.request, template);
}

export function routeLabel(event: ServeEvent): string {
	return labels.get(event.request) ?? event.route.id ?? 'unmatched';
}
