import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productTypes } from '../../src/lib/contracts/catalog';
import { productTypeInfo, typeLabel, typeName } from '../../src/lib/product-types';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { sourceFiles } from '../helpers/source-files';

describe('the product-type registry (src/lib/product-types.ts)', () => {
	it('describes exactly the wire types, each with its own label, name, colours, cover and sample', () => {
		expect(Object.keys(productTypeInfo).sort()).toEqual([...productTypes].sort());
		const labels = productTypes.map(typeLabel);
		expect(new Set(labels).size).toBe(productTypes.length);
		expect(new Set(productTypes.map((t) => productTypeInfo[t].cover.file)).size).toBe(productTypes.length);
		for (const t of productTypes) {
			expect(productTypeInfo[t].colours.fg).toMatch(/^#[0-9a-f]{6}$/);
			expect(typeName(t).length).toBeGreaterThan(0);
		}
	});

	it('names classroom music "Nhạc", never the subject "Âm nhạc"', () => {
		expect(typeLabel('MUSIC')).toBe('Nhạc');
		expect(productTypes.map(typeName)).not.toContain('Âm nhạc');
	});

	it('gives every type a sample whose file name, bytes and content type agree', () => {
		for (const t of productTypes) {
			const sample = sampleFile(t, 'Mẫu');
			expect(sample.fileName).toBe(`Mẫu${productTypeInfo[t].sample}`);
			expect(sample.contentType).not.toBe('application/octet-stream');
			expect(sample.bytes.byteLength).toBeGreaterThan(0);
		}
	});

	it('is the only place pages and components decide by type: none tests `type === "…"` itself', () => {
		const inline = new RegExp(`type\\s*[!=]==?\\s*'(${productTypes.join('|')})'`);
		const offenders = [...sourceFiles('src/routes', /\.(svelte|ts)$/), ...sourceFiles('src/lib/components', /\.(svelte|ts)$/)].filter((f) => inline.test(readFileSync(f, 'utf8')));
		expect(offenders).toEqual([]);
	});
});
