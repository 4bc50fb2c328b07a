import { describe, expect, it } from 'vitest';
import { COMMITTED_ORIGIN, openApiDocument } from '../../src/lib/server/rest/openapi-document';
import { buildApiReference, tagAnchor } from '../../src/lib/server/discovery/api-reference';
import { constraints, nestedObject, objectAlternatives, typeLabel } from '../../src/routes/(discovery)/api-docs/schema-text';

const doc = JSON.parse(JSON.stringify(openApiDocument(COMMITTED_ORIGIN))) as { paths: Record<string, Record<string, { operationId: string }>> };
const reference = buildApiReference(COMMITTED_ORIGIN);
const operations = reference.tags.flatMap((t) => t.operations);

describe('the API reference page model', () => {
	it('holds every operation of the document once, public groups before staff and author tooling', () => {
		const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
		expect(operations.map((o) => o.id).sort()).toEqual([...ids].sort());
		expect(reference.operationCount).toBe(ids.length);
		const names = reference.tags.map((t) => t.name);
		expect(names.slice(-2).sort()).toEqual(['Admin', 'Studio']);
		expect(reference.tags.find((t) => t.name === 'Checkout')).toMatchObject({ vi: 'Mua hàng', id: tagAnchor('Checkout') });
	});

	it('resolves shared error responses into their codes and keeps per-operation ones', () => {
		const create = operations.find((o) => o.id === 'checkoutCreate')!;
		const status = (s: string) => create.responses.find((r) => r.status === s)!;
		expect(status('500')).toMatchObject({ codes: ['internal'], errorShape: 'ErrorEnvelope' });
		expect(status('409').codes).toEqual(expect.arrayContaining(['already_owned', 'flash_sale_sold_out']));
		expect(status('200').schema).toBeDefined();
		expect(status('200').example).toContain('"data"');
		expect(create.parameters.map((p) => p.name)).toContain('Idempotency-Key');
		expect(create.requestBody).toBeDefined();
	});

	it('labels who may call each operation', () => {
		const auth = (id: string) => operations.find((o) => o.id === id)!.auth;
		expect(auth('catalogTree')).toEqual({ vi: 'không cần đăng nhập', en: 'anonymous' });
		expect(auth('walletBalance')).toEqual({ vi: 'cần phiên đăng nhập', en: 'session cookie' });
		expect(auth('checkoutGet')).toEqual({ vi: 'không bắt buộc đăng nhập', en: 'session optional' });
		expect(operations.filter((o) => o.id.startsWith('admin')).every((o) => o.auth.en === 'staff session')).toBe(true);
	});
});

describe('schema labels', () => {
	it('names types the way a reader scans them', () => {
		expect(typeLabel({ $ref: '#/components/schemas/Order' })).toBe('Order');
		expect(typeLabel({ type: ['string', 'null'], format: 'date-time' })).toBe('string (date-time) | null');
		expect(typeLabel({ type: 'string', enum: ['PAID', 'PENDING'] })).toBe('"PAID" | "PENDING"');
		expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/LedgerEntry' } })).toBe('array of LedgerEntry');
		expect(typeLabel({ anyOf: [{ type: 'integer' }, { const: 'unlimited' }] })).toBe('integer | "unlimited"');
		expect(typeLabel({ type: 'object', additionalProperties: { type: 'string' } })).toBe('map of string');
		expect(typeLabel({})).toBe('any');
	});

	it('lists bounds but not the pattern a format already implies', () => {
		expect(constraints({ type: 'integer', minimum: 1, maximum: 50, default: 12 })).toEqual(['≥ 1', '≤ 50', 'default 12']);
		expect(constraints({ type: 'string', pattern: '^[0-9]+$' })).toEqual(['pattern ^[0-9]+$']);
		expect(constraints({ type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' })).toEqual([]);
	});

	it('finds the fields under a node: its own, its items, or one object among alternatives', () => {
		const fields = { type: 'object', properties: { a: { type: 'string' } } };
		expect(nestedObject(fields)).toBe(fields);
		expect(nestedObject({ type: 'array', items: fields })).toBe(fields);
		expect(nestedObject({ anyOf: [fields, { type: 'null' }] })).toBe(fields);
		expect(nestedObject({ type: 'string' })).toBeUndefined();
		const other = { type: 'object', properties: { b: { type: 'integer' } } };
		expect(objectAlternatives({ oneOf: [fields, other] })).toEqual([fields, other]);
		expect(objectAlternatives({ anyOf: [fields, { type: 'null' }] })).toEqual([]);
	});
});
