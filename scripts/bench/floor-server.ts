/**
 * The floors: a bare node:http + postgres.js server doing what two app
 * endpoints do, with none of the framework (routing, validation, sessions,
 * envelopes, tRPC). The app's throughput is reported as a fraction of these.
 *
 * - GET /product/<fullPath>: the product-detail lookup of
 *   GET /api/v1/catalog/products/{fullPath}.
 * - GET /balance with the session cookie: the signed-in read of
 *   GET /api/v1/wallet/balance: the cookie's HMAC checked as the app checks
 *   it (AUTH_SECRET), then the session and the wallet in one statement.
 * - GET /listing/<categoryPath>?type=T&limit=N&after=<popularity>,<id>: the keyset query of
 *   GET /api/v1/catalog/categories/{path}?sort=popular (src/lib/server/catalog/listing.ts): one
 *   ordered index range per category of the subtree, merged, cut to the page, then the summary
 *   columns. Its text is built once, at start, by the app's own query builders
 *   (src/lib/server/catalog/product-query.ts), so both run the same statement; the subtree's
 *   category ids are read once at start too (the app keeps them in memory). No cursor signing,
 *   caching or envelope.
 * - POST /checkout {productId} with the session cookie: the wallet purchase of
 *   POST /api/v1/checkout in the fewest statements there can be, one: session,
 *   product and its effective price, the not-yet-owned check, the debit
 *   (bonus pocket first, never below zero), the PAID order, its ledger rows and
 *   the ownership, all in one data-modifying statement (atomic on its own).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fillPlaceholders, sql as q, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { and, flashSaleJoin, listOrders, summaryColumns } from '../../src/lib/server/catalog/product-query';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4100);
const authSecret = process.env.AUTH_SECRET;
if (!url || !authSecret) throw new Error('DATABASE_URL and AUTH_SECRET are required');

const sql = postgres(url, { max: 10 });

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

async function productDetail(req: IncomingMessage, res: ServerResponse): Promise<void> {
	const fullPath = decodeURIComponent((req.url ?? '').replace(/^\/product\//, '').split('?')[0] ?? '');
	const cut = fullPath.lastIndexOf('/');
	const rows = await sql`
		SELECT p.id, p.title, p.slug, p.type, p.price_vnd::text AS "priceVnd", p.rating_avg AS "ratingAvg",
		       c.id AS "categoryId", c.name AS "categoryName", c.path AS "categoryPath"
		FROM products p JOIN categories c ON c.id = p.category_id
		WHERE c.path = ${fullPath.slice(0, cut)} AND p.slug = ${fullPath.slice(cut + 1)} AND p.is_published
		LIMIT 1`;
	if (rows[0]) send(res, 200, { data: rows[0] });
	else send(res, 404, { error: { code: 'not_found' } });
}

/** category path → the ids of its subtree, read at start (inactive categories are left out, as the app does). */
const subtrees = new Map<string, string[]>();
const listingTexts = new Map<number, { sql: string; params: unknown[] }>();

/** The listing statement for a subtree of `branches` categories, with `after` (a cursor) or without. */
function listingText(branches: number, after: boolean): { sql: string; params: unknown[] } {
	const key = branches * 2 + (after ? 1 : 0);
	const known = listingTexts.get(key);
	if (known) return known;
	const order = listOrders.popular;
	const now = q.placeholder('now');
	const limit = q.placeholder('limit');
	const conditions: SQL[] = [q`p.is_published`, q`p.type = ${q.placeholder('type')}`];
	if (after) conditions.push(order.after([q.placeholder('afterPopularity') as unknown as number, q.placeholder('afterId') as unknown as string]));
	const parts = Array.from({ length: branches }, (_, i) => q`(SELECT p.* FROM products p
		WHERE p.category_id = ${q.placeholder(`c${i}`)}::uuid AND ${and(conditions)}
		ORDER BY ${order.orderBy} LIMIT ${limit})`);
	const picked = q`SELECT * FROM (${q.join(parts, q` UNION ALL `)}) p ORDER BY ${order.orderBy} LIMIT ${limit}`;
	const text = new PgDialect().sqlToQuery(q`
		SELECT ${summaryColumns(now)}
		FROM (${picked}) p
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		ORDER BY ${order.orderBy}`);
	listingTexts.set(key, text);
	return text;
}

async function listing(req: IncomingMessage, res: ServerResponse): Promise<void> {
	const url = new URL(req.url ?? '/', 'http://floor');
	const ids = subtrees.get(decodeURIComponent(url.pathname.replace(/^\/listing\//, '')));
	if (!ids || ids.length === 0 || ids.length > 24) return send(res, 404, { error: { code: 'not_found' } });
	const after = url.searchParams.get('after')?.split(',');
	const statement = listingText(ids.length, Boolean(after));
	const values: Record<string, unknown> = {
		now: new Date().toISOString(),
		limit: Number(url.searchParams.get('limit') ?? 13),
		type: url.searchParams.get('type'),
		...(after ? { afterPopularity: Number(after[0]), afterId: after[1] } : {}),
		...Object.fromEntries(ids.map((id, i) => [`c${i}`, id]))
	};
	const rows = await sql.unsafe(statement.sql, fillPlaceholders(statement.params, values) as postgres.ParameterOrJSON<never>[], { prepare: true });
	send(res, 200, { data: rows });
}

async function loadSubtrees(): Promise<void> {
	const rows = await sql<{ path: string; ids: string[] }[]>`
		SELECT root.path, array_agg(sub.id::text) AS ids
		FROM categories root JOIN categories sub ON (sub.path = root.path OR sub.path LIKE root.path || '/%') AND sub.is_active
		WHERE root.is_active GROUP BY root.path`;
	for (const r of rows) subtrees.set(r.path, r.ids);
}

/** The session token of a signed `auth.session_data` cookie (src/lib/server/platform/signing.ts), or null. */
function sessionToken(cookieHeader: string | undefined): string | null {
	const signed = /auth\.session_data=([^;]+)/.exec(cookieHeader ?? '')?.[1];
	const dot = signed?.lastIndexOf('.') ?? -1;
	if (!signed || dot <= 0) return null;
	const token = signed.slice(0, dot);
	const expected = Buffer.from(createHmac('sha256', authSecret!).update(`session\n${token}`).digest('base64url'));
	const given = Buffer.from(signed.slice(dot + 1));
	return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

async function balance(req: IncomingMessage, res: ServerResponse): Promise<void> {
	const token = sessionToken(req.headers.cookie);
	if (!token) return send(res, 401, { error: { code: 'unauthenticated' } });
	const sessionId = createHash('sha256').update(token).digest('hex');
	const [w] = await sql<{ main: string; bonus: string; total: string }[]>`
		SELECT w.main::text, w.bonus::text, (w.main + w.bonus)::text AS total
		FROM sessions s JOIN wallets w ON w.user_id = s.user_id
		WHERE s.id = ${sessionId} AND s.expires_at > now()`;
	if (w) send(res, 200, { data: w });
	else send(res, 401, { error: { code: 'unauthenticated' } });
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

async function checkout(req: IncomingMessage, res: ServerResponse): Promise<void> {
	const token = /auth\.session_data=([^.;]+)/.exec(req.headers.cookie ?? '')?.[1];
	const { productId } = JSON.parse(await readBody(req)) as { productId: string };
	if (!token) return send(res, 401, { error: { code: 'unauthenticated' } });
	const sessionId = createHash('sha256').update(token).digest('hex');
	const [order] = await sql<{ id: string; order_number: string }[]>`
		WITH s AS (SELECT user_id FROM sessions WHERE id = ${sessionId} AND expires_at > now()),
		p AS (
			SELECT p.id, p.price_vnd, effective_price(p.id, p.price_vnd, p.sale_price_vnd, p.sale_ends_at, now()) AS price
			FROM products p, s
			WHERE p.id = ${productId} AND p.is_published
				AND NOT EXISTS (SELECT 1 FROM product_ownerships o WHERE o.user_id = s.user_id AND o.product_id = p.id)
		),
		before AS (SELECT w.user_id, w.bonus FROM wallets w, s WHERE w.user_id = s.user_id FOR UPDATE),
		w AS (
			UPDATE wallets w SET bonus = w.bonus - LEAST(w.bonus, p.price), main = w.main - (p.price - LEAST(w.bonus, p.price)), updated_at = now()
			FROM before, p
			WHERE w.user_id = before.user_id AND p.price > 0 AND w.main + w.bonus >= p.price
			RETURNING w.user_id, w.main + w.bonus AS total, before.bonus - w.bonus AS from_bonus, p.id AS product_id, p.price, p.price_vnd
		),
		o AS (
			INSERT INTO orders (id, user_id, product_id, price_vnd, price_source, amount_vnd, payment_method, status, receipt_status, paid_at, created_at, updated_at)
			SELECT gen_random_uuid(), user_id, product_id, price, CASE WHEN price < price_vnd THEN 'sale' ELSE 'list' END, price, 'wallet', 'PAID', 'pending', now(), now(), now()
			FROM w
			RETURNING id, order_number, user_id, product_id
		),
		l AS (
			INSERT INTO wallet_ledger (user_id, entry_type, direction, pocket, amount, balance_after, ref_type, ref_id, note)
			SELECT w.user_id, 'PURCHASE', 'DEBIT', x.pocket, x.amount, x.balance_after, 'order', o.id::text, 'floor checkout'
			FROM w, o, LATERAL (VALUES ('bonus', w.from_bonus, w.total + w.price - w.from_bonus), ('main', w.price - w.from_bonus, w.total)) AS x(pocket, amount, balance_after)
			WHERE x.amount > 0
		),
		own AS (INSERT INTO product_ownerships (user_id, product_id, source, order_id) SELECT user_id, product_id, 'purchase', id FROM o)
		SELECT id, order_number::text FROM o`;
	if (order) send(res, 200, { data: { order: { id: order.id, orderNumber: order.order_number, status: 'PAID' } } });
	else send(res, 409, { error: { code: 'state_violation' } });
}

await loadSubtrees();

createServer((req, res) => {
	const work =
		req.method === 'POST' && req.url === '/checkout'
			? checkout(req, res)
			: req.url === '/balance'
				? balance(req, res)
				: req.url?.startsWith('/listing/')
					? listing(req, res)
					: productDetail(req, res);
	work.catch((error: unknown) => send(res, 500, { error: { code: 'internal_error', message: String(error) } }));
}).listen(port, '127.0.0.1', () => console.log(`floor listening on ${port}`));
