/**
 * One generated request per case: valid parameters and body derived from the
 * operation's schemas, then at most a few mutations (hostile path segments,
 * broken query strings and cursors, wrong types and lengths in body fields,
 * missing and extra fields, bodies that are not objects or not JSON, wrong
 * content types, bodies around the size limit), sent by one of several
 * clients (anonymous, signed in, signed out, tampered or garbage cookies).
 */
import fc from 'fast-check';
import { brokenCursor } from './cursors';
import { BROKEN_JSON, CONTENT_TYPES, PATH_SEGMENTS, QUERY_STRINGS, UNICODE_STRINGS, WRONG_TYPES, setMember, toJson, wireText } from './nasty';
import { isCatchAll, type JsonSchema, type Operation, type Parameter } from './operations';
import { edgeValue, injected, validValue } from './schema-arbitraries';
import type { ValuePool } from './value-pool';

export const CLIENTS = ['anonymous', 'user', 'signed-out', 'tampered', 'garbage'] as const;
export type ClientKind = (typeof CLIENTS)[number];

export interface FuzzCase {
	client: ClientKind;
	method: string;
	/** Percent-encoded as it goes on the wire (possibly broken on purpose). */
	path: string;
	headers: Record<string, string | string[]>;
	body?: Buffer;
	/** false = chunked, no Content-Length. */
	contentLength: boolean;
	/** What was done to the valid request, for reports. */
	labels: string[];
}

interface PathValue {
	value: string;
	/** Already percent-encoded (hostile segments go on the wire as they are). */
	encoded: boolean;
}

interface Parts {
	path: Record<string, PathValue>;
	query: [string, string][];
	extraQuery: string[];
	body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; bytes: Buffer };
	contentType: string | undefined;
	contentLength: boolean;
	headers: Record<string, string | string[]>;
	labels: string[];
}

/** encodeURIComponent that also writes lone surrogates (as their WTF-8 bytes) instead of throwing. */
export function encodeLoose(value: string): string {
	let out = '';
	for (const ch of value) {
		const cp = ch.codePointAt(0)!;
		if (cp >= 0xd800 && cp <= 0xdfff) {
			out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
		} else {
			out += encodeURIComponent(ch);
		}
	}
	return out;
}

/** Header values must be visible ASCII (Node refuses to send anything else); the rest is percent-encoded. */
function headerText(value: string): string {
	return encodeLoose(value).replace(/%20/g, ' ').slice(0, 4_000);
}

/** Catch-all parameters (`fullPath`, `path`, `key`) keep their slashes; one-segment ones encode them. */
function encodePathValue(name: string, value: string): string {
	return isCatchAll(name) ? value.split('/').map(encodeLoose).join('/') : encodeLoose(value);
}

function fillPath(template: string, values: Record<string, string>): string {
	return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => values[name] ?? '');
}

function queryText(query: [string, string][], extra: string[]): string {
	const parts = [...query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`), ...extra].filter((p) => p !== '');
	return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Arbitraries that do not depend on the request being mutated, built once instead of on every case
 * (what one draws from a random stream does not depend on when it was built; see edgeValue).
 */
const HOSTILE_SEGMENT = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(...PATH_SEGMENTS) },
	{ weight: 2, arbitrary: fc.constantFrom(...UNICODE_STRINGS).map(encodeLoose) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeLoose) }
);
const RAW_QUERY = fc.constantFrom(...QUERY_STRINGS);
const WRONG_TYPE = fc.constantFrom(...WRONG_TYPES);
const CONTENT_TYPE = fc.constantFrom(...CONTENT_TYPES);
const BROKEN_JSON_BYTES = fc.constantFrom(...BROKEN_JSON).map((t) => Buffer.from(t, 'utf8'));
const HEADERS = fc.record({
	accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', ''),
	'x-request-id': fc.constantFrom('', '../../x', 'ok-request-id-0001', 'x'.repeat(500), 'a b'),
	'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
	'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage, 10.0.0.1', '')
});

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'extra', '', 'Đường dẫn', 'x'.repeat(300), 'isVip', 'role', 'userId', 'user_id', 'amountVnd', 'balance', 'status', 'id'];

function bodySchemaShape(op: Operation): { properties: Record<string, JsonSchema>; required: string[] } {
	return { properties: op.body?.properties ?? {}, required: op.body?.required ?? [] };
}

function paramValue(op: Operation, p: Parameter, pool: ValuePool): fc.Arbitrary<string> {
	if (/cursor$/i.test(p.name)) {
		const issued = pool.valuesFor(p.name, op.id);
		return issued.length ? fc.constantFrom(...issued) : fc.constant('');
	}
	return validValue(p.schema, p.name, pool).map(wireText);
}

/** `minX` ≤ `maxX` (e.g. price filters), which a schema per parameter cannot say. */
function orderRanges(query: [string, string][]): [string, string][] {
	const byName = new Map(query);
	const out = query.map(([k, v]) => [k, v] as [string, string]);
	for (const pair of out) {
		const m = /^min(.+)$/.exec(pair[0]);
		const max = m && byName.get(`max${m[1]}`);
		if (max !== undefined && max !== null && Number(pair[1]) > Number(max)) {
			const other = out.find(([k]) => k === `max${m![1]}`)!;
			[pair[1], other[1]] = [other[1], pair[1]];
		}
	}
	return out;
}

/** The valid request: every required parameter and body field, some optional ones. */
function validParts(op: Operation, pool: ValuePool): fc.Arbitrary<Parts> {
	const pathParams = op.params.filter((p) => p.in === 'path');
	const queryParams = op.params.filter((p) => p.in === 'query');
	const path = fc.record(
		Object.fromEntries(pathParams.map((p) => [p.name, paramValue(op, p, pool).map((value) => ({ value, encoded: false }))])) as Record<string, fc.Arbitrary<PathValue>>
	);
	const query = fc
		// Optional filters half the time each: all of them at once mostly match nothing.
		.tuple(...queryParams.map((p) => (p.required ? paramValue(op, p, pool) : fc.option(paramValue(op, p, pool), { nil: undefined, freq: 2 }))))
		.map((values) =>
			orderRanges(values.flatMap((v, i) => (v === undefined || (v === '' && /cursor$/i.test(queryParams[i]!.name)) ? [] : [[queryParams[i]!.name, v] as [string, string]])))
		);
	const body = op.body ? validValue(op.body, '', pool).map((value) => ({ kind: 'json' as const, value })) : fc.constant({ kind: 'none' as const });
	const headerParams = op.params.filter((p) => p.in === 'header');
	const headers = fc
		.tuple(...headerParams.map((p) => fc.option(validValue(p.schema, p.name).map((v) => headerText(wireText(v))), { nil: undefined, freq: 2 })))
		.map((values) => Object.fromEntries(values.flatMap((v, i) => (v === undefined ? [] : [[headerParams[i]!.name.toLowerCase(), v]]))));
	return fc.record({ path, query, body, headers }).map((p) => ({
		...p,
		extraQuery: [],
		contentType: p.body.kind === 'none' ? undefined : 'application/json',
		contentLength: true,
		labels: []
	}));
}

type Mutation = (parts: Parts) => fc.Arbitrary<Parts>;

function mutations(op: Operation, pool: ValuePool, bodyLimit: number): { name: string; weight: number; apply: Mutation }[] {
	const pathParams = op.params.filter((p) => p.in === 'path');
	const queryParams = op.params.filter((p) => p.in === 'query');
	const { properties, required } = bodySchemaShape(op);
	const fieldNames = Object.keys(properties);
	const hasBody = op.method !== 'GET';
	const list: { name: string; weight: number; apply: Mutation }[] = [];
	const label = (parts: Parts, l: string): Parts => ({ ...parts, labels: [...parts.labels, l] });
	// What the mutations below draw that does not depend on the request: built once per operation.
	const pathName = pathParams.length ? fc.constantFrom(...pathParams.map((p) => p.name)) : undefined;
	const queryName = queryParams.length ? fc.constantFrom(...queryParams.map((p) => p.name)) : undefined;
	const extraMember = fc.tuple(fc.constantFrom(...EXTRA_KEYS), fc.oneof(WRONG_TYPE, fc.constantFrom(...UNICODE_STRINGS)));
	const bodySize = fc.tuple(fc.constantFrom(bodyLimit - 1, bodyLimit, bodyLimit + 1, bodyLimit * 2), fc.boolean(), fc.constantFrom(...(fieldNames.length ? fieldNames : ['padding'])));
	const fieldName = fieldNames.length ? fc.constantFrom(...fieldNames) : undefined;

	if (pathParams.length) {
		list.push({
			name: 'path-segment',
			weight: 4,
			apply: (parts) =>
				fc
					.tuple(pathName!, HOSTILE_SEGMENT)
					.map(([name, value]) => label({ ...parts, path: { ...parts.path, [name]: { value, encoded: true } } }, `path:${name}`))
		});
	}
	if (pathParams.length) {
		list.push({
			name: 'path-inject',
			weight: 2,
			apply: (parts) =>
				pathName!.chain((name) => injected(parts.path[name]!.value).map((v) => label({ ...parts, path: { ...parts.path, [name]: { value: v, encoded: false } } }, `path:${name}:inject`)))
		});
	}
	if (queryParams.length) {
		list.push({
			name: 'query-inject',
			weight: 2,
			apply: (parts) =>
				parts.query.length === 0
					? fc.constant(parts)
					: fc
							.nat({ max: parts.query.length - 1 })
							.chain((i) =>
								injected(parts.query[i]![1]).map((v) => label({ ...parts, query: parts.query.map((q, j) => (j === i ? [q[0], v] : q)) }, `query:${parts.query[i]![0]}:inject`))
							)
		});
	}
	for (const p of queryParams) {
		const valueArb = /cursor$/i.test(p.name) ? brokenCursor(pool.allCursors()) : edgeValue(p.schema, p.name, 'url').map(wireText);
		list.push({
			name: `query:${p.name}`,
			weight: /cursor$/i.test(p.name) ? 3 : 2,
			apply: (parts) =>
				valueArb.map((v) => label({ ...parts, query: [...parts.query.filter(([k]) => k !== p.name), [p.name, v]] }, `query:${p.name}`))
		});
	}
	if (queryParams.length) {
		list.push({
			name: 'query-shape',
			weight: 2,
			apply: (parts) =>
				fc.oneof(
					queryName!.chain((name) =>
						fc.tuple(fc.constant(name), edgeValue(undefined, name, 'url').map(wireText)).map(([n, v]) => label({ ...parts, query: [...parts.query, [n, v]] }, `query:duplicate:${n}`))
					),
					fc.constant(label({ ...parts, query: parts.query.filter(([k]) => !queryParams.find((p) => p.name === k && p.required)) }, 'query:missing-required')),
					RAW_QUERY.map((q) => label({ ...parts, extraQuery: [q] }, 'query:raw'))
				)
		});
	} else {
		list.push({ name: 'query-raw', weight: 1, apply: (parts) => RAW_QUERY.map((q) => label({ ...parts, extraQuery: [q] }, 'query:raw')) });
	}

	if (hasBody) {
		if (fieldNames.length) {
			list.push({
				name: 'body-field',
				weight: 5,
				apply: (parts) =>
					fieldName!.chain((field) =>
						edgeValue(properties[field], field).map((v) => {
							const value: Record<string, unknown> = { ...asObject(parts) };
							setMember(value, field, v);
							return label({ ...parts, body: { kind: 'json', value } }, `body:${field}`);
						})
					)
			});
		}
		if (fieldNames.length) {
			list.push({
				name: 'body-inject',
				weight: 5,
				apply: (parts) => {
					const body = asObject(parts);
					const strings = fieldNames.filter((f) => typeof body[f] === 'string');
					if (strings.length === 0) return fc.constant(parts);
					return fc
						.subarray(strings, { minLength: 1 })
						.chain((fields) => fc.tuple(...fields.map((f) => injected(body[f] as string))).map((values) => ({ fields, values })))
						.map(({ fields, values }) => {
							const value: Record<string, unknown> = { ...body };
							fields.forEach((f, i) => setMember(value, f, values[i]));
							return label({ ...parts, body: { kind: 'json', value } }, `body:${fields.join('+')}:inject`);
						});
				}
			});
		}
		if (required.length) {
			list.push({
				name: 'body-missing',
				weight: 2,
				apply: (parts) =>
					fc.subarray(required, { minLength: 1 }).map((drop) => {
						const value = Object.fromEntries(Object.entries(asObject(parts)).filter(([k]) => !drop.includes(k)));
						return label({ ...parts, body: { kind: 'json', value } }, `body:missing:${drop.join('+')}`);
					})
			});
		}
		list.push(
			{
				name: 'body-extra',
				weight: 2,
				apply: (parts) =>
					extraMember.map(([k, v]) => {
						const value: Record<string, unknown> = { ...asObject(parts) };
						setMember(value, k, v);
						return label({ ...parts, body: { kind: 'json', value } }, `body:extra:${k.slice(0, 20)}`);
					})
			},
			{
				name: 'body-shape',
				weight: 2,
				apply: (parts) =>
					fc
						.oneof(WRONG_TYPE, fc.constant([asObject(parts)]), fc.constant({ data: asObject(parts) }))
						.map((value) => label({ ...parts, body: { kind: 'json', value } }, 'body:shape'))
			},
			{
				name: 'body-raw',
				weight: 3,
				apply: (parts) =>
					fc
						.oneof(
							BROKEN_JSON_BYTES,
							// Invalid UTF-8 inside a string member.
							fc.constant(Buffer.concat([Buffer.from(`{"${fieldNames[0] ?? 'x'}":"`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from('"}')])),
							fc.constant(Buffer.from(`{${fieldNames.map((f) => `"${f}":1,"${f}":"x"`).join(',')}}`, 'utf8'))
						)
						.map((bytes) => label({ ...parts, body: { kind: 'raw', bytes } }, 'body:raw'))
			},
			{
				name: 'content-type',
				weight: 2,
				apply: (parts) =>
					CONTENT_TYPE.map((ct) => label({ ...parts, body: parts.body.kind === 'none' ? { kind: 'json', value: {} } : parts.body, contentType: ct }, `content-type:${ct ?? 'none'}`))
			},
			{
				name: 'body-size',
				weight: 2,
				apply: (parts) =>
					bodySize.map(([size, withLength, field]) => {
						const value: Record<string, unknown> = { ...asObject(parts) };
						setMember(value, field, '');
						const overhead = Buffer.byteLength(toJson(value));
						setMember(value, field, 'ệ'.repeat(Math.max(0, Math.floor((size - overhead) / 3))) + 'x'.repeat(Math.max(0, (size - overhead) % 3)));
						return label({ ...parts, body: { kind: 'json', value }, contentLength: withLength }, `body:size:${size}${withLength ? '' : ':chunked'}`);
					})
			}
		);
	}
	const headerParams = op.params.filter((p) => p.in === 'header');
	if (headerParams.length) {
		const headerParam = fc.tuple(fc.constantFrom(...headerParams), fc.constant(null));
		list.push({
			name: 'header-param',
			weight: 2,
			apply: (parts) =>
				headerParam
					.chain(([p]) => edgeValue(p.schema, p.name, 'url').map((v) => [p.name.toLowerCase(), headerText(wireText(v))] as const))
					.map(([name, v]) => label({ ...parts, headers: { ...parts.headers, [name]: v } }, `header:${name}`))
		});
	}
	list.push({
		name: 'headers',
		weight: 1,
		apply: (parts) =>
			HEADERS.map((headers) => label({ ...parts, headers: { ...parts.headers, ...headers } }, 'headers'))
	});
	return list;
}

function asObject(parts: Parts): Record<string, unknown> {
	const b = parts.body;
	return b.kind === 'json' && b.value !== null && typeof b.value === 'object' && !Array.isArray(b.value) ? (b.value as Record<string, unknown>) : {};
}

function build(op: Operation, parts: Parts, client: ClientKind): FuzzCase {
	const pathValues: Record<string, string> = {};
	for (const [name, v] of Object.entries(parts.path)) pathValues[name] = v.encoded ? v.value : encodePathValue(name, v.value);
	let body: Buffer | undefined;
	if (parts.body.kind === 'json') body = Buffer.from(toJson(parts.body.value), 'utf8');
	else if (parts.body.kind === 'raw') body = parts.body.bytes;
	const headers: Record<string, string | string[]> = { ...parts.headers };
	if (body && parts.contentType !== undefined) headers['content-type'] = parts.contentType;
	return {
		client,
		method: op.method,
		path: fillPath(op.path, pathValues) + queryText(parts.query, parts.extraQuery),
		headers,
		body,
		contentLength: parts.contentLength,
		labels: parts.labels.length ? parts.labels : ['valid']
	};
}

/** Only valid requests, signed in (used to learn ids, paths and cursors before fuzzing). */
export function validCaseArbitrary(op: Operation, pool: ValuePool): fc.Arbitrary<FuzzCase> {
	return validParts(op, pool).map((parts) => build(op, parts, 'user'));
}

/** Requests for one operation: about a quarter valid, the rest with one to three mutations. */
export function caseArbitrary(op: Operation, pool: ValuePool, bodyLimit: number): fc.Arbitrary<FuzzCase> {
	const muts = mutations(op, pool, bodyLimit);
	const mutation = fc.oneof(...muts.map((m) => ({ weight: m.weight, arbitrary: fc.constant(m) })));
	const mutated = (parts: Parts, count: number): fc.Arbitrary<Parts> => {
		if (count === 0) return fc.constant(parts);
		return mutation
			.chain((m) => m.apply(parts))
			.chain((next) => mutated(next, count - 1));
	};
	const count = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) });
	// Signed in for about half the cases, so session-only operations get past 401.
	const client = fc.oneof({ weight: 4, arbitrary: fc.constant<ClientKind>('user') }, { weight: 5, arbitrary: fc.constantFrom(...CLIENTS.filter((c) => c !== 'user')) });
	return fc
		.tuple(validParts(op, pool), count, client)
		.chain(([parts, n, client]) => mutated(parts, n).map((p) => build(op, p, client)));
}
