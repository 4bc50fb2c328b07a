/**
 * The floor: a bare node:http + postgres.js server answering the same
 * product-detail lookup as GET /api/v1/catalog/products/{fullPath}, with none
 * of the framework (routing, validation, sessions, envelopes). The app's
 * throughput is reported as a fraction of this.
 */
import { createServer } from 'node:http';
import postgres from 'postgres';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4100);
if (!url) throw new Error('DATABASE_URL is required');

const sql = postgres(url, { max: 10 });

createServer(async (req, res) => {
	const fullPath = decodeURIComponent((req.url ?? '').replace(/^\/product\//, '').split('?')[0] ?? '');
	const cut = fullPath.lastIndexOf('/');
	const rows = await sql`
		SELECT p.id, p.title, p.slug, p.type, p.price_vnd::text AS "priceVnd", p.rating_avg AS "ratingAvg",
		       c.id AS "categoryId", c.name AS "categoryName", c.path AS "categoryPath"
		FROM products p JOIN categories c ON c.id = p.category_id
		WHERE c.path = ${fullPath.slice(0, cut)} AND p.slug = ${fullPath.slice(cut + 1)} AND p.is_published
		LIMIT 1`;
	const body = rows[0] ? JSON.stringify({ data: rows[0] }) : '{"error":{"code":"not_found"}}';
	res.writeHead(rows[0] ? 200 : 404, { 'content-type': 'application/json' });
	res.end(body);
}).listen(port, '127.0.0.1', () => console.log(`floor listening on ${port}`));
