import { c as config } from '../../../../chunks/config.js-CBoIX22t.js';
import { eq, sql, and, desc } from 'drizzle-orm';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import { a as db, b as categories, p as products } from '../../../../chunks/client.js-CTlknuH-.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../chunks/catalog.js-DINH2wV_.js';

const MAX_URLS = 5e4;
function escapeXml(s) {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]);
}
function encodePath(p) {
  return p.split("/").map(encodeURIComponent).join("/");
}
async function sitemapXml(origin) {
  const cats = await db().select({ path: categories.path }).from(categories).where(eq(categories.isActive, true)).orderBy(categories.path).limit(MAX_URLS);
  const prods = await db().select({ fullPath: sql`${categories.path} || '/' || ${products.slug}`, updatedAt: products.updatedAt }).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).where(and(eq(products.isPublished, true), eq(categories.isActive, true))).orderBy(desc(products.popularity), products.id).limit(MAX_URLS - cats.length);
  const urls = [
    `<url><loc>${escapeXml(origin + paths.home)}</loc></url>`,
    ...cats.map((c) => `<url><loc>${escapeXml(origin + paths.category(encodePath(c.path)))}</loc></url>`),
    ...prods.map(
      (p) => `<url><loc>${escapeXml(origin + paths.product(encodePath(p.fullPath)))}</loc><lastmod>${new Date(p.updatedAt).toISOString()}</lastmod></url>`
    )
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}
const GET = async () => new Response(await sitemapXml(config().origin), {
  headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" }
});

export { GET };
//# sourceMappingURL=_server.ts.js-1wQ40NOe.js.map
