import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMITTED_ORIGIN, openApiDocument } from '../../src/lib/server/rest/openapi-document';

const generated = JSON.parse(JSON.stringify(openApiDocument(COMMITTED_ORIGIN)));

describe('OpenAPI document', () => {
	it('matches the committed docs/openapi.json (run `npm run openapi:write` after changing a procedure)', () => {
		const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
		expect(generated).toEqual(committed);
	});

	it('is a valid OpenAPI 3.1 document', async () => {
		expect(generated.openapi).toBe('3.1.0');
		await expect(SwaggerParser.validate(structuredClone(generated))).resolves.toBeTruthy();
	});

	it('never lists test-only routes', () => {
		expect(Object.keys(generated.paths).filter((p) => p.includes('_test'))).toEqual([]);
	});
});

describe('OpenAPI generator features (exercised on the test-only routes)', async () => {
	const { appRouter } = await import('../../src/lib/server/trpc/app-router');
	const { buildRouteTable } = await import('../../src/lib/server/rest/route-table');
	const { buildOpenApiDocument } = await import('../../src/lib/server/rest/openapi');
	const routes = buildRouteTable(appRouter).map((r) => ({ ...r, meta: { ...r.meta, internal: false } }));
	const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(routes, { origin: 'https://hoclieu.example' })));

	it('validates as OpenAPI 3.1', async () => {
		await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
		expect(doc.servers).toEqual([{ url: 'https://hoclieu.example' }]);
	});

	it('turns catch-all params into ordinary path params and documents query params', () => {
		const op = doc.paths['/api/v1/_test/echo/{rest}'].get;
		const names = op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
		expect(names).toEqual(expect.arrayContaining(['path:rest', 'query:n', 'query:flag', 'query:s']));
	});

	it('documents request bodies without the path params', () => {
		const op = doc.paths['/api/v1/_test/body/{id}'].post;
		const schema = op.requestBody.content['application/json'].schema;
		expect(Object.keys(schema.properties)).toEqual(['name', 'count']);
		expect(op.responses['403']).toBeDefined(); // same-origin check on mutations
	});

	it('wraps list envelopes and lists error codes per status', () => {
		const op = doc.paths['/api/v1/_test/list'].get;
		const schema = op.responses['200'].content['application/json'].schema;
		expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['data', 'nextCursor', 'hasMore']));
		// A status with one code everywhere is a shared response component; the envelope narrows its code.
		expect(op.responses['400']).toEqual({ $ref: '#/components/responses/ValidationError' });
		const error = doc.components.responses.ValidationError.content['application/json'].schema;
		expect(error.allOf[0]).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
		expect(error.allOf[1].properties.error.properties.code.enum).toEqual(['validation_error']);
	});

	it('keeps an operation-specific list of codes inline', () => {
		const conflicts = Object.values(generated.paths)
			.flatMap((item) => Object.values(item as Record<string, { responses: Record<string, { content?: unknown }> }>))
			.map((op) => op.responses['409'])
			.filter((r) => r?.content);
		expect(conflicts.length).toBeGreaterThan(0);
		for (const r of conflicts) {
			const schema = (r!.content as Record<string, { schema: { allOf: { properties: { error: { properties: { code: { enum: string[] } } } } }[] } }>)['application/json']!.schema;
			expect(schema.allOf[1]!.properties.error.properties.code.enum.length).toBeGreaterThan(1);
		}
	});

	it('documents 308, legacy error shapes and deprecation', () => {
		expect(doc.paths['/api/v1/_test/redirect'].get.responses['308'].headers.Location).toBeDefined();
		const legacy = doc.paths['/api/v1/_test/raw'].get.responses['500'].content['application/json'].schema;
		expect(legacy.allOf[0]).toEqual({ $ref: '#/components/schemas/LegacyError' });
		expect(Object.keys(doc.components.schemas.LegacyError.properties)).toEqual(['code', 'message']);
		const dep = doc.paths['/api/v1/_test/deprecated'].get;
		expect(dep.deprecated).toBe(true);
		expect(dep.responses['200'].headers.Sunset).toBeDefined();
	});
});

describe('every /api route of the app is documented', () => {
	it('serves /api only through the facade, whose public routes are all in the document, beside the raw routes ADR 010 lists', async () => {
		const { readdirSync } = await import('node:fs');
		const files = readdirSync('src/routes/api', { recursive: true, withFileTypes: true })
			.filter((d) => d.isFile())
			.map((d) => `${d.parentPath ?? d.path}/${d.name}`.replace(/^src\/routes\/api\/?/, ''))
			.sort();
		expect(files).toEqual([
			'[...rest]/+server.ts',
			'internal/test/[action]/+server.ts',
			'payments/bank-transfer/webhook/+server.ts',
			'trpc/[...trpc]/+server.ts'
		]);
		for (const path of ['/api/health', '/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/session', '/api/auth/sign-out', '/api/internal/auth/otp/send', '/api/internal/auth/otp/verify', '/api/internal/auth/magic']) {
			expect(generated.paths[path], path).toBeDefined();
		}
		const { appRouter } = await import('../../src/lib/server/trpc/app-router');
		const { buildRouteTable, openApiPath } = await import('../../src/lib/server/rest/route-table');
		for (const route of buildRouteTable(appRouter).filter((r) => !r.meta.internal)) {
			expect(generated.paths[openApiPath(route.meta.path)]?.[route.method.toLowerCase()], `${route.method} ${route.meta.path}`).toBeDefined();
		}
	});
});

describe('generated third-party client types', () => {
	it('match what openapi-typescript generates from the current document', { timeout: 60_000 }, async () => {
		const { clientTypesFrom } = await import('../client/generate');
		expect(await clientTypesFrom(structuredClone(generated))).toBe(readFileSync('tests/client/hoclieu-api.ts', 'utf8'));
	});
});
