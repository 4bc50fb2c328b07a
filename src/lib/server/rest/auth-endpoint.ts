/**
 * The plumbing of the raw /api/internal/auth/* UI wrappers (the /api/auth/*
 * routes themselves are procedures served by the facade, ADR 010): JSON body parsing with the contract's
 * schemas, the standard error envelope, RateLimit-* headers on every answer,
 * and the session cookie on successful sign-in.
 */
import type { Cookies, RequestEvent, RequestHandler } from '@sveltejs/kit';
import type { z } from 'zod';
import { sessionResponse, type SignedIn } from '../auth/accounts';
import type { AuthRequest } from '../auth/request';
import { setSessionCookie } from '../auth/session';
import { AppError } from '../errors/app-error';
import { readJsonBody } from './body';
import { errorResponse, json, withHeaders } from './envelope';

export function authRequest(event: Pick<RequestEvent, 'locals' | 'request'>): AuthRequest {
	return {
		ip: event.locals.clientIp,
		userAgent: event.request.headers.get('user-agent'),
		currentSessionId: event.locals.session?.id ?? null,
		responseHeaders: new Headers()
	};
}

/** Parses the JSON body with a contract schema; zod failures become 400 `validation_error`. */
export async function parseJson<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
	const body = await readJsonBody(request);
	if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
		throw new AppError('validation_error', 'Nội dung gửi lên phải là một đối tượng JSON.');
	}
	return schema.parse(body ?? {});
}

/** Sets the session cookie and answers the session JSON (the body of every successful sign-in). */
export function signedInBody(cookies: Cookies, signedIn: SignedIn) {
	setSessionCookie(cookies, signedIn.token, signedIn.expiresAt);
	return sessionResponse(signedIn.user, signedIn.expiresAt);
}

type Handler = (event: RequestEvent, req: AuthRequest) => Promise<Response | object | null>;

/** Wraps a handler: plain results become 200 JSON, anything thrown becomes the error envelope. */
export function authEndpoint(handler: Handler): RequestHandler {
	return async (event) => {
		const req = authRequest(event);
		try {
			const result = await handler(event, req);
			const response = result instanceof Response ? result : json(result, 200);
			return withHeaders(response, req.responseHeaders);
		} catch (error) {
			return errorResponse(error, event.locals.requestId, 'standard', req.responseHeaders);
		}
	};
}

/** `fallback` export: other methods get 405 with the envelope and `Allow`, not SvelteKit's text. */
export function methodNotAllowed(...allow: string[]): RequestHandler {
	return (event) => {
		const response = errorResponse(
			new AppError('method_not_allowed', `Phương thức ${event.request.method} không được hỗ trợ ở đường dẫn này.`),
			event.locals.requestId
		);
		response.headers.set('Allow', allow.join(', '));
		return response;
	};
}
