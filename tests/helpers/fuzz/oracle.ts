/**
 * What every answer must satisfy, whatever was sent: a status the operation
 * documents (never 500), a JSON body matching the documented schema for that
 * status (the standard error envelope with a documented code, or the legacy
 * flat shape where documented), Retry-After on rate limiting, RateLimit-*
 * headers where documented, and no success for callers without a session on
 * session-only operations.
 */
import { z } from 'zod';
import type { FuzzCase } from './cases';
import { isCatchAll, type JsonSchema, type Operation } from './operations';
import { header, type RawResponse } from './raw-http';

const compiled = new WeakMap<JsonSchema, z.ZodType>();

function validatorFor(schema: JsonSchema): z.ZodType {
	let v = compiled.get(schema);
	if (!v) {
		v = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
		compiled.set(schema, v);
	}
	return v;
}

/** What an unrouted path (e.g. `..` in a path parameter, normalised away) may answer. */
const UNROUTED = new Map<number, string>([
	[404, 'not_found'],
	[405, 'method_not_allowed']
]);

/** The operation's path as a pattern over the normalised pathname. */
function pathPattern(op: Operation): RegExp {
	const source = op.path
		.split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
		.map((part) => (part.startsWith('{') ? (isCatchAll(part.slice(1, -1)) ? '(.*)' : '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('');
	return new RegExp(`^${source}/?$`);
}

function normalised(rawPath: string): string {
	return new URL(rawPath.split('?')[0]!, 'http://fuzz.invalid').pathname;
}

/** True when URL normalisation (dot segments) moves the request off the operation's path. */
export function leavesOperation(op: Operation, rawPath: string): boolean {
	return !pathPattern(op).test(normalised(rawPath));
}

function isJson(res: RawResponse): boolean {
	return /^application\/json\b/i.test(header(res, 'content-type') ?? '');
}

function summarise(issues: readonly { path: PropertyKey[]; message: string }[]): string {
	return issues
		.slice(0, 3)
		.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
		.join('; ');
}

/** Node's own limit on the request line plus headers (--max-http-header-size). */
const NODE_HEADER_LIMIT = 16 * 1024;

function headBytes(c: FuzzCase, cookie: string | undefined): number {
	const headers = Object.entries(c.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
	return c.method.length + c.path.length + headers + (cookie?.length ?? 0) + 100;
}

export function judge(op: Operation, c: FuzzCase, res: RawResponse, cookie?: string): string[] {
	const problems: string[] = [];
	// Node refuses an oversized request head itself (431, no body) before the app sees it.
	if (res.status === 431 && headBytes(c, cookie) > NODE_HEADER_LIMIT - 512) return problems;
	if (res.status >= 500 && res.status !== 503) problems.push(`status ${res.status}`);
	const unrouted = leavesOperation(op, c.path);
	const documented = op.responses.get(res.status);

	// `/files/..` is the storefront's home page: out of scope, only a server error would matter.
	if (unrouted && !/^\/(api|files)\//.test(normalised(c.path))) return problems;
	if (unrouted && UNROUTED.has(res.status)) {
		const code = (res.json as any)?.error?.code;
		if (!isJson(res) || code !== UNROUTED.get(res.status)) problems.push(`unrouted ${res.status} without the envelope: ${res.text.slice(0, 200)}`);
		if (res.status === 405 && !header(res, 'allow')) problems.push('405 without Allow');
		return problems;
	}
	if (!documented) {
		problems.push(`undocumented status ${res.status}: ${res.text.slice(0, 300)}`);
		return problems;
	}
	if (documented.schema) {
		if (!isJson(res)) {
			problems.push(`status ${res.status} with content-type ${header(res, 'content-type')}: ${res.text.slice(0, 200)}`);
		} else {
			const parsed = validatorFor(documented.schema).safeParse(res.json);
			if (!parsed.success) problems.push(`status ${res.status} body does not match the document (${summarise(parsed.error.issues)}): ${res.text.slice(0, 300)}`);
		}
	}
	if (res.status === 429 && (res.json as any)?.error?.code === 'rate_limited' && !/^[1-9]\d*$/.test(header(res, 'retry-after') ?? '')) {
		problems.push(`429 rate_limited without a positive Retry-After (${header(res, 'retry-after')})`);
	}
	if (res.status === 308 && !header(res, 'location')) problems.push('308 without Location');
	if (res.status === 200) {
		for (const h of documented.headers.filter((h) => h.startsWith('ratelimit-'))) {
			if (!/^\d+$/.test(header(res, h) ?? '')) problems.push(`200 without the documented ${h} header`);
		}
	}
	if (op.sessionOnly && c.client !== 'user' && res.status >= 200 && res.status < 300) {
		problems.push(`a ${c.client} caller got ${res.status} from a session-only operation`);
	}
	return problems;
}
