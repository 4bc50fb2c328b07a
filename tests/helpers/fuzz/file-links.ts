/**
 * The signed file-link route (`GET /files/{...key}?exp=&n=&sig=`, architecture
 * D6) is not in /openapi.json but every link the API hands out points at it,
 * so the fuzzer attacks it too: its errors use the standard envelope, the
 * file itself (200) is bytes.
 */
import type { DocumentedResponse, JsonSchema, Operation } from './operations';

function envelope(code: string): JsonSchema {
	return {
		type: 'object',
		properties: {
			error: {
				type: 'object',
				properties: { code: { type: 'string', enum: [code] }, message: { type: 'string', minLength: 1 }, details: { type: 'object' }, trace: { type: 'string' } },
				required: ['code', 'message']
			}
		},
		required: ['error'],
		additionalProperties: false
	};
}

export function fileLinkOperation(): Operation {
	const responses = new Map<number, DocumentedResponse>([
		[200, { schema: undefined, headers: [] }],
		// `/files/` itself redirects to `/files` (SvelteKit's trailing-slash rule).
		[308, { schema: undefined, headers: ['location'] }],
		[400, { schema: envelope('validation_error'), headers: [] }],
		[403, { schema: envelope('forbidden'), headers: [] }],
		[404, { schema: envelope('not_found'), headers: [] }],
		[503, { schema: envelope('service_unavailable'), headers: [] }]
	]);
	return {
		id: 'GET /files/{key}',
		method: 'GET',
		path: '/files/{key}',
		params: [
			{ name: 'key', in: 'path', required: true, schema: { type: 'string', pattern: '^products/[0-9a-f-]{36}/[a-z0-9-]{1,20}\\.(wav|pdf|zip)$' } },
			{ name: 'exp', in: 'query', required: true, schema: { type: 'integer', minimum: 0, maximum: 99_999_999_999 } },
			{ name: 'n', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 80 } },
			{ name: 'sig', in: 'query', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } }
		],
		body: undefined,
		bodyRequired: false,
		responses,
		sessionOnly: false
	};
}
