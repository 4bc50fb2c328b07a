/**
 * Route metadata every public procedure carries (architecture D2): the REST
 * facade builds its route table from it and /openapi.json is generated from it.
 */
import type { ErrorsByStatus } from '../errors/codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - object: `{ data, requestId? }`
 * - list: the procedure returns `{ items, nextCursor, hasMore, ...extra }` → `{ data: items, nextCursor, hasMore, ...extra }`
 * - raw: the procedure's object as it is (music quota and download grant)
 */
export type Envelope = 'object' | 'list' | 'raw';

export type AuthRequirement =
	| 'none'
	| 'optional-session'
	| 'session'
	| 'session-or-guest'
	| 'session-or-order-cookie'
	| 'token'
	/** A signed-in account with the `staff` role: anonymous → 401, anyone else → 403. */
	| 'staff'
	/** A signed-in account with the `author` or `staff` role: anonymous → 401, anyone else → 403. */
	| 'author';

export interface Deprecation {
	/** ISO date of the first response carrying `Deprecation`. */
	since: string;
	/** ISO date after which the endpoint may be removed (≥ 6 months after `since`). */
	sunset: string;
	/** Where clients should move to. */
	replacement?: string;
}

export interface OpenApiRouteMeta {
	method: HttpMethod;
	/**
	 * Full path. `{name}` is one segment; `{...name}` may contain slashes (and be
	 * empty unless the input schema forbids it).
	 */
	path: `/api/${string}`;
	summary: string;
	description?: string;
	tags: readonly string[];
	envelope: Envelope;
	/** `legacy` = flat `{ code, message }` errors (music quota route). */
	errorShape?: 'standard' | 'legacy';
	/** Documented error codes by HTTP status, each only under its own (errors/codes.ts); the OpenAPI document lists them as enums. */
	errors: ErrorsByStatus;
	auth: AuthRequirement;
	/** Documentation scopes of spec 5.7 (e.g. `catalog:read`); listed in security requirements. */
	scopes?: readonly string[];
	/** Responses carry RateLimit-* headers; 429 carries Retry-After. */
	rateLimited?: boolean;
	/** Mutations guarded by the same-origin check (spec 5.4). */
	sameOrigin?: boolean;
	/** Accepts an Idempotency-Key header. */
	idempotent?: boolean;
	/** The procedure may answer `{ redirect }`, sent as 308 + Location. */
	redirects?: boolean;
	/** 200 answers carry ETag, Cache-Control (public when anonymous) and Vary: Cookie, and answer 304 to If-None-Match (rest/conditional-get.ts). */
	httpCache?: boolean;
	/** Response cookies documented for this route, e.g. `order_access_<orderId>`. */
	setsCookies?: string[];
	deprecated?: Deprecation;
	/** Hidden from /openapi.json (test-only procedures). */
	internal?: boolean;
	/** Example success payload for the document (before enveloping). */
	example?: unknown;
}

export interface RouteMeta {
	openapi?: OpenApiRouteMeta;
}
