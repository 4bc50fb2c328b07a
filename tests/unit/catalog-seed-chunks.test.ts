/**
 * The seed generates its catalog in chunks (src/lib/server/catalog/seed/generate.ts,
 * CatalogGenerator) and must build exactly the catalog it built whole before: the SHA-256 below is
 * that of the whole-catalog generator of commit b29fac1 (the last before chunks) for the same
 * options, over every row of every table, serialised as here. The same check at 100 000 and
 * 300 000 products is in docs/performance.md ("A compact search index and the seed in chunks").
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CatalogGenerator, generateCatalog, type SeedCatalog } from '../../src/lib/server/catalog/seed/generate';

const options = { products: 3_000, seed: 42, now: new Date('2026-11-28T00:00:00Z') };
const BEFORE_CHUNKS = '0ff5e81e7f0cba824880bc774ba02099a2cf0a11de0bc593c52a8a5c4ee7bd8f';

function sha256(catalog: SeedCatalog): string {
	const hash = createHash('sha256');
	for (const key of ['categories', 'products', 'aliases', 'flashSales', 'purchases', 'reviews'] as const) {
		for (const row of catalog[key]) hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) + '\n');
	}
	return hash.digest('hex');
}

function inChunks(size: number): SeedCatalog {
	const generator = new CatalogGenerator(options);
	const products = [];
	for (const chunk of generator.chunks(size)) {
		expect(chunk.length).toBeLessThanOrEqual(size);
		products.push(...chunk);
	}
	return { categories: generator.categories, products, ...generator.rest() };
}

describe('the seed catalog in chunks', () => {
	it('is byte for byte the catalog the whole-catalog generator built', () => {
		const whole = generateCatalog(options);
		expect(whole.aliases.length).toBeGreaterThan(50);
		expect(whole.flashSales.length).toBeGreaterThan(50);
		expect(sha256(whole)).toBe(BEFORE_CHUNKS);
	});

	it('is the same whatever the chunk size', () => {
		for (const size of [1, 7, 1_000, 5_000]) expect(sha256(inChunks(size))).toBe(BEFORE_CHUNKS);
	});

	it('refuses the aliases before every product is made (an old path may be a later product’s)', () => {
		const generator = new CatalogGenerator(options);
		generator.nextChunk(2_999);
		expect(() => generator.rest()).toThrow('2999 of 3000 products made');
	});
});
