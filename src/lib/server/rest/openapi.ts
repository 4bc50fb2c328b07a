/**
 * /openapi.json, generated from the same route table the facade serves
 * (docs/architecture.md#rest-facade): parameters and bodies from the input schemas, the
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
import { errorStatus, type ErrorCode } from '../errors/codes';
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

/** The music quota 429 (POST /api/v1/music/{id}/download) carries the quota next to code and message. */
const quotaMembers = {
	used: z.number().int().min(0).optional().describe('quota_exceeded: downloads used in the current window'),
	limit: z
		.union([z.number().int().min(0), z.literal('unlimited')])
		.optional()
		.describe('quota_exceeded: downloads allowed per window'),
	resetsAt: z.iso.datetime().optional().describe('quota_exceeded: start of the next window')
};

/** The contract's error envelope, one named component every error response builds on. */
const ErrorBody = z
	.looseObject({
		code: z.string().describe('Stable snake_case machine code; each response lists the codes it can carry'),
		message: z.string().describe('Human-readable message, usually Vietnamese'),
		details: z.record(z.string(), z.unknown()).optional().describe('Structured context, e.g. field-level reasons'),
		trace: z.string().optional().describe('Internal trace id, only outside production'),
		request_id: z.string().optional().describe('Correlation id, only in development')
	})
	.meta({ id: 'Error' });
const ErrorEnvelope = z.object({ error: ErrorBody }).meta({ id: 'ErrorEnvelope' });

/** ErrorEnvelope narrowed to the codes this status can carry (allOf keeps the named component). */
function errorEnvelope(codes: readonly ErrorCode[]) {
	const narrowed = z.object({
		error: z.looseObject({
			code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
			...(codes.includes('quota_exceeded') ? quotaMembers : {})
		})
	});
	return z.intersection(ErrorEnvelope, narrowed);
}

const LEGACY_CODES = ['unauthorized', 'service_unavailable', 'internal', 'validation_error', 'quota_exceeded', 'not_found'] as const;

const LegacyError = z.object({ code: z.string(), message: z.string() }).meta({ id: 'LegacyError', description: 'The error shape of the older download routes.' });

function legacyError(codes: readonly string[]) {
	return z.intersection(LegacyError, z.object({ code: z.enum(codes as [string, ...string[]]) }));
}

function legacyCodeFor(code: ErrorCode, status: number): string {
	if (code === 'unauthenticated') return 'unauthorized';
	if (status === 503) return 'service_unavailable';
	if ((LEGACY_CODES as readonly string[]).includes(code)) return code;
	return status >= 500 ? 'internal' : code;
}

/** Drops the redirect member (`{ redirect }`, `{ moved }`) of a union output; the 308 is documented separately. */
function withoutRedirect(schema: unknown): z.ZodType {
	const s = schema as z.ZodType & { _zod: { def: { type: string; options?: z.ZodType[] } } };
	if (s._zod.def.type !== 'union' || !s._zod.def.options) return s;
	const kept = s._zod.def.options.filter((o) => {
		const keys = Object.keys(objectShape(o));
		return !(keys.length === 1 && (keys[0] === 'redirect' || keys[0] === 'moved'));
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

/**
 * An error status that carries one code answers alike on every route (500
 * internal, 503 service_unavailable, 401 unauthenticated, …): one named
 * response component instead of a copy per operation, which kept the
 * document (and every client generated from it) a third smaller. The same
 * object is reused so zod-openapi registers it once.
 */
const sharedResponses = new Map<string, ZodOpenApiResponseObject>();

function sharedErrorResponse(codes: ErrorCode[]): ZodOpenApiResponseObject | undefined {
	if (codes.length !== 1) return undefined;
	const code = codes[0]!;
	let response = sharedResponses.get(code);
	if (!response) {
		// Named after the code alone: a code has one status (errors/codes.ts).
		response = {
			id: code.replace(/(^|_)(\w)/g, (_, __: string, c: string) => c.toUpperCase()),
			description: STATUS_TEXT[errorStatus[code]] ?? 'Error',
			content: { 'application/json': { schema: errorEnvelope(codes) } }
		};
		sharedResponses.set(code, response);
	}
	return response;
}

type Requirement = Record<string, string[]>;
const anonymous: Requirement = {};
const session: Requirement = { sessionCookie: [] };

/**
 * Security requirements carry no scopes: OpenAPI gives scopes meaning only for
 * OAuth2/OpenID schemes, and ours are cookies. The docs/api.md#authentication scope names go to
 * `x-scopes` instead. The order-access cookie is not a security scheme: its name
 * carries the order id (`order_access_<orderId>`), which no scheme name can
 * express, and generated clients reject a templated name as a header name. The
 * operation says "session or anonymous" and describes the cookie in words.
 */
const SECURITY: Record<AuthRequirement, Requirement[]> = {
	none: [],
	token: [],
	'optional-session': [anonymous, session],
	session: [session],
	staff: [session],
	author: [session],
	'session-or-guest': [session, anonymous],
	'session-or-order-cookie': [session, anonymous]
};

const ORDER_COOKIE_NOTE =
	'Without a session, send the `order_access_<orderId>` cookie that POST /api/v1/checkout set (a browser does this by itself; other clients pass it in a `Cookie` header). Without either the answer is 404.';

/**
 * Every error a route can answer, by status: what its meta lists plus what
 * every route of its kind can answer. Each code sits under its own status
 * (errors/codes.ts), the one the facade answers with.
 */
function allErrors(route: Route): Map<number, ErrorCode[]> {
	const { meta } = route;
	const errors = new Map<number, ErrorCode[]>();
	const add = (...codes: ErrorCode[]) => {
		for (const c of codes) {
			const list = errors.get(errorStatus[c]) ?? [];
			if (!list.includes(c)) list.push(c);
			errors.set(errorStatus[c], list);
		}
	};
	for (const codes of Object.values(meta.errors)) add(...(codes ?? []));
	if (route.input) add('validation_error');
	if (meta.auth === 'session' || meta.auth === 'staff' || meta.auth === 'author') add('unauthenticated');
	if (meta.auth === 'staff' || meta.auth === 'author') add('forbidden'); // signed in without the role
	if (meta.rateLimit) add('rate_limited');
	if (meta.method !== 'GET') {
		add('forbidden'); // same-origin check on every mutation
		add('payload_too_large');
		add('unsupported_media_type');
	}
	add('internal');
	add('service_unavailable');
	return new Map([...errors.entries()].sort(([a], [b]) => a - b));
}

const httpCacheHeaders = {
	ETag: { description: 'Strong validator of the body (`-gzip`/`-br` appended when the body is compressed); send it back in `If-None-Match` to get 304.', schema: { type: 'string' } },
	'Cache-Control': {
		description: 'Anonymous: `public, max-age=…, stale-while-revalidate=…`. With a session cookie: `private, no-cache`.',
		schema: { type: 'string' }
	},
	Vary: { description: 'Includes `Cookie`: anonymous and signed-in answers are cached apart.', schema: { type: 'string' } }
};

function operationDescription(meta: OpenApiRouteMeta): { description?: string } {
	const parts = [meta.description, meta.auth === 'session-or-order-cookie' ? ORDER_COOKIE_NOTE : undefined].filter(Boolean);
	return parts.length ? { description: parts.join('\n\n') } : {};
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
	if (meta.rateLimit) Object.assign(successHeaders, rateLimitHeaders);
	if (meta.idempotent) {
		successHeaders['Idempotent-Replayed'] = {
			description: '`true` when the response is the first result of an earlier request with the same Idempotency-Key.',
			schema: { type: 'string', enum: ['true'] }
		};
	}
	if (meta.httpCache) Object.assign(successHeaders, httpCacheHeaders);
	if (meta.setsCookies?.length) {
		successHeaders['Set-Cookie'] = { description: `Sets ${meta.setsCookies.join(', ')}`, schema: { type: 'string' } };
	}
	for (const [name, description] of Object.entries(meta.responseHeaders ?? {})) successHeaders[name] = { description, schema: { type: 'string' } };
	if (meta.deprecated) {
		const h = deprecationHeaders(meta.deprecated, origin);
		successHeaders.Deprecation = { description: 'RFC 9745 deprecation date', schema: { type: 'string', example: h.Deprecation } };
		successHeaders.Sunset = { description: 'RFC 8594 sunset date', schema: { type: 'string', example: h.Sunset } };
	}

	const responses: Record<string, ZodOpenApiResponseObject> = {};
	// A route that always redirects (the emailed sign-in link) answers no 200.
	if (meta.redirectStatus !== 303) {
		responses['200'] = {
			description: 'Success',
			headers: successHeaders as never,
			content:
				meta.envelope === 'stream' && meta.fileTypes
					? Object.fromEntries(meta.fileTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]))
					: meta.envelope === 'stream'
					? { 'text/event-stream': { schema: z.string().describe('Server-Sent Events (the WHATWG HTML event stream format)'), ...(meta.example !== undefined ? { example: meta.example } : {}) } }
					: { 'application/json': { schema: successSchema(meta, route.output), ...(meta.example !== undefined ? { example: successExample(meta) } : {}) } }
		};
	}
	for (const [status, other] of Object.entries(meta.otherResponses ?? {})) {
		const headers = Object.fromEntries(Object.entries(other.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
		responses[status] = {
			description: other.description,
			...(other.headers ? { headers: headers as never } : {}),
			...(other.schema ? { content: { 'application/json': { schema: other.schema as z.ZodType } } } : {})
		};
	}
	if (meta.httpCache) {
		responses['304'] = {
			description: 'Not Modified: `If-None-Match` matched the current `ETag`; reuse the stored answer.',
			headers: httpCacheHeaders as never
		};
	}
	if (meta.redirectStatus === 303) {
		const redirectHeaders = Object.fromEntries(Object.keys(meta.redirectHeaders ?? {}).map((name) => [name, { description: `\`${meta.redirectHeaders![name]}\``, schema: { type: 'string' } }]));
		responses['303'] = {
			description: 'Signed in (or, for browsers, refused): continue at the Location target.',
			headers: {
				Location: { description: 'A path of this site', schema: { type: 'string' } },
				...(meta.setsCookies?.length ? { 'Set-Cookie': { description: `Sets ${meta.setsCookies.join(', ')}`, schema: { type: 'string' } } } : {}),
				...redirectHeaders
			} as never
		};
	} else if (meta.redirects) {
		responses['308'] = {
			description: 'Historical alias: retry at the Location target.',
			headers: { Location: { description: 'The current path', schema: { type: 'string' } } } as never
		};
	}
	for (const [status, codes] of allErrors(route)) {
		const legacy = meta.errorShape === 'legacy' && !(status === 429 && codes.includes('quota_exceeded'));
		const shared = !legacy && status !== 429 ? sharedErrorResponse(codes) : undefined;
		if (shared) {
			responses[String(status)] = shared;
			continue;
		}
		const schema = legacy ? legacyError([...new Set(codes.map((c) => legacyCodeFor(c, status)))]) : errorEnvelope(codes);
		responses[String(status)] = {
			description: STATUS_TEXT[status] ?? 'Error',
			...(status === 429
				? { headers: { ...(meta.rateLimit ? rateLimitHeaders : {}), 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } } as never }
				: {}),
			content: { 'application/json': { schema } }
		};
	}

	const headerParams: Record<string, z.ZodType> = {};
	for (const [name, description] of Object.entries(meta.requestHeaders ?? {})) headerParams[name] = z.string().optional().describe(description);
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
		...operationDescription(meta),
		tags: [...meta.tags],
		...(meta.deprecated ? { deprecated: true } : {}),
		security: SECURITY[meta.auth],
		// The declared requirement itself (policies/enforce.ts): tells `staff` from `author`, which share the session scheme.
		'x-auth': meta.auth,
		...(meta.scopes?.length ? { 'x-scopes': [...meta.scopes] } : {}),
		requestParams: {
			...(path ? { path } : {}),
			...(meta.method === 'GET' && hasRest ? { query: rest } : {}),
			...(Object.keys(headerParams).length ? { header: z.object(headerParams) } : {})
		},
		...(meta.method !== 'GET' && hasRest ? { requestBody: { required: true, content: { 'application/json': { schema: rest } } } } : {}),
		responses
	};
}

/** Every tag gets a description (a tag added without one here gets a generic line, so lint stays clean). */
const TAG_DESCRIPTIONS: Record<string, string> = {
	System: 'The health probe (GET /api/health), outside the /api/v1 prefix.',
	Auth: 'Registration, sign-in and the session (docs/api.md#authentication), outside the /api/v1 prefix: each sign-in sets the `auth.session_data` cookie the other operations need. Limited per email address and per IP.',
	Catalog: 'Category tree, category listings and product detail. Anonymous; readable from any site.',
	Search: 'Full-text product search with filters and cursor paging. Anonymous and rate limited (RateLimit-* headers).',
	'Top-up': 'Wallet top-up: denominations (anonymous), then top-up orders paid by bank transfer (QR), with promo codes and Idempotency-Key.',
	Wallet: 'The signed-in account\'s wallet: balance (main and bonus pockets) and its append-only ledger.',
	'Gift codes': 'Redeeming a gift code into the wallet.',
	Events:
		'The signed-in account\'s live events as Server-Sent Events: new notifications and conversation messages the moment they commit, on whichever instance, resumable with `Last-Event-ID`.',
	Notifications:
		'The signed-in account\'s notifications (payments, refunds, short transfers, decisions on submissions and reports, sales, payouts, staff work) and marking them read. Ids only grow.',
	Messages:
		'Conversations between two parties: a signed-in account asks about a product (its author answers, or staff for house-catalog products) or writes to support (one shared staff inbox). Plain-text messages of 1–4 000 characters, cursor paging, read marks and unread counts. Only the two parties can read a conversation (staff also once it is reported): anyone else gets 404. New conversations and messages are rate limited per account and per IP.',
	Checkout:
		'Buying one product: by QR bank transfer, from the wallet, or free; guests with an email. Orders are polled with the session or the order-access cookie.',
	Cart:
		'The cart (signed in, or a guest by its `cart` cookie) and one payment for all of it: one QR transfer, the wallet, or free; one order per line.',
	Downloads: 'Download links for purchased products, and the exchange of a download token for one.',
	Music: 'Music products: the monthly download quota and quota-counted downloads.',
	Reports:
		'Reporting a product on sale (not part of the public contract): takedown notices from rights holders, theft and content reports. Signed in or not; rate limited. Staff review every report.',
	Admin:
		'Staff tooling (not part of the public contract). Requires the session cookie of an account with the `staff` role: anonymous callers get 401 `unauthenticated`, other accounts 403 `forbidden`. Every change writes an append-only audit row.',
	Studio:
		'Author studio (not part of the public contract). Requires the session cookie of an account with the `author` (or `staff`) role: anonymous callers get 401 `unauthenticated`, other accounts 403 `forbidden`.'
};

function documentTags(routes: Route[]) {
	const names = [...new Set(routes.filter((r) => !r.meta.internal).flatMap((r) => r.meta.tags))].sort();
	return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `${name} operations.` }));
}

/**
 * Responses stay open to additive fields (spec: clients ignore unknown members):
 * zod renders output objects with `additionalProperties: false`, which would make
 * generated validators reject a new field. Request schemas are left exactly as
 * zod renders them for input (the facade's parsing is unchanged).
 */
function openResponses(ctx: { io: 'input' | 'output'; jsonSchema: { additionalProperties?: unknown } }): void {
	if (ctx.io === 'output' && ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
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
			contact: { name: 'hoclieu developers', url: `${origin}/developers` },
			license: { name: 'Proprietary', url: `${origin}/developers` }
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
				}
			}
		}
	}, { override: openResponses }); // see openResponses
}
