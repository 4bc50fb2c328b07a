import type { RequestEvent } from '@sveltejs/kit';

/**
 * What the server's own request handling (the REST facade, the response cache,
 * finishResponse) reads of SvelteKit's event. A public read answered before
 * SvelteKit (./front.ts) builds just this; SvelteKit's event is one too.
 */
export type ServeEvent = Pick<RequestEvent, 'request' | 'url' | 'locals' | 'cookies' | 'route'>;
