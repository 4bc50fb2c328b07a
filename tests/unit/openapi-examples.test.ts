/**
 * Every example in the document is valid against the schema it illustrates:
 * media-type examples against their body schema, schema-level `example`s
 * (properties, parameters, headers) against their own schema. JSON Schema
 * 2020-12 (OpenAPI 3.1) with formats checked.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { COMMITTED_ORIGIN, openApiDocument } from '../../src/lib/server/rest/openapi-document';
import { resolveRefs, type OpenApiDocument } from '../helpers/fuzz/operations';

const doc = JSON.parse(JSON.stringify(openApiDocument(COMMITTED_ORIGIN))) as OpenApiDocument & Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

interface Sample {
	where: string;
	schema: object;
	example: unknown;
}

/** Walks the document; a node with both `schema` and `example` is a media type, parameter or header. */
function samples(node: unknown, where: string, out: Sample[] = []): Sample[] {
	if (node === null || typeof node !== 'object') return out;
	const n = node as Record<string, unknown>;
	if ('example' in n && 'schema' in n && typeof n.schema === 'object') out.push({ where, schema: n.schema as object, example: n.example });
	else if ('example' in n && ('type' in n || 'anyOf' in n || 'allOf' in n || '$ref' in n)) {
		const { example, ...schema } = n;
		out.push({ where, schema, example });
	}
	for (const [k, v] of Object.entries(n)) if (k !== 'example' && k !== 'examples') samples(v, `${where}/${k}`, out);
	return out;
}

const all = samples(doc, '#');

describe('examples in /openapi.json', () => {
	it('there are examples to check (responses of most operations carry one)', () => {
		expect(all.filter((s) => s.where.includes('/responses/200/content/')).length).toBeGreaterThan(20);
	});

	it('every example validates against its schema', () => {
		const invalid = all.flatMap(({ where, schema, example }) => {
			const validate = ajv.compile(resolveRefs(schema, doc));
			return validate(example) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
		});
		expect(invalid).toEqual([]);
	});

	it('catches an invalid one (the check is not vacuous)', () => {
		const { schema, example } = all.find((s) => s.where.includes('/api/v1/wallet/balance/get/responses/200/content/'))!;
		const validate = ajv.compile(resolveRefs(schema, doc));
		expect(validate(example)).toBe(true);
		expect(validate({ data: { ...(example as { data: object }).data, main: 100000 } })).toBe(false);
	});
});
