/**
 * fast-check arbitraries from JSON Schema (the subset zod-openapi emits):
 * values the schema accepts, and values it should refuse at its edges
 * (lengths ±1, bounds ±1, wrong types, hostile strings and numbers).
 */
import fc from 'fast-check';
import type { JsonSchema } from './operations';
import { EMAIL_STRINGS, HOSTILE_CHARS, NUMBERS, RawJson, UNICODE_STRINGS, WRONG_TYPES, setMember } from './nasty';
import type { ValuePool } from './value-pool';

const VIETNAMESE = [...'aăâbcdđeêghiklmnoôơpqrstuưvxyàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ0123456789 -'];

/** Text a Vietnamese teacher would type: letters with diacritics, digits, spaces. */
export function vietnameseText(minLength = 0, maxLength = 40): fc.Arbitrary<string> {
	return fc.string({ unit: fc.constantFrom(...VIETNAMESE), minLength, maxLength });
}

function typesOf(schema: JsonSchema): string[] {
	if (Array.isArray(schema.type)) return schema.type;
	if (typeof schema.type === 'string') return [schema.type];
	return [];
}

function safeRegex(pattern: string): RegExp | undefined {
	try {
		return new RegExp(pattern, 'u');
	} catch {
		return undefined;
	}
}

function patternString(pattern: string, min: number, max: number, name: string): fc.Arbitrary<string> {
	const re = safeRegex(pattern);
	if (!re) return fc.constant('');
	try {
		// Mapped, not filtered: a filter nothing passes would spin forever (and block the event loop).
		return fc.stringMatching(re).map((s) => (s.length >= min && s.length <= max ? s : s.slice(0, max).padEnd(min, s[0] ?? 'a')));
	} catch {
		// Lookarounds and the like: try a few plausible texts instead.
		const candidates = ['/', '/a', '/vi/tai-khoan', 'abc', 'ABC-123', `${name}-1`].filter((c) => re.test(c));
		return candidates.length > 0 ? fc.constantFrom(...candidates) : fc.constant('');
	}
}

const SLUG = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/);

function stringValue(schema: JsonSchema, name: string): fc.Arbitrary<string> {
	// An empty string is an edge case, not a typical valid value (e.g. a search `q`).
	const min: number = schema.minLength ?? 1;
	const max: number = Math.min(schema.maxLength ?? Math.max(min, 40), Math.max(min, 200));
	switch (schema.format) {
		case 'uuid':
			return fc.uuid();
		case 'email':
			return emailValue(max);
		case 'date-time':
			return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
		case 'uri':
			return fc.webUrl();
	}
	// The pattern decides the length; only explicit bounds filter (a default one could reject every match forever).
	if (typeof schema.pattern === 'string') return patternString(schema.pattern, schema.minLength ?? 0, schema.maxLength ?? Infinity, name);
	if (/email/i.test(name)) return emailValue(max);
	if (/path$/i.test(name)) return fc.array(SLUG, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
	if (/password/i.test(name)) return vietnameseText(Math.max(min, 12), Math.min(max, 60)).map((s) => `Mk ${s}`);
	return vietnameseText(min, max);
}

function emailValue(max: number): fc.Arbitrary<string> {
	// Mostly the addresses teachers have; RFC-exotic ones (which stricter validators refuse) now and then.
	return fc.oneof(
		{ weight: 1, arbitrary: fc.emailAddress().map((e) => (e.length <= Math.min(max, 254) ? e : 'gv@truong.edu.vn')) },
		{ weight: 4, arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => `gv-${local}@truong.edu.vn`) }
	);
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
	const lo = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : schema.minimum;
	const hi = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : schema.maximum;
	const min = Math.max(lo ?? -1_000_000, Number.MIN_SAFE_INTEGER);
	const max = Math.min(hi ?? 1_000_000_000, Number.MAX_SAFE_INTEGER);
	const edges = [min, max].filter((v) => Number.isFinite(v));
	const range = (lo: number, hi: number) =>
		integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
	// Mostly everyday magnitudes (prices, page sizes), sometimes anywhere in range or at its edges.
	const everyday = range(min, Math.min(max, Math.max(min, 0) + 200_000));
	return fc.oneof({ weight: 6, arbitrary: everyday }, { weight: 2, arbitrary: range(min, max) }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** A value the schema accepts; `name` hints at plausible content, `pool` offers values the server handed out. */
export function validValue(schema: JsonSchema | undefined, name = '', pool?: ValuePool, depth = 0): fc.Arbitrary<unknown> {
	if (!schema || depth > 6) return fc.constant(null);
	const known = pool?.valuesFor(name) ?? [];
	const own = validFromSchema(schema, name, pool, depth);
	// Values the server itself handed out reach past "not found" into the real code paths.
	return known.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own }) : own;
}

function validFromSchema(schema: JsonSchema, name: string, pool: ValuePool | undefined, depth: number): fc.Arbitrary<unknown> {
	if ('const' in schema) return fc.constant(schema.const);
	if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
	const alternatives: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf;
	if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, name, pool, depth + 1)));
	if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), name, pool, depth + 1);
	const types = typesOf(schema);
	if (types.length > 1) return fc.oneof(...types.map((t) => validValue({ ...schema, type: t }, name, pool, depth + 1)));
	switch (types[0]) {
		case 'string':
			return stringValue(schema, name);
		case 'integer':
			return numberValue(schema, true);
		case 'number':
			return numberValue(schema, false);
		case 'boolean':
			return fc.boolean();
		case 'null':
			return fc.constant(null);
		case 'array':
			return fc.array(validValue(schema.items, name, pool, depth + 1), {
				minLength: schema.minItems ?? 0,
				maxLength: Math.min(schema.maxItems ?? 3, 3)
			});
		case 'object':
			return objectValue(schema, pool, depth);
		default:
			return fc.oneof(fc.string(), fc.integer(), fc.boolean());
	}
}

function objectValue(schema: JsonSchema, pool: ValuePool | undefined, depth: number): fc.Arbitrary<Record<string, unknown>> {
	const properties: Record<string, JsonSchema> = schema.properties ?? {};
	const required = new Set<string>(schema.required ?? []);
	const fields = Object.entries(properties).map(([key, s]) => {
		const value = validValue(s, key, pool, depth + 1);
		return [key, required.has(key) ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
	});
	return fc.tuple(...fields.map(([, arb]) => arb)).map((values) => {
		const out: Record<string, unknown> = {};
		fields.forEach(([key], i) => {
			if (values[i] !== undefined) setMember(out, key, values[i]);
		});
		return out;
	});
}

/**
 * Node answers 431 (no body, before the app sees it) to a request line plus
 * headers over 16 KiB, so values bound for the URL stay under this; bodies get
 * the huge ones.
 */
export const URL_VALUE_MAX = 6_000;

/**
 * Arbitraries are pure descriptions of how to draw a value, so one built once draws exactly what a fresh
 * copy would from the same random stream. Building them is not cheap: fc.string() over a unit like
 * 'binary' maps every code point back to its index (over a million Map entries) the first time it is
 * built, which the mutations used to pay on every case that reached them. These are built once.
 */
const WRONG_TYPE = fc.constantFrom(...WRONG_TYPES);
const NUMBER = fc.constantFrom(...NUMBERS);
const UNICODE_STRING = fc.constantFrom(...UNICODE_STRINGS);
const BINARY_STRING = fc.string({ unit: 'binary', maxLength: 64 });
const GRAPHEME_STRING = fc.string({ unit: 'grapheme-composite', maxLength: 32 });
const REPEATED_CHAR = fc.constantFrom('a', 'đ', 'ệ', '😀', ' ', '0');
const EMAIL_STRING = fc.constantFrom(...EMAIL_STRINGS);

/** edgeValue's answers per schema object (the operation's own, so they live as long as it does), name and place. */
const edgeValues = new WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>();
const NO_SCHEMA: JsonSchema = {};

/** Values this particular schema should refuse, or accept only at its very edge (built once per schema, name and place). */
export function edgeValue(schema: JsonSchema | undefined, name = '', where: 'body' | 'url' = 'body'): fc.Arbitrary<unknown> {
	const bySchema = edgeValues.get(schema ?? NO_SCHEMA) ?? new Map<string, fc.Arbitrary<unknown>>();
	edgeValues.set(schema ?? NO_SCHEMA, bySchema);
	const key = `${where}:${name}`;
	let arb = bySchema.get(key);
	if (!arb) {
		arb = buildEdgeValue(schema, name, where);
		bySchema.set(key, arb);
	}
	return arb;
}

function buildEdgeValue(schema: JsonSchema | undefined, name: string, where: 'body' | 'url'): fc.Arbitrary<unknown> {
	// Up to 12 URL characters per character (a percent-encoded 4-byte UTF-8 sequence).
	const fits = (n: number) => where === 'body' || n * 12 <= URL_VALUE_MAX;
	const s = schema ?? {};
	const options: fc.Arbitrary<unknown>[] = [WRONG_TYPE, NUMBER, UNICODE_STRING];
	const types = typesOf(s);
	const stringy = types.includes('string') || (!types.length && (s.anyOf || s.pattern));
	if (stringy || /email|code|token|id|path|q$/i.test(name)) {
		const min: number = s.minLength ?? 0;
		const max: number | undefined = s.maxLength;
		const lengths = [min - 1, min, min + 1, ...(max !== undefined ? [max - 1, max, max + 1, max * 4] : [256, 4_096])].filter((n) => n >= 0 && fits(n));
		options.push(
			fc.tuple(fc.constantFrom(...lengths), REPEATED_CHAR).map(([n, ch]) => ch.repeat(n)),
			BINARY_STRING,
			GRAPHEME_STRING,
			fc.constantFrom(...(where === 'body' ? [10_000, 40_000] : [URL_VALUE_MAX])).map((n) => 'x'.repeat(n))
		);
		if (/email/i.test(name) || s.format === 'email') options.push(EMAIL_STRING);
	}
	if (types.includes('integer') || types.includes('number')) {
		const bounds = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter((v): v is number => typeof v === 'number');
		const near = bounds.flatMap((b) => [b - 1, b, b + 1, b - 0.5]);
		if (near.length) options.push(fc.constantFrom(...near));
		options.push(
			fc.double(),
			fc.integer().map(String),
			fc.constantFrom('1e3', '0x10', ' 1', '1 ', '+1', '١٢', '1_000', '').map((t) => t)
		);
	}
	if (types.includes('array')) options.push(fc.constantFrom({}, 'a', [null], new Array(1_000).fill(0)));
	if (types.includes('object')) options.push(fc.constantFrom([], 'object', [{}]));
	return fc.oneof(...options);
}

// NUL and lone surrogates break storage most often: they come up far more than the rest.
const HOSTILE_CHAR = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDC00') }, { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_CHARS) });

/** The valid text with one or two hostile characters slipped in (start, end or anywhere). */
export function injected(value: string): fc.Arbitrary<string> {
	const at = fc.oneof(fc.constant(0), fc.constant(value.length), fc.nat({ max: value.length }));
	const one = fc.tuple(at, HOSTILE_CHAR).map(([i, ch]) => ({ i, ch }));
	return fc.array(one, { minLength: 1, maxLength: 2 }).map((edits) => {
		let out = value;
		for (const { i, ch } of edits) {
			const pos = Math.min(i, out.length);
			out = out.slice(0, pos) + ch + out.slice(pos);
		}
		return out;
	});
}

export { RawJson };
