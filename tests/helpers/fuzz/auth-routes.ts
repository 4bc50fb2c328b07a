/**
 * The /api/internal/auth UI wrappers are raw routes outside /openapi.json
 * (ADR 010). The fuzzer describes them here in the same form as the document's: request schemas from the zod
 * contracts the routes parse with, and per status the error codes the routes
 * can answer (src/lib/server/auth, src/lib/server/rest/body.ts), all in the
 * standard envelope.
 */
import { z } from 'zod';
import {
	Acknowledged,
	MagicLinkInput,
	OtpSendInput,
	OtpVerifyInput,
	SessionResponse
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

/** The /api/auth routes themselves are procedures in /openapi.json; only their raw UI wrappers are described here. */
export function internalAuthOperations(): Operation[] {
	return [
		route('POST', '/api/internal/auth/otp/send', ack, {}, OtpSendInput),
		route('POST', '/api/internal/auth/otp/verify', session, { 400: ['invalid_otp', 'otp_expired'] }, OtpVerifyInput),
		route('POST', '/api/internal/auth/magic', ack, {}, MagicLinkInput)
	];
}
