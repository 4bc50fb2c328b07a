/**
 * Broken pagination cursors: random base64, truncated or bit-flipped copies
 * of cursors the server really issued, and plausible payloads signed with a
 * key the server does not have.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';

function forged(payload: unknown, key: string): string {
	const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
	return `${body}.${createHmac('sha256', key).update(`cursor\n${body}`).digest('base64url')}`;
}

const FORGED_PAYLOADS: readonly unknown[] = [
	{},
	[],
	null,
	{ id: '00000000-0000-4000-8000-000000000000' },
	{ k: ['x', 'y'], s: 'newest' },
	{ after: -1 },
	{ offset: 1e308 },
	{ id: "' OR 1=1 --" },
	JSON.parse('{"__proto__":{"polluted":true}}'),
	'a'.repeat(400)
];

function mangle(cursor: string): fc.Arbitrary<string> {
	return fc.oneof(
		fc.nat({ max: Math.max(0, cursor.length - 1) }).map((n) => cursor.slice(0, n)),
		fc.nat({ max: Math.max(0, cursor.length - 1) }).map((i) => cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1)),
		fc.constant(cursor + cursor),
		fc.constant(`${cursor}.`),
		fc.constant(cursor.split('.').reverse().join('.')),
		fc.constant(`${cursor.split('.')[0] ?? ''}.`),
		fc.constant(cursor.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')))
	);
}

/** A cursor the server must refuse with 400 (or treat as the first page), never a 500. */
export function brokenCursor(issued: readonly string[]): fc.Arbitrary<string> {
	const generic = fc.oneof(
		fc.base64String({ maxLength: 200 }),
		fc.uint8Array({ minLength: 1, maxLength: 120 }).map((b) => Buffer.from(b).toString('base64url')),
		fc.tuple(fc.constantFrom(...FORGED_PAYLOADS), fc.string({ minLength: 1, maxLength: 16 })).map(([p, k]) => forged(p, k)),
		fc.constantFrom('', '.', '..', 'null', '0', '-1', '%', 'eyJ9', 'e30.', 'e30.e30', 'x'.repeat(600))
	);
	return issued.length === 0 ? generic : fc.oneof(generic, fc.constantFrom(...issued).chain(mangle));
}
