/**
 * sitemap.xml of category and product pages. The protocol allows 50 000 URLs
 * per file; categories come first, then the most popular published products.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { paths } from '../../paths';
import { db } from '../db/client';
import { categories, products } from '../db/schema';

const MAX_URLS = 50_000;

function escapeXml(s: string): string {
	return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

function encodePath(p: string): string {
	return p.split('/').map(encodeURIComponent).join('/');
}

export async function sitemapXml(origin: string): Promise<string> {
	const cats = await db()
		.select({ path: categories.path })
		.from(categories)
		.where(eq(categories.isActive, true))
		.orderBy(categories.path)
		.limit(MAX_URLS);
	const prods = await db()
		.select({ fullPath: sql<string>`${categories.path} || '/' || ${products.slug}`, updatedAt: products.updatedAt })
		.from(products)
		.innerJoin(categories, eq(products.categoryId, categories.id))
		.where(and(eq(products.isPublished, true), eq(categories.isActive, true)))
		.orderBy(desc(products.popularity), products.id)
		.limit(MAX_URLS - cats.length);
	const urls = [
		`<url><loc>${escapeXml(origin + paths.home)}</loc></url>`,
		...cats.map((c) => `<url><loc>${escapeXml(origin + paths.category(encodePath(c.path)))}</loc></url>`),
		...prods.map(
			(p) =>
				`<url><loc>${escapeXml(origin + paths.product(encodePath(p.fullPath)))}</loc><lastmod>${new Date(p.updatedAt).toISOString()}</lastmod></url>`
		)
	];
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
