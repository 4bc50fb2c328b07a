import { describe, expect, it } from 'vitest';
import { productTypes } from '../../src/lib/contracts/catalog';
import { pathProblem } from '../../src/lib/server/catalog/paths';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { Random } from '../../src/lib/server/catalog/seed/random';

const now = new Date('2026-09-01T08:00:00Z');

describe('generateCatalog', () => {
	const catalog = generateCatalog({ products: 3_000, seed: 42, now });

	it('is deterministic for a seed value and differs across seeds', () => {
		const again = generateCatalog({ products: 3_000, seed: 42, now });
		expect(again).toEqual(catalog);
		const other = generateCatalog({ products: 3_000, seed: 43, now });
		expect(other.products[0]!.id).not.toBe(catalog.products[0]!.id);
	});

	it('makes a small catalog the prefix of a large one', () => {
		const small = generateCatalog({ products: 100, seed: 42, now });
		expect(small.categories).toEqual(catalog.categories);
		expect(small.products).toEqual(catalog.products.slice(0, 100));
	});

	it('builds Lớp 1–12 with subjects per level and three textbook series under Toán', () => {
		const roots = catalog.categories.filter((c) => c.parentId === null);
		expect(roots.map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Lớp ${i + 1}`));
		const paths = new Set(catalog.categories.map((c) => c.path));
		expect(paths.size).toBe(catalog.categories.length);
		for (const p of ['lop-1/tieng-viet', 'lop-3/tin-hoc', 'lop-6/khoa-hoc-tu-nhien', 'lop-10/vat-li', 'lop-5/lich-su-va-dia-li']) expect(paths).toContain(p);
		for (const p of ['lop-1/ngu-van', 'lop-10/dao-duc', 'lop-2/tieng-anh']) expect(paths).not.toContain(p);
		expect([...paths].filter((p) => p.startsWith('lop-4/toan/'))).toEqual(['lop-4/toan/ket-noi-tri-thuc', 'lop-4/toan/chan-troi-sang-tao', 'lop-4/toan/canh-dieu']);
		for (const c of catalog.categories) {
			expect(pathProblem(c.path)).toBeNull();
			expect(c.depth).toBe(c.path.split('/').length - 1);
		}
	});

	it('gives every product a valid unique path, a Vietnamese file name with the right extension and a file key', () => {
		const ext: Record<string, RegExp> = { LESSON_PLAN: /\.docx$/, SLIDE: /\.pptx$/, VIDEO: /\.avi$/, MUSIC: /\.wav$/, COMBO: /\.zip$/ };
		const full = new Set<string>();
		for (const p of catalog.products) {
			const path = `${p.categoryPath}/${p.slug}`;
			expect(pathProblem(path)).toBeNull();
			full.add(path);
			expect(p.fileName).toMatch(ext[p.type]!);
			expect(p.fileKey).toBe(`products/${p.id}/file${p.fileName.slice(p.fileName.lastIndexOf('.'))}`);
			expect(p.title.normalize('NFC')).toBe(p.title);
			expect(p.tags.length).toBeGreaterThanOrEqual(3);
		}
		expect(full.size).toBe(catalog.products.length);
		expect(new Set(catalog.products.map((p) => p.id)).size).toBe(catalog.products.length);
		expect(catalog.products.some((p) => /[ăâđêôơưáàảãạ]/i.test(p.fileName))).toBe(true);
	});

	it('covers all five types with VND prices, free products and sales below the price', () => {
		expect(new Set(catalog.products.map((p) => p.type))).toEqual(new Set(productTypes));
		for (const p of catalog.products) {
			expect(p.priceVnd % 1000n).toBe(0n);
			expect(p.priceVnd >= 0n).toBe(true);
			if (p.salePriceVnd !== null) expect(p.salePriceVnd < p.priceVnd).toBe(true);
			expect(p.ratingAvg).toBeGreaterThanOrEqual(0);
			expect(p.ratingAvg).toBeLessThanOrEqual(5);
		}
		expect(catalog.products.some((p) => p.priceVnd === 0n)).toBe(true);
		expect(catalog.products.some((p) => p.saleEndsAt && p.saleEndsAt > now)).toBe(true);
		expect(catalog.products.some((p) => p.saleEndsAt && p.saleEndsAt < now)).toBe(true);
		expect(catalog.products.some((p) => p.title.includes('Đạo đức'))).toBe(true);
	});

	it('schedules running, upcoming, capped, uncapped and sold-out flash sales below the price', () => {
		const byId = new Map(catalog.products.map((p) => [p.id, p]));
		for (const f of catalog.flashSales) {
			expect(f.salePriceVnd < byId.get(f.productId)!.priceVnd).toBe(true);
			expect(f.endsAt > f.startsAt).toBe(true);
			if (f.stockCap === null) expect(f.stockLeft).toBeNull();
			else expect(f.stockLeft!).toBeLessThanOrEqual(f.stockCap);
		}
		expect(catalog.flashSales.some((f) => f.startsAt <= now && f.endsAt > now)).toBe(true);
		expect(catalog.flashSales.some((f) => f.startsAt > now)).toBe(true);
		expect(catalog.flashSales.some((f) => f.stockCap === null)).toBe(true);
		expect(catalog.flashSales.some((f) => f.stockLeft === 0)).toBe(true);
	});

	it('records old paths of renamed and moved products, never a live path, some products twice', () => {
		const live = new Set(catalog.products.map((p) => `${p.categoryPath}/${p.slug}`));
		const paths = catalog.aliases.map((a) => a.path);
		expect(new Set(paths).size).toBe(paths.length);
		for (const a of catalog.aliases) {
			expect(live.has(a.path)).toBe(false);
			expect(pathProblem(a.path)).toBeNull();
		}
		const perProduct = new Map<string, number>();
		for (const a of catalog.aliases) perProduct.set(a.productId, (perProduct.get(a.productId) ?? 0) + 1);
		expect([...perProduct.values()].some((n) => n === 2)).toBe(true);
		// Moved: the old path is in another category than the product's current one.
		const byId = new Map(catalog.products.map((p) => [p.id, p]));
		expect(catalog.aliases.some((a) => !a.path.startsWith(`${byId.get(a.productId)!.categoryPath}/`))).toBe(true);
	});

	it('rates products only from demo reviews by distinct paying buyers, reproducibly at any size', () => {
		expect(catalog.reviews.length).toBeGreaterThan(100);
		const byId = new Map(catalog.products.map((p) => [p.id, p]));
		const purchases = new Map(catalog.purchases.map((o) => [o.orderId, o]));
		const reviewsOf = new Map<string, { stars: number; userId: string }[]>();
		for (const r of catalog.reviews) {
			const product = byId.get(r.productId)!;
			// Only a paid purchase of a product on sale can be reviewed.
			expect(product.isPublished && product.priceVnd > 0n).toBe(true);
			const order = purchases.get(r.orderId)!;
			expect(order).toMatchObject({ userId: r.userId, productId: r.productId, priceVnd: product.priceVnd });
			expect(r.createdAt >= order.paidAt && r.createdAt <= now).toBe(true);
			expect(order.paidAt >= product.createdAt).toBe(true);
			expect(r.stars).toBeGreaterThanOrEqual(1);
			expect(r.stars).toBeLessThanOrEqual(5);
			expect(r.body.length).toBeGreaterThanOrEqual(10);
			expect(r.voterIds).not.toContain(r.userId);
			expect(r.helpfulCount).toBe(r.voterIds.length);
			reviewsOf.set(r.productId, [...(reviewsOf.get(r.productId) ?? []), r]);
		}
		for (const p of catalog.products) {
			const reviews = reviewsOf.get(p.id) ?? [];
			expect(new Set(reviews.map((r) => r.userId)).size).toBe(reviews.length);
			expect(p.ratingCount).toBe(reviews.length);
			const avg = reviews.length === 0 ? 0 : Math.round((reviews.reduce((s, r) => s + r.stars, 0) / reviews.length) * 100) / 100;
			expect(p.ratingAvg).toBe(avg);
		}
		const small = generateCatalog({ products: 100, seed: 42, now });
		const smallIds = new Set(small.products.map((p) => p.id));
		expect(small.reviews).toEqual(catalog.reviews.filter((r) => smallIds.has(r.productId)));
	});
});

describe('Random', () => {
	it('repeats its stream for a seed and draws v4-shaped UUIDs', () => {
		const a = new Random(1);
		const b = new Random(1);
		expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
		expect(new Random(9).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
	});
});
