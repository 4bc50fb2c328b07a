/**
 * The operations the fuzzer attacks, read from an OpenAPI 3.1 document (the
 * live /openapi.json or docs/openapi.json): parameters, body schema, and for
 * every documented status the response schema the body must match.
 */
export type JsonSchema = Record<string, any>;

/** Parameters that may hold slashes (`{...path}` catch-alls; the document shows them as `{path}`). */
export function isCatchAll(name: string): boolean {
	return /(path|^key)$/i.test(name);
}

export interface Parameter {
	name: string;
	in: 'path' | 'query' | 'header';
	required: boolean;
	schema: JsonSchema;
}

export interface DocumentedResponse {
	/** undefined = no body (e.g. 308). */
	schema: JsonSchema | undefined;
	headers: string[];
}

export interface Operation {
	/** `operationId`, or `METHOD path` for routes outside the document. */
	id: string;
	method: string;
	/** OpenAPI form, e.g. `/api/v1/music/{id}/download`. */
	path: string;
	params: Parameter[];
	body: JsonSchema | undefined;
	bodyRequired: boolean;
	responses: Map<number, DocumentedResponse>;
	/** Only a session cookie is accepted (anonymous callers must never get a 2xx). */
	sessionOnly: boolean;
}

export interface OpenApiDocument {
	paths: Record<string, Record<string, any>>;
	components?: { schemas?: Record<string, JsonSchema>; responses?: Record<string, any> };
}

/** Shared error responses are `#/components/responses/*` references. */
function resolveResponse(response: any, doc: OpenApiDocument): any {
	const ref = response?.$ref;
	if (typeof ref !== 'string') return response;
	const target = doc.components?.responses?.[ref.slice('#/components/responses/'.length)];
	if (!ref.startsWith('#/components/responses/') || !target) throw new Error(`unresolved reference ${ref}`);
	return target;
}

/** Inlines `#/components/schemas/*` references, so schemas stand alone. */
export function resolveRefs(schema: unknown, doc: OpenApiDocument, depth = 0): any {
	if (depth > 32 || schema === null || typeof schema !== 'object') return schema;
	if (Array.isArray(schema)) return schema.map((s) => resolveRefs(s, doc, depth + 1));
	const ref = (schema as { $ref?: string }).$ref;
	if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
		const target = doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
		if (!target) throw new Error(`unresolved reference ${ref}`);
		return resolveRefs(target, doc, depth + 1);
	}
	return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolveRefs(v, doc, depth + 1)]));
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
	const out: Operation[] = [];
	for (const [path, item] of Object.entries(doc.paths)) {
		for (const method of METHODS) {
			const op = item[method];
			if (!op) continue;
			// A stream (GET /api/v1/events) answers for as long as the session lasts: tests/integration/live-events.test.ts covers it.
			if (op.responses?.['200']?.content?.['text/event-stream']) continue;
			const responses = new Map<number, DocumentedResponse>();
			for (const [status, shared] of Object.entries<any>(op.responses ?? {})) {
				const r = resolveResponse(shared, doc);
				responses.set(Number(status), {
					schema: resolveRefs(r.content?.['application/json']?.schema, doc),
					headers: Object.keys(r.headers ?? {}).map((h) => h.toLowerCase())
				});
			}
			const security: Record<string, string[]>[] = op.security ?? [];
			out.push({
				id: op.operationId ?? `${method.toUpperCase()} ${path}`,
				method: method.toUpperCase(),
				path,
				params: (op.parameters ?? []).map((p: any) => ({
					name: p.name,
					in: p.in,
					required: Boolean(p.required),
					schema: resolveRefs(p.schema ?? {}, doc)
				})),
				body: resolveRefs(op.requestBody?.content?.['application/json']?.schema, doc),
				bodyRequired: Boolean(op.requestBody?.required),
				responses,
				sessionOnly: security.length > 0 && security.every((s) => Object.keys(s).length === 1 && 'sessionCookie' in s)
			});
		}
	}
	return out;
}
