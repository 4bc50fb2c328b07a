/**
 * Query-string and path-parameter coercion by the input schema (architecture
 * D2). Only unambiguous text becomes a number or a boolean; anything else
 * stays a string so zod answers 400 instead of guessing (`onSale=false` is
 * false, `pageSize=abc` is a validation error).
 */
import type { z } from 'zod';

type Kind = 'number' | 'boolean' | 'array' | 'other';

interface ZodDefLike {
	type: string;
	innerType?: ZodLike;
	in?: ZodLike;
	options?: ZodLike[];
	shape?: Record<string, ZodLike>;
}
interface ZodLike {
	_zod: { def: ZodDefLike };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema's base kind, looking through optional/default/pipe wrappers. */
export function kindOf(schema: unknown): Kind {
	let s = schema as ZodLike | undefined;
	for (let i = 0; i < 10 && s; i++) {
		const def = s._zod.def;
		if (WRAPPERS.has(def.type)) s = def.innerType;
		else if (def.type === 'pipe') s = def.in;
		else if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') return 'number';
		else if (def.type === 'boolean') return 'boolean';
		else if (def.type === 'array') return 'array';
		else return 'other';
	}
	return 'other';
}

export function objectShape(schema: unknown): Record<string, unknown> {
	let s = schema as ZodLike | undefined;
	for (let i = 0; i < 10 && s; i++) {
		const def = s._zod.def;
		if (def.type === 'object') return (s as unknown as z.ZodObject).shape;
		if (WRAPPERS.has(def.type)) s = def.innerType;
		else if (def.type === 'pipe') s = def.in;
		else return {};
	}
	return {};
}

const INTEGER = /^-?\d+$/;

export function coerceValue(schema: unknown, raw: string): unknown {
	switch (kindOf(schema)) {
		case 'number':
			return INTEGER.test(raw) ? Number(raw) : raw;
		case 'boolean':
			return raw === 'true' ? true : raw === 'false' ? false : raw;
		default:
			return raw;
	}
}

/**
 * Builds the input object from query parameters (and path parameters) for a
 * GET route. A repeated scalar parameter is kept as an array so zod rejects it.
 */
export function coerceParams(schema: unknown, params: URLSearchParams | Map<string, string>): Record<string, unknown> {
	const shape = objectShape(schema);
	const out: Record<string, unknown> = {};
	const keys = new Set(params.keys());
	for (const key of keys) {
		const field = shape[key];
		const values = params instanceof URLSearchParams ? params.getAll(key) : [params.get(key)!];
		if (field && kindOf(field) === 'array') {
			out[key] = values;
		} else if (values.length > 1) {
			out[key] = values.map((v) => coerceValue(field, v));
		} else {
			out[key] = field ? coerceValue(field, values[0]!) : values[0];
		}
	}
	return out;
}
