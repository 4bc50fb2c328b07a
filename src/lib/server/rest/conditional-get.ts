/**
 * HTTP caching of catalog reads (issue 15, item 3; docs/architecture.md#reads-from-memory). Routes
 * whose meta says `httpCache: true` answer a GET with:
 * - a strong `ETag` (SHA-256 of the exact body bytes; a compressed body gets
 *   the same tag with `-gzip`/`-br` appended, see http/compression.ts) and 304
 *   Not Modified to an `If-None-Match` that names either (weak comparison,
 *   RFC 9110 13.1.2); the 304 carries the tag the client holds;
 * - `Cache-Control: public, max-age=…, stale-while-revalidate=…` when the
 *   request carries no session, so browsers and a CDN can keep the answer,
 *   and `Cache-Control: private, no-cache` when it does (`isPurchased` is per
 *   user; the browser may keep it but revalidates every time);
 * - `Vary: Cookie` on both, so a shared cache never hands one to the other.
 * Only 200 answers are touched: errors and 308 redirects keep `no-store`.
 */
import { BytesResponse } from './bytes-response';
import type { ServeEvent } from '../http/serve-event';
import { createHash } from 'node:crypto';
import { config } from '../config';

/** The suffix compression adds to a strong tag of the compressed bytes. */
const ENCODED_SUFFIX = /-(?:gzip|br)"$/;

function addVary(headers: Headers, field: string): void {
	const vary = headers.get('vary');
	if (!vary) headers.set('vary', field);
	else if (!vary.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase())) headers.set('vary', `${vary}, ${field}`);
}

/** The opaque tags of an If-None-Match value, without W/ (weak comparison); '*' matches anything. */
export function ifNoneMatchTags(value: string): string[] {
	const tags: string[] = [];
	for (const m of value.matchAll(/\s*(?:(\*)|(?:W\/)?("[^"]*"))\s*(?:,|$)/g)) tags.push(m[1] ?? m[2]!);
	return tags;
}

/** The tag of `If-None-Match` that matches `etag` (or its compressed variant), or '*'; undefined when none does. */
export function heldTag(ifNoneMatch: string, etag: string): string | undefined {
	const plain = etag.replace(ENCODED_SUFFIX, '"');
	return ifNoneMatchTags(ifNoneMatch).find((tag) => tag === '*' || tag.replace(ENCODED_SUFFIX, '"') === plain);
}

export function strongEtag(body: Uint8Array): string {
	return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function cacheControl(signedIn: boolean): string {
	if (signedIn) return 'private, no-cache';
	const { httpMaxAgeSeconds, httpStaleWhileRevalidateSeconds } = config().catalogCache;
	return `public, max-age=${httpMaxAgeSeconds}, stale-while-revalidate=${httpStaleWhileRevalidateSeconds}`;
}

/**
 * A cacheable route's 200 answer from its serialised body (serialised once, by
 * the facade): the ETag of those bytes, the caching headers, or a 304 when the
 * client already holds them.
 */
export function cacheableAnswer(event: ServeEvent, body: string, headers: Headers): Response {
	const bytes = new TextEncoder().encode(body);
	const etag = strongEtag(bytes);
	headers.set('etag', etag);
	headers.set('cache-control', cacheControl(event.locals.session !== null));
	addVary(headers, 'Cookie');
	const ifNoneMatch = event.request.headers.get('if-none-match');
	const held = ifNoneMatch ? heldTag(ifNoneMatch, etag) : undefined;
	if (held) {
		if (held !== '*') headers.set('etag', held);
		headers.delete('content-type');
		headers.delete('content-length');
		return new Response(null, { status: 304, headers });
	}
	return new BytesResponse(bytes, { status: 200, headers });
}
