/**
 * Short labels for JSON Schema nodes of the OpenAPI document, as the API
 * reference prints them: `string (date-time)`, `"a" | "b"`, `array of X`.
 */
export type Schema = Record<string, unknown>;

export function refName(schema: Schema): string | undefined {
	const ref = schema.$ref;
	return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

export function schemaAnchor(name: string): string {
	return `luoc-do-${name}`;
}

function quote(value: unknown): string {
	return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

export function typeLabel(schema: Schema): string {
	const ref = refName(schema);
	if (ref) return ref;
	if ('const' in schema) return quote(schema.const);
	if (Array.isArray(schema.enum)) return schema.enum.map(quote).join(' | ');
	const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
	if (alternatives) return alternatives.map(typeLabel).join(' | ');
	if (schema.allOf) return (schema.allOf as Schema[]).map(typeLabel).join(' & ');
	const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
	const labels = types.map((t) => {
		if (t === 'array') return `array of ${schema.items ? typeLabel(schema.items as Schema) : 'any'}`;
		if (t === 'object' && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
			return `map of ${typeLabel(schema.additionalProperties as Schema) || 'any'}`;
		}
		return schema.format && t !== 'null' ? `${t} (${schema.format as string})` : t;
	});
	return labels.join(' | ') || 'any';
}

/** Bounds and patterns worth knowing before sending a value. */
export function constraints(schema: Schema): string[] {
	const out: string[] = [];
	const pairs: [string, string][] = [
		['minimum', '≥'],
		['exclusiveMinimum', '>'],
		['maximum', '≤'],
		['minLength', 'min length'],
		['maxLength', 'max length'],
		['maxItems', 'max items'],
		['multipleOf', 'multiple of']
	];
	for (const [key, label] of pairs) if (typeof schema[key] === 'number') out.push(`${label} ${schema[key] as number}`);
	// A format (date-time, uuid, email) already says what its generated pattern spells out.
	if (typeof schema.pattern === 'string' && !schema.format) out.push(`pattern ${schema.pattern}`);
	if ('default' in schema) out.push(`default ${quote(schema.default)}`);
	return out;
}

/** The object whose fields are worth listing under a node: itself, or its array's items. */
export function nestedObject(schema: Schema): Schema | undefined {
	if (schema.properties) return schema;
	const items = schema.items as Schema | undefined;
	if (items?.properties) return items;
	const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
	const objects = alternatives?.filter((a) => a.properties);
	return objects?.length === 1 ? objects[0] : undefined;
}

/** Alternatives that are objects of their own (a union of shapes), each listed separately. */
export function objectAlternatives(schema: Schema): Schema[] {
	const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
	const objects = alternatives?.filter((a) => a.properties) ?? [];
	return objects.length > 1 ? objects : [];
}
