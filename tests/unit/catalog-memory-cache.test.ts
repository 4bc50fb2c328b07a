/**
 * The in-process catalog cache (src/lib/server/catalog/memory-cache.ts):
 * bounded LRU, entries keyed by the catalog version a read began under, and
 * valid only inside their window of service-clock time. Plus the If-None-Match
 * parsing of rest/conditional-get.ts.
 */
import { describe, expect, it } from 'vitest';
import { nextBoundary, VersionedLru } from '../../src/lib/server/catalog/memory-cache';
import { ifNoneMatchTags, strongEtag } from '../../src/lib/server/rest/conditional-get';

function lru(max = 3) {
	let t = 1_000;
	const cache = new VersionedLru(() => max, () => t);
	return { cache, at: (ms: number) => (t = ms) };
}

describe('VersionedLru', () => {
	it('serves an entry while its version is current, and nothing after an invalidation', () => {
		const { cache } = lru();
		const v = cache.version;
		cache.set('a', v, 'A', 1_000);
		expect(cache.get('a')).toBe('A');
		cache.invalidate();
		expect(cache.version).toBe(v + 1);
		expect(cache.get('a')).toBeUndefined();
		expect(cache.size).toBe(0);
	});

	it('drops what a read that began under an older version found', () => {
		const { cache } = lru();
		const stamped = cache.version;
		// The catalog changes while the read is in flight…
		cache.invalidate();
		// …so what it read may predate the change: not stored.
		cache.set('a', stamped, 'old', 1_000);
		expect(cache.get('a')).toBeUndefined();
		cache.set('a', cache.version, 'new', 1_000);
		expect(cache.get('a')).toBe('new');
	});

	it('evicts the least recently used entry beyond its bound', () => {
		const { cache } = lru(3);
		const v = cache.version;
		cache.set('a', v, 1, 0);
		cache.set('b', v, 2, 0);
		cache.set('c', v, 3, 0);
		expect(cache.get('a')).toBe(1); // a is now the most recent
		cache.set('d', v, 4, 0);
		expect(cache.size).toBe(3);
		expect(cache.get('b')).toBeUndefined();
		expect(cache.get('a')).toBe(1);
		expect(cache.get('c')).toBe(3);
		expect(cache.get('d')).toBe(4);
	});

	it('keeps nothing when its bound is 0', () => {
		const { cache } = lru(0);
		cache.set('a', cache.version, 1, 0);
		expect(cache.size).toBe(0);
		expect(cache.get('a')).toBeUndefined();
	});

	it('serves an entry only inside its time window (a sale end is exact; a clock moved back misses)', () => {
		const { cache, at } = lru();
		cache.set('p', cache.version, 'on sale', 1_000, 5_000);
		at(4_999);
		expect(cache.get('p')).toBe('on sale');
		at(5_000);
		expect(cache.get('p')).toBeUndefined();
		cache.set('q', cache.version, 'x', 1_000, 5_000);
		at(999);
		expect(cache.get('q')).toBeUndefined();
	});

	it('nextBoundary picks the first instant after now', () => {
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(nextBoundary(now, [null, '2025-12-31T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'])).toBe(
			Date.parse('2026-01-02T00:00:00Z')
		);
		expect(nextBoundary(now, [null, undefined])).toBe(Number.POSITIVE_INFINITY);
	});
});

describe('conditional GET helpers', () => {
	it('parses If-None-Match lists with weak tags and *', () => {
		expect(ifNoneMatchTags('"abc"')).toEqual(['"abc"']);
		expect(ifNoneMatchTags('W/"abc", "d,e" ,W/"f"')).toEqual(['"abc"', '"d,e"', '"f"']);
		expect(ifNoneMatchTags('*')).toEqual(['*']);
	});

	it('makes a strong tag that changes with the bytes', () => {
		const a = strongEtag(new TextEncoder().encode('{"a":1}'));
		expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
		expect(strongEtag(new TextEncoder().encode('{"a":1}'))).toBe(a);
		expect(strongEtag(new TextEncoder().encode('{"a":2}'))).not.toBe(a);
	});
});
