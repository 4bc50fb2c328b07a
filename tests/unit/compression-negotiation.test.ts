import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/lib/server/http/compression';

describe('negotiateEncoding', () => {
	it.each([
		[null, null],
		['', null],
		['identity', null],
		['gzip', 'gzip'],
		['gzip, deflate, br', 'br'],
		['br;q=0, gzip', 'gzip'],
		['BR;Q=0, GZIP;q=0.1', 'gzip'],
		['br;q=0, gzip;q=0', null],
		['*', 'br'],
		['*;q=0', null],
		['gzip;q=0, *;q=0.5', 'br'],
		['br;q=0, *', 'gzip'],
		['deflate', null],
		['gzip;q=abc', null]
	])('%s → %s', (header, expected) => {
		expect(negotiateEncoding(header)).toBe(expected);
	});
});
