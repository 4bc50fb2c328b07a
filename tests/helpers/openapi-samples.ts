/**
 * Minimal valid-looking requests built from /openapi.json, so a test can call
 * every documented operation of a kind without listing them by hand.
 */
export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

type Schema = Record<string, any>;

function resolve(doc: Schema, schema: Schema | undefined): Schema {
	let s = schema ?? {};
	while (typeof s.$ref === 'string') {
		const name = s.$ref.replace('#/components/schemas/', '');
		s = doc.components?.schemas?.[name] ?? {};
	}
	return s;
}

/** A value the schema accepts for simple shapes: enums, uuids, strings, numbers, objects of required members. */
export function sampleValue(doc: Schema, schema: Schema | undefined): unknown {
	const s = resolve(doc, schema);
	if (s.const !== undefined) return s.const;
	if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
	for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key]) && s[key].length) return sampleValue(doc, s[key][0]);
	const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
	switch (type) {
		case 'string':
			if (s.format === 'uuid') return PLACEHOLDER_ID;
			if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
			return 'x'.repeat(Math.max(1, s.minLength ?? 1));
		case 'integer':
		case 'number':
			return Math.max(1, s.minimum ?? 1);
		case 'boolean':
			return false;
		case 'array':
			return [];
		case 'object': {
			const out: Record<string, unknown> = {};
			for (const name of s.required ?? []) out[name] = sampleValue(doc, s.properties?.[name]);
			return out;
		}
		default:
			return 'x';
	}
}

export interface SampleOperation {
	method: string;
	/** Template path, e.g. /api/v1/admin/users/{id}. */
	template: string;
	/** Concrete path with placeholders filled in. */
	path: string;
	body: unknown;
	operation: Schema;
}

export function operationsUnder(doc: Schema, prefix: string): SampleOperation[] {
	const out: SampleOperation[] = [];
	for (const [template, item] of Object.entries<Schema>(doc.paths)) {
		if (!template.startsWith(prefix)) continue;
		for (const [method, operation] of Object.entries<Schema>(item)) {
			const path = template.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
			const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
			out.push({ method: method.toUpperCase(), template, path, body: bodySchema ? sampleValue(doc, bodySchema) : undefined, operation });
		}
	}
	return out;
}

/** An operation's documented JSON body for a status, through a shared `#/components/responses/*` reference. */
export function responseSchema(doc: Schema, operation: Schema, status: string): Schema {
	let response = operation.responses?.[status] ?? {};
	if (typeof response.$ref === 'string') response = doc.components?.responses?.[response.$ref.replace('#/components/responses/', '')] ?? {};
	return response.content?.['application/json']?.schema ?? {};
}

/** The error codes an error response documents: its ErrorEnvelope narrowed by allOf (or an inline envelope). */
export function documentedErrorCodes(schema: Schema): string[] {
	const parts: Schema[] = Array.isArray(schema.allOf) ? schema.allOf : [schema];
	return parts.flatMap((p) => p.properties?.error?.properties?.code?.enum ?? []);
}
