/**
 * Titles and page paths of products by id, for the order and checkout pages
 * (orders carry only a product id). Only published products: the answer is
 * public, and a withdrawn product has no page to link to anyway.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ProductLink } from '../../contracts/product-links';
import { db } from '../db/client';
import { categories, products } from '../db/schema';

export async function productLinks(ids: readonly string[]): Promise<ProductLink[]> {
	if (ids.length === 0) return [];
	const rows = await db()
		.select({
			id: products.id,
			title: products.title,
			type: products.type,
			slug: products.slug,
			categoryPath: categories.path,
			coverImageUrl: products.coverImageUrl
		})
		.from(products)
		.innerJoin(categories, eq(categories.id, products.categoryId))
		.where(and(inArray(products.id, [...new Set(ids)]), eq(products.isPublished, true)));
	return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, fullPath: `${r.categoryPath}/${r.slug}`, coverImageUrl: r.coverImageUrl }));
}
