import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productTypes } from '../../src/lib/contracts/catalog';
import { allCovers } from '../../src/lib/server/catalog/seed/covers';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';

describe('demo covers', () => {
	it('are committed exactly as rendered (npx tsx scripts/write-covers.ts), one distinct labelled SVG per subject and type', () => {
		const covers = allCovers();
		for (const [path, svg] of covers) {
			expect(readFileSync(`static/${path}`, 'utf8'), path).toBe(svg);
			expect(svg).toMatch(/role="img" aria-label="[^"]+ môn [^"]+"/);
			expect(svg).toMatch(/<title>[^<]+<\/title>/);
		}
		expect(new Set(covers.map(([, svg]) => svg)).size).toBe(covers.length);
	});

	it('are what the seed picks, by the product’s subject and type', () => {
		const catalog = generateCatalog({ products: 600, seed: 1, now: new Date('2026-09-01T08:00:00Z') });
		const paths = new Set(allCovers().map(([p]) => `/${p}`));
		const seen = new Set<string>();
		for (const p of catalog.products) {
			const subject = p.categoryPath.split('/')[1];
			expect(p.coverImageUrl).toMatch(new RegExp(`^/covers/${subject}/`));
			expect(paths).toContain(p.coverImageUrl);
			seen.add(p.coverImageUrl);
		}
		expect(seen.size).toBeGreaterThan(productTypes.length * 10);
	});
});
