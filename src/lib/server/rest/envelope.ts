/**
 * Bodies of REST responses (docs/api.md#conventions and #errors).
 */
import type { RequestHandler } from '@sveltejs/kit';
import { config } from '../config';
import { AppError } from '../errors/app-error';
import { classifyError, type ClassifiedError } from '../errors/classify';
import { errorStatus, type ErrorCode } from '../errors/codes';
import { BytesResponse } from './bytes-response';
import type { Envelope } from './meta';

export interface ListResult {
	items: unknown[];
	nextCursor: string | null;
	hasMore: boolean;
	[extra: string]: unknown;
}

/** `requestId` goes into the body in development only, and never when undefined (see the facade's cacheable answers). */
export function successBody(envelope: Envelope, result: unknown, requestId: string | undefined): unknown {
	const dev = config().isDevelopment && requestId !== undefined;
	if (envelope === 'raw' || envelope === 'stream') return result;
	if (envelope === 'list') {
		const { items, nextCursor, hasMore, ...extra } = result as ListResult;
		return { data: items, nextCursor, hasMore, ...extra, ...(dev ? { requestId } : {}) };
	}
	return { data: result, ...(dev ? { requestId } : {}) };
}

/** The legacy flat shape only knows these codes (docs/api.md#errors). */
function legacyCode(c: ClassifiedError): string {
	if (c.code === 'unauthenticated') return 'unauthorized';
	if (c.status === 503) return 'service_unavailable';
	if (['validation_error', 'quota_exceeded', 'not_found'].includes(c.code)) return c.code;
	return c.status >= 500 ? 'internal' : c.code;
}

export function errorBody(c: ClassifiedError, requestId: string, shape: 'standard' | 'legacy' = 'standard'): unknown {
	const cfg = config();
	if (shape === 'legacy') return { code: legacyCode(c), message: c.message };
	return {
		error: {
			code: c.code,
			message: c.message,
			...(c.details ? { details: c.details } : {}),
			...(c.extra ?? {}),
			...(cfg.isProduction ? {} : { trace: requestId }),
			...(cfg.isDevelopment ? { request_id: requestId } : {})
		}
	};
}

/** A JSON answer's headers: `headers` plus the content type, and `no-store` unless they say otherwise. */
export function jsonHeaders(headers?: HeadersInit): Headers {
	const h = new Headers(headers);
	h.set('content-type', 'application/json; charset=utf-8');
	h.set('cache-control', h.get('cache-control') ?? 'no-store');
	return h;
}

/**
 * The body goes in as UTF-8 bytes: given a string, the Response copies it once
 * more to make it well-formed (JSON.stringify's output always is) and encodes
 * it in a second pass; the copy alone was 6.6 % of what a cold search allocated.
 * The front writes those bytes as they are (./bytes-response.ts): reading them
 * back through a body stream cost 5–6 % of a signed-in read's CPU.
 */
export function json(body: unknown, status: number, headers?: HeadersInit): Response {
	return new BytesResponse(Buffer.from(JSON.stringify(body)), { status, headers: jsonHeaders(headers) });
}

export function withHeaders(response: Response, ...sources: (Headers | Record<string, string>)[]): Response {
	for (const source of sources) {
		const entries = source instanceof Headers ? [...source.entries()] : Object.entries(source);
		for (const [k, v] of entries) response.headers.set(k, v);
	}
	return response;
}

/** Anything thrown → the contract's error response, with Retry-After on 429 and the caller's headers. */
export function errorResponse(
	error: unknown,
	requestId: string,
	shape: 'standard' | 'legacy' = 'standard',
	headers?: Headers
): Response {
	const c = classifyError(error);
	const extraHeaders: Record<string, string> = {};
	if (c.status === 429 && typeof c.details?.retryAfterSeconds === 'number') {
		extraHeaders['Retry-After'] = String(c.details.retryAfterSeconds);
	}
	return withHeaders(json(errorBody(c, requestId, shape), c.status), headers ?? new Headers(), extraHeaders);
}

/** An error answered outside a procedure (hooks, file routes): the status is the code's own (errors/codes.ts). */
export function codeResponse(code: ErrorCode, message: string, requestId: string, headers?: Record<string, string>): Response {
	const status = errorStatus[code];
	return json(errorBody({ status, code, message }, requestId), status, headers);
}

/** 405 in the error envelope with the path's methods in `Allow`: the one answer every HTTP surface gives a wrong method. */
export function methodNotAllowedResponse(method: string, allow: readonly string[], requestId: string): Response {
	const response = errorResponse(new AppError('method_not_allowed', `Phương thức ${method} không được hỗ trợ ở đường dẫn này.`), requestId);
	response.headers.set('Allow', allow.join(', '));
	return response;
}

/** `fallback` export of the raw routes: other methods get 405 with the envelope and `Allow`, not SvelteKit's text. */
export function methodNotAllowed(...allow: string[]): RequestHandler {
	return (event) => methodNotAllowedResponse(event.request.method, allow, event.locals.requestId);
}
