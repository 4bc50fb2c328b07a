/**
 * The error table (src/lib/server/errors/codes.ts): one status per code, and
 * everything that answers or documents an error reads it — AppError, the
 * classifier the facade and tRPC share, the OpenAPI document and the
 * developer hub. (The compiler already refuses `new AppError(status, …)` and
 * a route meta listing a code under another status.)
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/server/errors/app-error';
import { classifyError } from '../../src/lib/server/errors/classify';
import { errorCodes, errorStatus, type ErrorCode } from '../../src/lib/server/errors/codes';
import { errorCodeHelp } from '../../src/lib/server/discovery/error-codes';
import { COMMITTED_ORIGIN, openApiDocument } from '../../src/lib/server/rest/openapi-document';

type Json = Record<string, any>;

/** Every (status, code) pair the document lists, resolving shared response components. */
function documentedPairs(doc: Json): [number, string, string][] {
	const pairs: [number, string, string][] = [];
	const resolve = (r: Json): Json => (r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r);
	const codesIn = (schema: Json | undefined): string[] => {
		if (!schema) return [];
		const own = schema.properties?.error?.properties?.code?.enum ?? schema.properties?.code?.enum ?? [];
		return [...own, ...[...(schema.allOf ?? []), ...(schema.anyOf ?? [])].flatMap(codesIn)];
	};
	for (const [path, ops] of Object.entries<Json>(doc.paths)) {
		for (const [method, op] of Object.entries<Json>(ops)) {
			for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
				if (!/^[45]\d\d$/.test(status)) continue;
				for (const code of codesIn(resolve(response).content?.['application/json']?.schema)) pairs.push([Number(status), code, `${method.toUpperCase()} ${path}`]);
			}
		}
	}
	return pairs;
}

describe('errorStatus', () => {
	it('gives every code a 4xx or 5xx status, and AppError answers with it', () => {
		for (const code of errorCodes) {
			expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
			const e = new AppError(code, 'x');
			expect(e.status).toBe(errorStatus[code]);
			expect(classifyError(e)).toMatchObject({ status: errorStatus[code], code });
		}
	});

	it('keeps the contract statuses of docs/api.md#errors (checkout 409 and 422 codes)', () => {
		expect(errorStatus).toMatchObject({
			validation_error: 400,
			unauthenticated: 401,
			forbidden: 403,
			not_found: 404,
			already_owned: 409,
			flash_sale_sold_out: 409,
			promo_cap_reached: 409,
			state_violation: 422,
			wallet_balance_overflow: 422,
			rate_limited: 429,
			quota_exceeded: 429,
			internal: 500,
			payment_processing: 503
		});
	});

	it('is what the classifier answers for errors that are not AppErrors', () => {
		const zod = Object.assign(new Error('bad'), { name: 'ZodError', issues: [{ path: ['q'], message: 'required' }] });
		expect(classifyError(zod)).toMatchObject({ status: errorStatus.validation_error, code: 'validation_error' });
		expect(classifyError(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toMatchObject({ status: 503, code: 'service_unavailable' });
		expect(classifyError(new Error('boom'))).toMatchObject({ status: errorStatus.internal, code: 'internal' });
	});

	it('is the only status the OpenAPI document lists each code under', () => {
		const doc = JSON.parse(JSON.stringify(openApiDocument(COMMITTED_ORIGIN)));
		const pairs = documentedPairs(doc);
		expect(pairs.length).toBeGreaterThan(100);
		const legacy = new Set(['unauthorized']); // the music quota route's flat shape (docs/api.md#errors)
		const wrong = pairs.filter(([status, code]) => !legacy.has(code) && errorStatus[code as ErrorCode] !== status);
		expect(wrong).toEqual([]);
	});

	it('is the status the developer hub prints for each code', () => {
		for (const code of errorCodes) expect(errorCodeHelp[code].status).toBe(String(errorStatus[code]));
	});
});
