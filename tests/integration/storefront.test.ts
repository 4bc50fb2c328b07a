/**
 * The storefront-only tRPC procedures (no REST route): running flash sales
 * for the home page, the owner's download link on the product page, and which
 * listed products the account owns (music page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, createUser, request, sql } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({ env: { SEED_ON_EMPTY: 'true', SEED_PRODUCTS: '400' } });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

interface Summary {
	id: string;
	priceVnd: string;
	salePriceVnd: string | null;
	isOnSale: boolean;
	saleEndsAt: string | null;
	flashSale: { active: boolean; endTime: string; stockLeft: number | null } | null;
}

async function trpcQuery<T>(path: string, input: unknown, cookie?: string) {
	const res = await request<{ result?: { data: T }; error?: { message: string; data: { appCode: string; httpStatus: number } } }>(
		server.url,
		`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
		{ headers: cookie ? { cookie } : {} }
	);
	return { status: res.status, data: res.body.result?.data as T, error: res.body.error };
}

describe('storefront.flashSales', () => {
	it('lists the running, not sold-out flash sales, ending soonest first, at their flash price', async () => {
		const running = await sql<{ n: number }>(
			server.url,
			`SELECT count(DISTINCT f.product_id)::int AS n FROM flash_sales f JOIN products p ON p.id = f.product_id
			 WHERE p.is_published AND f.starts_at <= now() AND f.ends_at > now() AND (f.stock_left IS NULL OR f.stock_left > 0)`
		);
		expect(running[0]!.n).toBeGreaterThan(1);
		const { status, data } = await trpcQuery<Summary[]>('storefront.flashSales', { limit: 24 });
		expect(status).toBe(200);
		expect(data.length).toBe(Math.min(24, running[0]!.n));
		for (const p of data) {
			expect(p.flashSale?.active).toBe(true);
			expect(p.isOnSale).toBe(true);
			expect(BigInt(p.salePriceVnd!)).toBeLessThan(BigInt(p.priceVnd));
			expect(p.flashSale!.stockLeft === null || p.flashSale!.stockLeft > 0).toBe(true);
		}
		const ends = data.map((p) => Date.parse(p.flashSale!.endTime));
		expect(ends).toEqual([...ends].sort((a, b) => a - b));

		const two = await trpcQuery<Summary[]>('storefront.flashSales', { limit: 2 });
		expect(two.data.map((p) => p.id)).toEqual(data.slice(0, 2).map((p) => p.id));
		expect((await trpcQuery('storefront.flashSales', { limit: 0 })).status).toBe(400);
	});

	it('leaves out sold-out sales and, once the clock passes every end, has nothing to show', async () => {
		const { data } = await trpcQuery<Summary[]>('storefront.flashSales', { limit: 24 });
		const soldOut = data.find((p) => p.flashSale!.stockLeft !== null);
		expect(soldOut, 'a flash sale with a stock cap').toBeDefined();
		await sql(server.url, 'UPDATE flash_sales SET stock_left = 0 WHERE product_id = $1::uuid AND stock_left IS NOT NULL', [soldOut!.id]);
		const after = await trpcQuery<Summary[]>('storefront.flashSales', { limit: 24 });
		expect(after.data.map((p) => p.id)).not.toContain(soldOut!.id);
		expect(after.data.length).toBe(data.length - 1);

		await advanceClock(server.url, 4 * 24 * 3_600_000);
		const later = await trpcQuery<Summary[]>('storefront.flashSales', { limit: 24 });
		expect(later.data).toEqual([]);
		await request(server.url, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
	});
});

describe('storefront.ownedDownload', () => {
	it('needs a session, refuses a product the account does not own, and links owners to /tai-ve', async () => {
		const [product] = await sql<{ id: string }>(server.url, `SELECT id::text FROM products WHERE is_published AND type = 'LESSON_PLAN' LIMIT 1`);
		const anonymous = await trpcQuery('storefront.ownedDownload', { productId: product!.id });
		expect(anonymous.status).toBe(401);
		expect(anonymous.error?.data.appCode).toBe('unauthenticated');

		const user = await createUser(server.url);
		const notOwned = await trpcQuery('storefront.ownedDownload', { productId: product!.id }, user.cookie);
		expect(notOwned.status).toBe(403);
		expect(notOwned.error?.data.appCode).toBe('forbidden');
		expect(notOwned.error?.message).toBe('Bạn chưa sở hữu học liệu này.');

		await sql(server.url, `INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1::uuid, $2::uuid, 'grant')`, [user.userId, product!.id]);
		const owned = await trpcQuery<{ url: string; expiresAt: string }>('storefront.ownedDownload', { productId: product!.id }, user.cookie);
		expect(owned.status).toBe(200);
		expect(owned.data.url).toMatch(/^\/tai-ve\?token=/);
		expect(Date.parse(owned.data.expiresAt)).toBeGreaterThan(Date.now());

		// The token is the same kind receipts carry: it buys the file, and only for this product.
		const token = new URL(owned.data.url, server.url).searchParams.get('token');
		const exchanged = await request<{ data: { url: string } }>(server.url, '/api/v1/downloads/by-token', { method: 'POST', json: { token } });
		expect(exchanged.status).toBe(200);
		const file = await fetch(new URL(exchanged.body.data.url, server.url));
		expect(file.status).toBe(200);
		expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);

		// Ownership revoked: the link the page showed stops working.
		await sql(server.url, 'DELETE FROM product_ownerships WHERE user_id = $1::uuid AND product_id = $2::uuid', [user.userId, product!.id]);
		expect((await request(server.url, '/api/v1/downloads/by-token', { method: 'POST', json: { token } })).status).toBe(403);
	});
});

describe('storefront.ownedProducts', () => {
	it('needs a session and answers which of the listed products the account owns', async () => {
		const rows = await sql<{ id: string }>(server.url, `SELECT id::text FROM products WHERE is_published AND type = 'MUSIC' ORDER BY id LIMIT 3`);
		const ids = rows.map((r) => r.id);
		expect(ids).toHaveLength(3);
		const anonymous = await trpcQuery('storefront.ownedProducts', { ids });
		expect(anonymous.status).toBe(401);

		const user = await createUser(server.url);
		expect((await trpcQuery<string[]>('storefront.ownedProducts', { ids }, user.cookie)).data).toEqual([]);
		await sql(server.url, `INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1::uuid, $2::uuid, 'grant')`, [user.userId, ids[1]]);
		const owned = await trpcQuery<string[]>('storefront.ownedProducts', { ids }, user.cookie);
		expect(owned.status).toBe(200);
		expect(owned.data).toEqual([ids[1]]);

		// Another account's ownership is not visible; malformed or empty lists are refused.
		const other = await createUser(server.url);
		expect((await trpcQuery<string[]>('storefront.ownedProducts', { ids }, other.cookie)).data).toEqual([]);
		expect((await trpcQuery('storefront.ownedProducts', { ids: [] }, user.cookie)).status).toBe(400);
		expect((await trpcQuery('storefront.ownedProducts', { ids: ['not-a-uuid'] }, user.cookie)).status).toBe(400);
	});
});
