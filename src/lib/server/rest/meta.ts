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
 * What a route declares: how it is served (`ServedRouteMeta`), who may call it and how often
 * (`PolicyMeta`, typed from the map of their enforcers in ../policies/enforce.ts: each one declared
 * here is enforced by the base procedure), and what /openapi.json says about it (`RouteDocs`). A
 * router states the first two beside its handler; the documentation lives in the router's
 * `<router>.docs.ts` sibling (docs/architecture.md#one-route-builder).
 */
export type OpenApiRouteMeta = ServedRouteMeta & PolicyMeta & RouteDocs;

/** The part of a route's meta the server acts on: where the route is, what it answers, how. */
export interface ServedRouteMeta {
	method: HttpMethod;
	/**
	 * Full path. `{name}` is one segment; `{...name}` may contain slashes (and be
	 * empty unless the input schema forbids it).
	 */
	path: `/api/${string}`;
	envelope: Envelope;
	/** `legacy` = flat `{ code, message }` errors (music quota route). */
	errorShape?: 'standard' | 'legacy';
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
	/** 200 answers carry ETag, Cache-Control (public when anonymous) and Vary: Cookie, and answer 304 to If-None-Match (rest/conditional-get.ts). */
	httpCache?: boolean;
	/** Response cookies the route sets, e.g. `order_access_<orderId>` (documented, and such answers are never served from the front cache). */
	setsCookies?: string[];
	deprecated?: Deprecation;
	/** Hidden from /openapi.json (test-only procedures). */
	internal?: boolean;
}

/** What /openapi.json says about a route; a router's `<router>.docs.ts` holds one per documented procedure. */
export interface RouteDocs {
	summary: string;
	description?: string;
	tags: readonly string[];
	/** Documented error codes by HTTP status, each only under its own (errors/codes.ts); the OpenAPI document lists them as enums. */
	errors: ErrorsByStatus;
	/** Documentation scopes of docs/api.md#authentication (e.g. `catalog:read`); listed in security requirements. */
	scopes?: readonly string[];
	/** Example success payload for the document (before enveloping). */
	example?: unknown;
	/** A `stream` route that answers a file instead of events: the media types it may have (documented as binary). */
	fileTypes?: readonly string[];
	/** Success responses other than 200 and the error envelopes (the health probe's 503, a 303), for the document. */
	otherResponses?: Record<number, { description: string; schema?: unknown; headers?: Record<string, string> }>;
	/** Optional request headers the route reads (name → description), for the document. */
	requestHeaders?: Record<string, string>;
	/** Headers every success response carries (name → description), for the document. */
	responseHeaders?: Record<string, string>;
}

/** Every key of `RouteDocs`, no other (the type requires each one). */
const docKeys: Record<keyof RouteDocs, true> = {
	summary: true,
	description: true,
	tags: true,
	errors: true,
	scopes: true,
	example: true,
	fileTypes: true,
	otherResponses: true,
	requestHeaders: true,
	responseHeaders: true
};

/**
 * The keys of a route's meta that only document it: /openapi.json (and the pages built from it)
 * read them, the server never does. tests/unit/route-docs.test.ts keeps them out of router files.
 */
export const ROUTE_DOC_KEYS = Object.keys(docKeys) as readonly (keyof RouteDocs)[];

/** The documentation of a router's procedures, by procedure name (`<router>.docs.ts`). */
export type RouterDocs = Record<string, RouteDocs>;

export interface RouteMeta {
	openapi?: OpenApiRouteMeta;
	/** The policies of a procedure without a REST route (storefront-only), enforced the same way. */
	policies?: PolicyMeta;
}
