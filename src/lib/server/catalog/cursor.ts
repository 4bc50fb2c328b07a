/**
 * Keyset cursors (docs/api.md#conventions): opaque, HMAC-signed, bound to the query
 * they came from. A cursor carries the sort key and id of the last row served,
 * so the next page starts strictly after it: rows inserted meanwhile never
 * shift a page, and walking every page yields each row exactly once.
 */
import { createHash } from 'node:crypto';
import { isUuid } from '../db/ids';
import { invalidCursor } from '../errors/app-error';
import { signJson, verifyJson } from '../platform/signing';

export type CursorKey = string | number;

interface CursorPayload {
	v: 1;
	/** Which list and which ordering the keys belong to, e.g. `category:newest`. */
	m: string;
	/** Fingerprint of the filters; a cursor from another query is refused. */
	f: string;
	k: CursorKey[];
}

/** A stable short hash of the filters that shape a list (everything but cursor and page size). */
export function fingerprint(filters: Record<string, unknown>): string {
	const canonical = JSON.stringify(
		Object.keys(filters)
			.sort()
			.map((k) => [k, filters[k] ?? null])
	);
	return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(mode: string, filters: string, keys: CursorKey[]): string {
	const payload: CursorPayload = { v: 1, m: mode, f: filters, k: keys };
	return signJson('cursor', payload);
}

export type KeyKind = 'timestamp' | 'uuid' | 'int' | 'real';

// PostgreSQL's text form of timestamptz, exact to the microsecond.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function keyMatches(kind: KeyKind, value: unknown): boolean {
	switch (kind) {
		case 'timestamp':
			return typeof value === 'string' && TIMESTAMP.test(value);
		case 'uuid':
			return isUuid(value);
		case 'int':
			return typeof value === 'number' && Number.isSafeInteger(value);
		case 'real':
			return typeof value === 'number' && Number.isFinite(value);
	}
}

/**
 * Verifies the signature, the list it belongs to and the key types; returns the
 * mode and keys. Anything else (tampered, truncated, from another query) is 400.
 */
export function decodeCursor(
	raw: string,
	filters: string,
	shapes: Record<string, readonly KeyKind[]>
): { mode: string; keys: CursorKey[] } {
	const payload = verifyJson('cursor', raw) as Partial<CursorPayload> | null;
	if (!payload || payload.v !== 1 || payload.f !== filters || typeof payload.m !== 'string') throw invalidCursor();
	const shape = Object.hasOwn(shapes, payload.m) ? shapes[payload.m] : undefined;
	const keys = payload.k;
	if (!shape || !Array.isArray(keys) || keys.length !== shape.length) throw invalidCursor();
	if (!shape.every((kind, i) => keyMatches(kind, keys[i]))) throw invalidCursor();
	return { mode: payload.m, keys };
}
