/**
 * The in-process catalog cache (src/lib/server/catalog/memory-cache.ts):
 * bounded LRU, entries keyed by the catalog version a read began under, and
 * valid only inside their window of service-clock time. Plus the If-None-Match
 * parsing of rest/conditional-get.ts.
 */
import { describe, expect, it } from 'vitest';
import { flashEpoch, flashStockMoved, flashStockUnmovedSince, nextBoundary, reuseOfPrices, VersionCount, VersionedLru } from '../../src/lib/server/catalog/memory-cache';
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

	it('caches sharing a version count stay in step when only one is invalidated', () => {
		const versions = new VersionCount();
		const catalog = new VersionedLru(() => 3, () => 1_000, undefined, versions);
		const responses = new VersionedLru(() => 3, () => 1_000, undefined, versions);
		catalog.set('a', catalog.version, 'A', 1_000);
		responses.invalidate();
		expect(catalog.version).toBe(responses.version);
		// The catalog's entry predates the new version; a read stamped now is stored by either.
		expect(catalog.get('a')).toBeUndefined();
		responses.set('r', catalog.version, 'R', 1_000);
		expect(responses.get('r')).toBe('R');
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

	it('holds at most its byte bound, evicting the least recently used, and never an entry larger than it', () => {
		const cache = new VersionedLru(() => 100, () => 0, () => 1_000);
		const v = cache.version;
		cache.set('a', v, 'A', 0, Infinity, undefined, 400);
		cache.set('b', v, 'B', 0, Infinity, undefined, 400);
		expect(cache.get('a')).toBe('A'); // b is now the least recent
		cache.set('c', v, 'C', 0, Infinity, undefined, 400);
		expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
		cache.set('a', v, 'A2', 0, Infinity, undefined, 100); // replaced: its old size no longer counts
		cache.set('d', v, 'D', 0, Infinity, undefined, 500);
		expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A2', 'C', 'D']);
		cache.set('huge', v, 'H', 0, Infinity, undefined, 1_001);
		expect(cache.get('huge')).toBeUndefined();
		expect(cache.size).toBe(3);
	});

	it('drops the entries that show a product’s flash-sale stock when it moves, or all of them without an id', () => {
		const { cache } = lru(10);
		const v = cache.version;
		cache.set('plain', v, 1, 0);
		cache.set('p1', v, 2, 0, Infinity, ['p1']);
		cache.set('p1p2', v, 3, 0, Infinity, ['p1', 'p2']);
		cache.set('p2', v, 4, 0, Infinity, ['p2']);
		cache.dropFlash('p1');
		expect(['plain', 'p1', 'p1p2', 'p2'].map((k) => cache.get(k))).toEqual([1, undefined, undefined, 4]);
		cache.dropFlash();
		expect(['plain', 'p2'].map((k) => cache.get(k))).toEqual([1, undefined]);
		expect(cache.version).toBe(v);
	});

	it('forgets which entries showed a product’s stock once they are replaced, evicted or invalidated', () => {
		const { cache } = lru(2);
		let v = cache.version;
		cache.set('a', v, 'A on sale', 0, Infinity, ['p1']);
		cache.set('a', v, 'A plain', 0); // replaced by an answer that shows no stock
		cache.set('b', v, 'B on sale', 0, Infinity, ['p1']);
		cache.set('c', v, 'C on sale', 0, Infinity, ['p2']); // evicts a
		cache.set('a', v, 'A again', 0); // evicts b
		cache.dropFlash('p1');
		expect(['a', 'b', 'c'].map((k) => cache.get(k))).toEqual(['A again', undefined, 'C on sale']);
		cache.invalidate();
		v = cache.version;
		cache.set('c', v, 'C plain', 0);
		cache.dropFlash('p2');
		cache.dropFlash();
		expect(cache.get('c')).toBe('C plain');
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

describe('reuseOfPrices', () => {
	const row = (id: string, sale: string | null, flashEnds: string | null, flashChanges: string | null) => ({
		id,
		sale_ends_at: sale,
		flash_ends_at: flashEnds,
		flash_changes_at: flashChanges
	});
	const at = Date.parse('2026-11-26T10:00:00Z');

	it('lasts until the first sale end or flash-sale start or end after the read, and names the flash products', () => {
		const reuse = reuseOfPrices(7, Date.parse('2026-11-26T12:00:00Z'), [
			row('a', '2026-11-26T11:00:00.000Z', null, null),
			// A scheduled flash sale: it shows (ends later) and starts before everything else changes.
			row('b', null, '2026-11-27T00:00:00.000Z', '2026-11-26T10:30:00.000Z'),
			row('c', '2026-11-26T09:00:00.000Z', null, null)
		], at, 3);
		expect(reuse).toEqual({ version: 7, validUntil: Date.parse('2026-11-26T10:30:00Z'), flash: { products: ['b'], epoch: 3 } });
	});

	it('carries no flash tag without flash sales, and keeps the caller’s bound when nothing ends sooner', () => {
		expect(reuseOfPrices(1, 5_000, [row('a', null, null, null)], 1_000, 0)).toEqual({ version: 1, validUntil: 5_000 });
	});
});

describe('flash-stock epochs', () => {
	it('tells a read whether a stock move was heard since it began', () => {
		const epoch = flashEpoch();
		expect(flashStockUnmovedSince(epoch)).toBe(true);
		flashStockMoved('p1', '12');
		expect(flashStockUnmovedSince(epoch)).toBe(false);
		expect(flashStockUnmovedSince(flashEpoch())).toBe(true);
	});
});
