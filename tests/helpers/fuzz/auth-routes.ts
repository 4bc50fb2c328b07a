/**
 * The /api/auth JSON routes (and their /api/internal/auth UI wrappers) are
 * outside /openapi.json (spec 5: "response bodies not shown"). The fuzzer
 * describes them here in the same form: request schemas from the zod
 * contracts the routes parse with, and per status the error codes the routes
 * can answer (src/lib/server/auth, src/lib/server/rest/body.ts), all in the
 * standard envelope.
 */
import { z } from 'zod';
import {
	Acknowledged,
	EmailOtpInput,
	ForgetPasswordInput,
	MagicLinkInput,
	MagicLinkVerifyQuery,
	OtpSendInput,
	OtpVerifyInput,
	ResetPasswordInput,
	SessionResponse,
	SignInInput,
	SignUpInput
} from '../../../src/lib/contracts/auth';
import type { DocumentedResponse, JsonSchema, Operation, Parameter } from './operations';

type Codes = Partial<Record<number, string[]>>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
	const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
	return rest;
}

/** The envelope of section 7, with `code` limited to what the route documents for that status. */
function envelope(codes: string[]): JsonSchema {
	return {
		type: 'object',
		properties: {
			error: {
				type: 'object',
				properties: {
					code: { type: 'string', enum: codes },
					message: { type: 'string', minLength: 1 },
					details: { type: 'object' },
					trace: { type: 'string' },
					request_id: { type: 'string' }
				},
				required: ['code', 'message']
			}
		},
		required: ['error'],
		additionalProperties: false
	};
}

/** Every JSON mutation: the same-origin check, the body reader, the limiter, an unreachable store or database. */
const COMMON: Codes = {
	400: ['validation_error'],
	403: ['forbidden'],
	413: ['payload_too_large'],
	415: ['unsupported_media_type'],
	429: ['rate_limited'],
	503: ['service_unavailable']
};

function route(method: string, path: string, ok: JsonSchema, codes: Codes, input?: z.ZodType, where: 'body' | 'query' = 'body'): Operation {
	const responses = new Map<number, DocumentedResponse>([[200, { schema: ok, headers: [] }]]);
	for (const [status, list] of Object.entries({ ...COMMON, ...codes })) {
		const merged = [...new Set([...(COMMON[Number(status)] ?? []), ...(list ?? [])])];
		responses.set(Number(status), { schema: envelope(merged), headers: [] });
	}
	const schema = input ? jsonSchema(input, 'input') : undefined;
	const params: Parameter[] =
		where === 'query' && schema
			? Object.entries<JsonSchema>(schema.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: (schema.required ?? []).includes(name), schema: s }))
			: [];
	return {
		id: `${method} ${path}`,
		method,
		path,
		params,
		body: where === 'body' ? schema : undefined,
		bodyRequired: where === 'body' && Boolean(schema),
		responses,
		sessionOnly: false
	};
}

const ack = jsonSchema(Acknowledged, 'output');
const session = jsonSchema(SessionResponse, 'output');

export function authOperations(): Operation[] {
	return [
		route('POST', '/api/auth/sign-up/email', session, { 409: ['email_taken'] }, SignUpInput),
		route('POST', '/api/auth/sign-in/email', session, { 401: ['invalid_credentials'] }, SignInInput),
		route('POST', '/api/auth/sign-in/email-otp', { anyOf: [ack, session] }, { 400: ['invalid_otp', 'otp_expired'] }, EmailOtpInput),
		route('POST', '/api/auth/sign-in/magic-link', ack, {}, MagicLinkInput),
		// API clients (no text/html in Accept) get the envelope; a valid link answers 303 to the site.
		withStatus(route('GET', '/api/auth/sign-in/magic-link', ack, { 400: ['invalid_token'] }, MagicLinkVerifyQuery, 'query'), 303),
		route('POST', '/api/auth/forget-password', ack, {}, ForgetPasswordInput),
		route('POST', '/api/auth/reset-password', ack, { 400: ['invalid_token'] }, ResetPasswordInput),
		route('POST', '/api/auth/sign-out', ack, {}),
		route('GET', '/api/auth/session', { anyOf: [session, { type: 'null' }] }, {}),
		route('POST', '/api/internal/auth/otp/send', ack, {}, OtpSendInput),
		route('POST', '/api/internal/auth/otp/verify', session, { 400: ['invalid_otp', 'otp_expired'] }, OtpVerifyInput),
		route('POST', '/api/internal/auth/magic', ack, {}, MagicLinkInput)
	];
}

function withStatus(op: Operation, status: number): Operation {
	op.responses.set(status, { schema: undefined, headers: ['location'] });
	return op;
}
