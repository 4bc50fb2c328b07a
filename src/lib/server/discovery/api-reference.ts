/**
 * The HTML API reference (/api-docs) as data: read from the same OpenAPI
 * document /openapi.json serves, grouped by tag, with Vietnamese labels first
 * and the English ones beside them. The page renders it on the server with no
 * script, so it is readable and navigable the moment it arrives; swagger-ui
 * (which parses the whole document in the browser first) stays at
 * /api-docs/swagger for those who want it.
 */
import { openApiDocument } from '../rest/openapi-document';

export type JsonSchema = Record<string, unknown>;

export interface ReferenceParameter {
	name: string;
	in: string;
	required: boolean;
	description?: string;
	schema: JsonSchema;
}

export interface ReferenceResponse {
	status: string;
	description: string;
	/** Error responses: the machine codes this status can carry. */
	codes: string[];
	/** Error responses: the envelope component they follow. */
	errorShape?: string;
	/** Success responses: the body. */
	schema?: JsonSchema;
	example?: string;
	headers: string[];
}

export interface ReferenceOperation {
	id: string;
	method: string;
	path: string;
	summary: string;
	description?: string;
	deprecated: boolean;
	auth: { vi: string; en: string };
	parameters: ReferenceParameter[];
	requestBody?: JsonSchema;
	responses: ReferenceResponse[];
}

export interface ReferenceTag {
	id: string;
	name: string;
	vi: string;
	description: string;
	operations: ReferenceOperation[];
}

export interface ApiReference {
	title: string;
	version: string;
	description: string;
	tags: ReferenceTag[];
	schemas: { name: string; schema: JsonSchema }[];
	operationCount: number;
}

const TAG_VI: Record<string, string> = {
	Catalog: 'Danh mục và sản phẩm',
	Search: 'Tìm kiếm',
	'Top-up': 'Nạp ví',
	Wallet: 'Ví',
	'Gift codes': 'Mã quà tặng',
	Checkout: 'Mua hàng',
	Downloads: 'Tải xuống',
	Music: 'Nhạc',
	Reports: 'Báo cáo vi phạm',
	Admin: 'Quản trị',
	Studio: 'Tác giả'
};

interface OperationObject {
	operationId: string;
	summary?: string;
	description?: string;
	deprecated?: boolean;
	tags?: string[];
	security?: Record<string, string[]>[];
	'x-scopes'?: string[];
	parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
	requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
	responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: JsonSchema; example?: unknown }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The document marks staff and author routes only in words (their tags); everything else by its security list. */
function authLabel(op: OperationObject): { vi: string; en: string } {
	const tag = op.tags?.[0];
	if (tag === 'Admin') return { vi: 'phiên đăng nhập của nhân viên', en: 'staff session' };
	if (tag === 'Studio') return { vi: 'phiên đăng nhập của tác giả', en: 'author session' };
	const security = op.security ?? [];
	const session = security.some((r) => 'sessionCookie' in r);
	const anonymous = security.length === 0 || security.some((r) => Object.keys(r).length === 0);
	if (session && anonymous) return { vi: 'không bắt buộc đăng nhập', en: 'session optional' };
	if (session) return { vi: 'cần phiên đăng nhập', en: 'session cookie' };
	return { vi: 'không cần đăng nhập', en: 'anonymous' };
}

/** The `error.code` enum of a narrowed error envelope (allOf: [envelope, { error: { code: enum } }]). */
function errorCodes(schema: JsonSchema | undefined): { codes: string[]; shape?: string } {
	if (!schema) return { codes: [] };
	const parts = (schema.allOf as JsonSchema[] | undefined) ?? [schema];
	let shape: string | undefined;
	const codes: string[] = [];
	for (const part of parts) {
		const ref = part.$ref as string | undefined;
		if (ref) shape = ref.split('/').pop();
		const props = part.properties as Record<string, JsonSchema> | undefined;
		const code = ((props?.error?.properties as Record<string, JsonSchema> | undefined)?.code ?? props?.code) as JsonSchema | undefined;
		if (Array.isArray(code?.enum)) codes.push(...(code.enum as string[]));
	}
	return { codes, shape };
}

type ResponseObject = NonNullable<OperationObject['responses']>[string];

/** Shared error responses are `$ref`s to components.responses. */
function responses(op: OperationObject, shared: Record<string, ResponseObject>): ReferenceResponse[] {
	return Object.entries(op.responses ?? {}).map(([status, own]) => {
		const ref = (own as { $ref?: string }).$ref;
		const r = ref ? (shared[ref.split('/').pop()!] ?? {}) : own;
		const media = r.content?.['application/json'];
		const headers = Object.keys(r.headers ?? {});
		if (Number(status) >= 400) {
			const { codes, shape } = errorCodes(media?.schema);
			return { status, description: r.description ?? '', codes, errorShape: shape, headers };
		}
		return {
			status,
			description: r.description ?? '',
			codes: [],
			schema: media?.schema,
			example: media?.example === undefined ? undefined : JSON.stringify(media.example, null, 2),
			headers
		};
	});
}

function operation(method: string, path: string, op: OperationObject, shared: Record<string, ResponseObject>): ReferenceOperation {
	return {
		id: op.operationId,
		method: method.toUpperCase(),
		path,
		summary: op.summary ?? '',
		description: op.description,
		deprecated: Boolean(op.deprecated),
		auth: authLabel(op),
		parameters: (op.parameters ?? []).map((p) => ({
			name: p.name,
			in: p.in,
			required: Boolean(p.required),
			description: p.description ?? (p.schema?.description as string | undefined),
			schema: p.schema ?? {}
		})),
		requestBody: op.requestBody?.content?.['application/json']?.schema,
		responses: responses(op, shared)
	};
}

export function tagAnchor(name: string): string {
	return `nhom-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

export function buildApiReference(origin: string): ApiReference {
	const doc = openApiDocument(origin) as unknown as {
		info: { title: string; version: string; description?: string };
		tags?: { name: string; description?: string }[];
		paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>>;
		components?: { schemas?: Record<string, JsonSchema>; responses?: Record<string, ResponseObject> };
	};
	const shared = doc.components?.responses ?? {};
	const byTag = new Map<string, ReferenceOperation[]>();
	let operationCount = 0;
	for (const [path, item] of Object.entries(doc.paths)) {
		for (const method of METHODS) {
			const op = item[method];
			if (!op) continue;
			const tag = op.tags?.[0] ?? 'API';
			byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op, shared)]);
			operationCount++;
		}
	}
	const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
	const tags = [...byTag.entries()].map(([name, operations]) => ({
		id: tagAnchor(name),
		name,
		vi: TAG_VI[name] ?? name,
		description: described.get(name) ?? '',
		operations
	}));
	// The public contract first, in the document's tag order; staff and author tooling last.
	const order = (name: string) => (name === 'Admin' || name === 'Studio' ? 1 : 0);
	tags.sort((a, b) => order(a.name) - order(b.name) || (doc.tags ?? []).findIndex((t) => t.name === a.name) - (doc.tags ?? []).findIndex((t) => t.name === b.name));
	return {
		title: doc.info.title,
		version: doc.info.version,
		description: doc.info.description ?? '',
		tags,
		schemas: Object.entries(doc.components?.schemas ?? {})
			.map(([name, schema]) => ({ name, schema }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		operationCount
	};
}

let cached: { origin: string; reference: ApiReference } | undefined;

/** The document never changes while the process runs: built once per origin. */
export function apiReference(origin: string): ApiReference {
	if (cached?.origin !== origin) cached = { origin, reference: buildApiReference(origin) };
	return cached.reference;
}
