/**
 * /openapi.json, generated from the same route table the facade serves
 * (architecture D2): parameters and bodies from the input schemas, the
 * enveloped success body from the output schema, every documented error
 * status with its code enum, RateLimit/Retry-After headers, cookie security
 * schemes and deprecation flags.
 */
import { z } from 'zod';
import {
	createDocument,
	type ZodOpenApiOperationObject,
	type ZodOpenApiPathsObject,
	type ZodOpenApiResponseObject
} from 'zod-openapi';
import type { ErrorCode } from '../errors/app-error';
import { objectShape } from './coerce';
import { deprecationHeaders } from './deprecation';
import type { AuthRequirement, OpenApiRouteMeta } from './meta';
import { openApiPath, type Route } from './route-table';

const API_VERSION = '1.0.0';

const rateLimitHeaders = {
	'RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'integer' } },
	'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
	'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } }
} as const;

const STATUS_TEXT: Record<number, string> = {
	400: 'Malformed or invalid input',
	401: 'No valid session',
	403: 'Forbidden',
	404: 'Not found',
	405: 'Method not allowed',
	409: 'Conflict',
	413: 'Request body too large',
	415: 'Request body is not JSON',
	422: 'State violation',
	429: 'Rate limited',
	500: 'Unexpected server error',
	503: 'Dependency unavailable'
};

/** The music quota 429 (spec 4.18) carries the quota next to code and message. */
const quotaMembers = {
	used: z.number().int().min(0).optional().describe('quota_exceeded: downloads used in the current window'),
	limit: z
		.union([z.number().int().min(0), z.literal('unlimited')])
		.optional()
		.describe('quota_exceeded: downloads allowed per window'),
	resetsAt: z.iso.datetime().optional().describe('quota_exceeded: start of the next window')
};

function errorEnvelope(codes: readonly ErrorCode[]) {
	return z.object({
		error: z
			.looseObject({
				code: z.enum(codes as [ErrorCode, ...ErrorCode[]]).describe('Stable snake_case machine code'),
				message: z.string().describe('Human-readable message, usually Vietnamese'),
				details: z.record(z.string(), z.unknown()).optional().describe('Structured context, e.g. field-level reasons'),
				trace: z.string().optional().describe('Internal trace id, only outside production'),
				request_id: z.string().optional().describe('Correlation id, only in development'),
				...(codes.includes('quota_exceeded') ? quotaMembers : {})
			})
	});
}

const LEGACY_CODES = ['unauthorized', 'service_unavailable', 'internal', 'validation_error', 'quota_exceeded', 'not_found'] as const;

function legacyError(codes: readonly string[]) {
	return z.object({ code: z.enum(codes as [string, ...string[]]), message: z.string() });
}

function legacyCodeFor(code: ErrorCode, status: number): string {
	if (code === 'unauthenticated') return 'unauthorized';
	if (status === 503) return 'service_unavailable';
	if ((LEGACY_CODES as readonly string[]).includes(code)) return code;
	return status >= 500 ? 'internal' : code;
}

/** Drops the `{ redirect }` member of a union output; the 308 is documented separately. */
function withoutRedirect(schema: unknown): z.ZodType {
	const s = schema as z.ZodType & { _zod: { def: { type: string; options?: z.ZodType[] } } };
	if (s._zod.def.type !== 'union' || !s._zod.def.options) return s;
	const kept = s._zod.def.options.filter((o) => {
		const keys = Object.keys(objectShape(o));
		return !(keys.length === 1 && keys[0] === 'redirect');
	});
	return kept.length === 1 ? kept[0]! : z.union(kept as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

function successSchema(meta: OpenApiRouteMeta, output: unknown): z.ZodType {
	const body = withoutRedirect(output ?? z.unknown());
	const requestId = z.string().optional().describe('Correlation id, only in development');
	if (meta.envelope === 'raw') return body;
	if (meta.envelope === 'list') {
		const { items, nextCursor, hasMore, ...extra } = objectShape(body) as Record<string, z.ZodType>;
		return z.object({ data: items ?? z.array(z.unknown()), nextCursor: nextCursor ?? z.string().nullable(), hasMore: hasMore ?? z.boolean(), ...extra, requestId });
	}
	return z.object({ data: body, requestId });
}

function successExample(meta: OpenApiRouteMeta): unknown {
	if (meta.example === undefined) return undefined;
	if (meta.envelope === 'raw') return meta.example;
	if (meta.envelope === 'list') {
		const { items, ...rest } = meta.example as { items: unknown[] };
		return { data: items, ...rest };
	}
	return { data: meta.example };
}

type Requirement = Record<string, string[]>;
const anonymous: Requirement = {};

const SECURITY: Record<AuthRequirement, (scopes: string[]) => Requirement[]> = {
	none: () => [],
	token: () => [],
	'optional-session': (s) => [anonymous, { sessionCookie: s }],
	session: (s) => [{ sessionCookie: s }],
	staff: (s) => [{ sessionCookie: s }],
	author: (s) => [{ sessionCookie: s }],
	'session-or-guest': (s) => [{ sessionCookie: s }, anonymous],
	'session-or-order-cookie': (s) => [{ sessionCookie: s } as Requirement, { orderAccessCookie: s }]
};

/** Error statuses every route can answer, beyond what its meta lists. */
function allErrors(route: Route): Map<number, ErrorCode[]> {
	const { meta } = route;
	const errors = new Map<number, ErrorCode[]>();
	const add = (status: number, ...codes: ErrorCode[]) => {
		const list = errors.get(status) ?? [];
		for (const c of codes) if (!list.includes(c)) list.push(c);
		errors.set(status, list);
	};
	for (const [status, codes] of Object.entries(meta.errors)) add(Number(status), ...(codes ?? []));
	if (route.input) add(400, 'validation_error');
	if (meta.auth === 'session' || meta.auth === 'staff' || meta.auth === 'author') add(401, 'unauthenticated');
	if (meta.auth === 'staff' || meta.auth === 'author') add(403, 'forbidden'); // signed in without the role
	if (meta.rateLimited) add(429, 'rate_limited');
	if (meta.method !== 'GET') {
		add(403, 'forbidden'); // same-origin check on every mutation
		add(413, 'payload_too_large');
		add(415, 'unsupported_media_type');
	}
	add(500, 'internal');
	add(503, 'service_unavailable');
	return new Map([...errors.entries()].sort(([a], [b]) => a - b));
}

function operation(route: Route, origin: string): ZodOpenApiOperationObject {
	const { meta } = route;
	const shape = objectShape(route.input) as Record<string, z.ZodType>;
	const pathNames = new Set(route.params.map((p) => p.name));
	const pick = (keep: (k: string) => boolean) =>
		z.object(Object.fromEntries(Object.entries(shape).filter(([k]) => keep(k))));
	const path = pathNames.size ? pick((k) => pathNames.has(k)) : undefined;
	const rest = pick((k) => !pathNames.has(k));
	const hasRest = Object.keys(objectShape(rest)).length > 0;

	const successHeaders: Record<string, unknown> = {};
	if (meta.rateLimited) Object.assign(successHeaders, rateLimitHeaders);
	if (meta.idempotent) {
		successHeaders['Idempotent-Replayed'] = {
			description: '`true` when the response is the first result of an earlier request with the same Idempotency-Key.',
			schema: { type: 'string', enum: ['true'] }
		};
	}
	if (meta.setsCookies?.length) {
		successHeaders['Set-Cookie'] = { description: `Sets ${meta.setsCookies.join(', ')}`, schema: { type: 'string' } };
	}
	if (meta.deprecated) {
		const h = deprecationHeaders(meta.deprecated, origin);
		successHeaders.Deprecation = { description: 'RFC 9745 deprecation date', schema: { type: 'string', example: h.Deprecation } };
		successHeaders.Sunset = { description: 'RFC 8594 sunset date', schema: { type: 'string', example: h.Sunset } };
	}

	const responses: Record<string, ZodOpenApiResponseObject> = {
		200: {
			description: 'Success',
			headers: successHeaders as never,
			content: { 'application/json': { schema: successSchema(meta, route.output), ...(meta.example !== undefined ? { example: successExample(meta) } : {}) } }
		}
	};
	if (meta.redirects) {
		responses['308'] = {
			description: 'Historical alias: retry at the Location target.',
			headers: { Location: { description: 'The current path', schema: { type: 'string' } } } as never
		};
	}
	for (const [status, codes] of allErrors(route)) {
		const legacy = meta.errorShape === 'legacy' && !(status === 429 && codes.includes('quota_exceeded'));
		const schema = legacy ? legacyError([...new Set(codes.map((c) => legacyCodeFor(c, status)))]) : errorEnvelope(codes);
		responses[String(status)] = {
			description: STATUS_TEXT[status] ?? 'Error',
			...(status === 429
				? { headers: { ...(meta.rateLimited ? rateLimitHeaders : {}), 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } } as never }
				: {}),
			content: { 'application/json': { schema } }
		};
	}

	const headerParams: Record<string, z.ZodType> = {};
	if (meta.idempotent) {
		headerParams['Idempotency-Key'] = z
			.string()
			.min(1)
			.max(255)
			.optional()
			.describe('Retrying with the same key returns the first result instead of creating a second order; the same key with a different body is refused with 422.');
	}

	return {
		operationId: route.procedurePath.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()),
		summary: meta.summary,
		...(meta.description ? { description: meta.description } : {}),
		tags: [...meta.tags],
		...(meta.deprecated ? { deprecated: true } : {}),
		security: SECURITY[meta.auth](meta.scopes ? [...meta.scopes] : []),
		requestParams: {
			...(path ? { path } : {}),
			...(meta.method === 'GET' && hasRest ? { query: rest } : {}),
			...(Object.keys(headerParams).length ? { header: z.object(headerParams) } : {})
		},
		...(meta.method !== 'GET' && hasRest ? { requestBody: { required: true, content: { 'application/json': { schema: rest } } } } : {}),
		responses
	};
}

/** Tags with a description; every other tag used by a route is listed by name. */
const TAG_DESCRIPTIONS: Record<string, string> = {
	Admin:
		'Staff tooling (not part of the public contract). Requires the session cookie of an account with the `staff` role: anonymous callers get 401 `unauthenticated`, other accounts 403 `forbidden`. Every change writes an append-only audit row.',
	Studio:
		'Author studio (not part of the public contract). Requires the session cookie of an account with the `author` (or `staff`) role: anonymous callers get 401 `unauthenticated`, other accounts 403 `forbidden`.'
};

function documentTags(routes: Route[]) {
	const names = [...new Set(routes.filter((r) => !r.meta.internal).flatMap((r) => r.meta.tags))].sort();
	return names.map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }));
}

export interface DocumentOptions {
	origin: string;
}

export function buildOpenApiDocument(routes: Route[], { origin }: DocumentOptions) {
	const paths: ZodOpenApiPathsObject = {};
	for (const route of routes) {
		if (route.meta.internal) continue;
		const p = openApiPath(route.meta.path);
		paths[p] = { ...(paths[p] ?? {}), [route.method.toLowerCase()]: operation(route, origin) };
	}
	return createDocument({
		openapi: '3.1.0',
		info: {
			title: 'hoclieu API',
			version: API_VERSION,
			description:
				'Marketplace for Vietnamese K-12 teaching resources. Catalog and search are anonymous. Everything else uses the `auth.session_data` session cookie obtained through the /api/auth flows (see /auth.md). Mutations pass a same-origin check. Anonymous GETs (catalog, search, top-up denominations) and the discovery documents may be read from any site (CORS `Access-Control-Allow-Origin: *` without credentials, RateLimit-* and X-Request-Id exposed); everything that uses the session cookie stays same-origin. Errors use `{ error: { code, message, details? } }`.',
			contact: { name: 'hoclieu developers', url: `${origin}/developers` }
		},
		servers: [{ url: origin }],
		tags: documentTags(routes),
		paths,
		components: {
			securitySchemes: {
				sessionCookie: {
					type: 'apiKey',
					in: 'cookie',
					name: 'auth.session_data',
					description: 'HMAC-signed session cookie (30 days) set by the /api/auth sign-in flows. Not a bearer token.'
				},
				orderAccessCookie: {
					type: 'apiKey',
					in: 'cookie',
					name: 'order_access_<orderId>',
					description: 'Short-lived HMAC-signed cookie set by POST /api/v1/checkout; authorises polling of that one order.'
				}
			}
		}
	});
}
