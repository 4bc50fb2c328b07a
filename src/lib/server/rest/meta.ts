/**
 * Route metadata every public procedure carries (docs/architecture.md#rest-facade): the REST
 * facade builds its route table from it and /openapi.json is generated from it.
 */
import type { ClassifiedError } from '../errors/classify';
import type { ErrorsByStatus } from '../errors/codes';
import type { PolicyMeta } from '../policies/enforce';

export type { AuthRequirement, RateLimitDeclaration, RateLimitRule } from '../policies/enforce';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - object: `{ data, requestId? }`
 * - list: the procedure returns `{ items, nextCursor, hasMore, ...extra }` → `{ data: items, nextCursor, hasMore, ...extra }`
 * - raw: the procedure's object as it is (music quota and download grant)
 * - stream: the procedure answers a `Response` of its own, sent as it is (the `text/event-stream` of /api/v1/events)
 */
export type Envelope = 'object' | 'list' | 'raw' | 'stream';

/** `redirects` of procedures whose result `{ redirect: path }` names a path of this site to continue at. */
export function redirectMember(result: unknown): string | undefined {
	const r = result as { redirect?: unknown } | null;
	return typeof r === 'object' && r !== null && typeof r.redirect === 'string' ? r.redirect : undefined;
}

export interface Deprecation {
	/** ISO date of the first response carrying `Deprecation`. */
	since: string;
	/** ISO date after which the endpoint may be removed (≥ 6 months after `since`). */
	sunset: string;
	/** Where clients should move to. */
	replacement?: string;
}

/**
 * What a route declares. The policies (`auth`, `rateLimit`, `sameOrigin`,
 * `idempotent`) come from `PolicyMeta`, typed from the map of their enforcers
 * (policies.ts): each one declared here is enforced by the base procedure.
 */
export type OpenApiRouteMeta = DocumentedRouteMeta & PolicyMeta;

interface DocumentedRouteMeta {
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
	/** A `stream` route that answers a file instead of events: the media types it may have (documented as binary). */
	fileTypes?: readonly string[];
	/** `legacy` = flat `{ code, message }` errors (music quota route). */
	errorShape?: 'standard' | 'legacy';
	/** Documented error codes by HTTP status, each only under its own (errors/codes.ts); the OpenAPI document lists them as enums. */
	errors: ErrorsByStatus;
	/** Documentation scopes of docs/api.md#authentication (e.g. `catalog:read`); listed in security requirements. */
	scopes?: readonly string[];
	/**
	 * The procedure may answer a result that is a redirect on the REST surface
	 * (308 + Location, or `redirectStatus`): this maps the procedure's domain
	 * result to the Location, undefined for an ordinary answer.
	 */
	redirects?: (result: unknown) => string | undefined;
	/** The status of a `{ redirect }` answer when it is not 308 (303 for the emailed sign-in link). */
	redirectStatus?: 303;
	/** Headers on every redirect the route answers, its failures' included. */
	redirectHeaders?: Record<string, string>;
	/** Browsers (`Accept: text/html`) get 303 to this page instead of an error envelope. */
	browserErrorRedirect?: (error: ClassifiedError) => string;
	/** Success responses other than 200 and the error envelopes (the health probe's 503, a 303), for the document. */
	otherResponses?: Record<number, { description: string; schema?: unknown; headers?: Record<string, string> }>;
	/** Optional request headers the route reads (name → description), for the document. */
	requestHeaders?: Record<string, string>;
	/** Headers every success response carries (name → description), for the document. */
	responseHeaders?: Record<string, string>;
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
	/** The policies of a procedure without a REST route (storefront-only), enforced the same way. */
	policies?: PolicyMeta;
}
