/**
 * effective_price() and its helpers, run on an in-memory PGlite with every
 * committed migration applied (the real flash_sales table and functions),
 * over a table of cases. The same SQL runs on PostgreSQL in production; the
 * integration suites exercise it there through the HTTP API.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePriceInline } from '../../src/lib/server/catalog/pricing';
import type { Db } from '../../src/lib/server/db/client';
import { prepareFixed } from '../../src/lib/server/db/rows';
import { flashSaleJoin, summaryColumns } from '../../src/lib/server/catalog/product-query';

const AT = new Date('2026-06-01T12:00:00Z');
const H = 3_600_000;
const at = (ms: number) => new Date(AT.getTime() + ms).toISOString();

let pg: PGlite;
let categoryId: string;

beforeAll(async () => {
	pg = new PGlite({ extensions: { unaccent, pg_trgm } });
	await migrate(drizzle(pg), { migrationsFolder: 'drizzle' });
	const { rows } = await pg.query<{ id: string }>(`INSERT INTO categories (name, slug, path) VALUES ('Giá', 'gia', 'gia') RETURNING id`);
	categoryId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
	await pg?.close();
});

interface Flash {
	from: number;
	to: number;
	price: number;
	cap?: number | null;
	left?: number | null;
}
interface Case {
	name: string;
	list: number;
	sale?: number | null;
	saleEnds?: number | null;
	flash?: Flash[];
	regular: number;
	effective: number;
}

const cases: Case[] = [
	{ name: 'no sale', list: 50_000, regular: 50_000, effective: 50_000 },
	{ name: 'free product', list: 0, regular: 0, effective: 0 },
	{ name: 'open-ended sale', list: 50_000, sale: 35_000, regular: 35_000, effective: 35_000 },
	{ name: 'sale window active', list: 50_000, sale: 35_000, saleEnds: 1, regular: 35_000, effective: 35_000 },
	{ name: 'sale window ends exactly now (exclusive)', list: 50_000, sale: 35_000, saleEnds: 0, regular: 50_000, effective: 50_000 },
	{ name: 'sale window expired', list: 50_000, sale: 35_000, saleEnds: -H, regular: 50_000, effective: 50_000 },
	{ name: 'sale above the list price is ignored', list: 50_000, sale: 60_000, regular: 50_000, effective: 50_000 },
	{ name: 'sale to zero makes it free', list: 15_000, sale: 0, regular: 0, effective: 0 },
	{ name: 'future-dated end is still running', list: 50_000, sale: 35_000, saleEnds: 24 * H, regular: 35_000, effective: 35_000 },
	{ name: 'flash sale uncapped', list: 50_000, flash: [{ from: -H, to: H, price: 20_000 }], regular: 50_000, effective: 20_000 },
	{ name: 'flash sale with stock', list: 50_000, flash: [{ from: -H, to: H, price: 20_000, cap: 5, left: 1 }], regular: 50_000, effective: 20_000 },
	{ name: 'flash sale without stock', list: 50_000, flash: [{ from: -H, to: H, price: 20_000, cap: 5, left: 0 }], regular: 50_000, effective: 50_000 },
	{ name: 'flash sale capped, stock never set', list: 50_000, flash: [{ from: -H, to: H, price: 20_000, cap: 5, left: null }], regular: 50_000, effective: 50_000 },
	{ name: 'flash sale starts exactly now (inclusive)', list: 50_000, flash: [{ from: 0, to: H, price: 20_000 }], regular: 50_000, effective: 20_000 },
	{ name: 'flash sale in the future', list: 50_000, flash: [{ from: 1, to: H, price: 20_000 }], regular: 50_000, effective: 50_000 },
	{ name: 'flash sale ends exactly now (exclusive)', list: 50_000, flash: [{ from: -H, to: 0, price: 20_000 }], regular: 50_000, effective: 50_000 },
	{ name: 'flash sale ended', list: 50_000, flash: [{ from: -2 * H, to: -H, price: 20_000 }], regular: 50_000, effective: 50_000 },
	{ name: 'flash sale beats a running sale', list: 50_000, sale: 35_000, flash: [{ from: -H, to: H, price: 20_000 }], regular: 35_000, effective: 20_000 },
	{ name: 'running sale beats a dearer flash sale', list: 50_000, sale: 15_000, flash: [{ from: -H, to: H, price: 20_000 }], regular: 15_000, effective: 15_000 },
	{ name: 'tie: flash sale at the sale price', list: 50_000, sale: 30_000, flash: [{ from: -H, to: H, price: 30_000 }], regular: 30_000, effective: 30_000 },
	{ name: 'tie: flash sale at the list price', list: 50_000, flash: [{ from: -H, to: H, price: 50_000 }], regular: 50_000, effective: 50_000 },
	{ name: 'sold-out flash sale falls back to the sale', list: 50_000, sale: 35_000, flash: [{ from: -H, to: H, price: 10_000, cap: 3, left: 0 }], regular: 35_000, effective: 35_000 },
	{
		name: 'cheapest open of several flash sales',
		list: 50_000,
		flash: [
			{ from: -H, to: H, price: 9_000 },
			{ from: -H, to: H, price: 7_000, cap: 2, left: 2 },
			{ from: -H, to: H, price: 5_000, cap: 2, left: 0 },
			{ from: H, to: 2 * H, price: 1_000 }
		],
		regular: 50_000,
		effective: 7_000
	},
	{ name: 'a flash sale never raises the price', list: 15_000, sale: 20_000, flash: [{ from: -H, to: H, price: 30_000 }], regular: 15_000, effective: 15_000 }
];

async function insertCase(c: Case, slug: string): Promise<string> {
	const { rows } = await pg.query<{ id: string }>(
		`INSERT INTO products (category_id, type, title, slug, price_vnd, sale_price_vnd, sale_ends_at, is_published)
		 VALUES ($1, 'LESSON_PLAN', $2, $3, $4, $5, $6, true) RETURNING id`,
		[categoryId, c.name, slug, String(c.list), c.sale == null ? null : String(c.sale), c.saleEnds == null ? null : at(c.saleEnds)]
	);
	const id = rows[0]!.id;
	for (const f of c.flash ?? []) {
		await pg.query(
			`INSERT INTO flash_sales (product_id, starts_at, ends_at, sale_price_vnd, stock_cap, stock_left) VALUES ($1, $2, $3, $4, $5, $6)`,
			[id, at(f.from), at(f.to), String(f.price), f.cap ?? null, f.left ?? null]
		);
	}
	return id;
}

describe('effective_price()', () => {
	it.each(cases.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
		const id = await insertCase(c, `gia-${i}`);
		const { rows } = await pg.query<{ regular: string; effective: string }>(
			`SELECT regular_price(p.price_vnd, p.sale_price_vnd, p.sale_ends_at, $2::timestamptz)::text AS regular,
				effective_price(p.id, p.price_vnd, p.sale_price_vnd, p.sale_ends_at, $2::timestamptz)::text AS effective
			 FROM products p WHERE p.id = $1`,
			[id, AT.toISOString()]
		);
		expect(rows[0]).toEqual({ regular: String(c.regular), effective: String(c.effective) });
	});

	// Summaries (listing, search, detail) price a row from its flash-sale join instead of calling
	// effective_price(); over the same cases both must give the same price.
	it.each(cases.map((c, i) => [c.name, c, i] as const))('a summary row shows it: %s', async (_name, c, i) => {
		const id = await insertCase(c, `gia-summary-${i}`);
		const rows = await drizzle(pg).execute<{ effective_price_vnd: string }>(sql`
			SELECT ${summaryColumns(AT)}
			FROM products p JOIN categories c ON c.id = p.category_id ${flashSaleJoin(AT)}
			WHERE p.id = ${id}::uuid`);
		expect(rows.rows.map((r) => r.effective_price_vnd)).toEqual([String(c.effective)]);
	});

	// A search page's summaries are one statement built once (db/rows.ts fixedQuery), the instant a placeholder.
	it.each(cases.map((c, i) => [c.name, c, i] as const))('a summary built once, the instant bound per call, shows it: %s', async (_name, c, i) => {
		const id = await insertCase(c, `gia-fixed-${i}`);
		const now = sql.placeholder('now');
		const summaries = prepareFixed<{ effective_price_vnd: string }>(
			drizzle(pg) as unknown as Db,
			sql`SELECT ${summaryColumns(now)} FROM products p JOIN categories c ON c.id = p.category_id ${flashSaleJoin(now)}
				WHERE p.id = ${sql.placeholder('id')}::uuid`
		);
		const price = async (instant: Date) => (await summaries({ now: instant.toISOString(), id })).map((r) => r.effective_price_vnd);
		expect(await price(AT)).toEqual([String(c.effective)]);
		// The same statement at another instant: a day later every sale and flash sale of the table has ended.
		expect(await price(new Date(AT.getTime() + 25 * H))).toEqual([String(Math.min(c.list, c.sale != null && c.saleEnds == null ? c.sale : c.list))]);
	});

	// Price filters spell the function's body inline (a call per walked row is three times dearer).
	it.each(cases.map((c, i) => [c.name, c, i] as const))('the inline spelling gives it: %s', async (_name, c, i) => {
		const id = await insertCase(c, `gia-inline-${i}`);
		const rows = await drizzle(pg).execute<{ price: string }>(
			sql`SELECT (${effectivePriceInline(AT)})::text AS price FROM products p WHERE p.id = ${id}::uuid`
		);
		expect(rows.rows.map((r) => r.price)).toEqual([String(c.effective)]);
	});

	it('reads the time it is given, not now(): the same row prices differently at different instants', async () => {
		const id = await insertCase({ name: 'clock', list: 50_000, sale: 40_000, saleEnds: 2 * H, flash: [{ from: H, to: 3 * H, price: 10_000 }], regular: 0, effective: 0 }, 'gia-clock');
		const priceAt = async (ms: number) =>
			(
				await pg.query<{ e: string }>(
					`SELECT effective_price(p.id, p.price_vnd, p.sale_price_vnd, p.sale_ends_at, $2::timestamptz)::text AS e FROM products p WHERE p.id = $1`,
					[id, at(ms)]
				)
			).rows[0]!.e;
		expect([await priceAt(0), await priceAt(H), await priceAt(2 * H), await priceAt(3 * H)]).toEqual(['40000', '10000', '10000', '50000']);
	});

	it('is STABLE and its pure parts IMMUTABLE, so the planner may inline and fold them', async () => {
		const { rows } = await pg.query<{ proname: string; provolatile: string }>(
			`SELECT proname, provolatile FROM pg_proc WHERE proname IN ('effective_price', 'regular_price', 'sale_running', 'flash_sale_open', 'price_with_flash') ORDER BY proname`
		);
		expect(rows).toEqual([
			{ proname: 'effective_price', provolatile: 's' },
			{ proname: 'flash_sale_open', provolatile: 'i' },
			{ proname: 'price_with_flash', provolatile: 'i' },
			{ proname: 'regular_price', provolatile: 'i' },
			{ proname: 'sale_running', provolatile: 'i' }
		]);
	});
});

/**
 * quote_source(): what a checkout quote offers (migration "price_source", docs/decisions/023). The
 * rule is written once, in SQL: checkout_wallet and checkout/price.ts both take the offer from it.
 */
describe('quote_source', () => {
	const flashId = '00000000-0000-4000-8000-000000000001';
	const cases: [string, { flash: string | null; undercut: boolean; effective: string; list: string }, string | null][] = [
		['an open flash sale sets the price, even while another runs out', { flash: flashId, undercut: true, effective: '9000', list: '10000' }, 'flash_sale'],
		['a running flash sale with no stock left was all that made it cheaper: sold out', { flash: null, undercut: true, effective: '10000', list: '10000' }, null],
		['a sale below the list price', { flash: null, undercut: false, effective: '8000', list: '10000' }, 'sale'],
		['the list price', { flash: null, undercut: false, effective: '10000', list: '10000' }, 'list'],
		['amounts compared as numbers, not text', { flash: null, undercut: false, effective: '9000', list: '10000' }, 'sale']
	];
	it.each(cases)('%s', async (_name, c, expected) => {
		const { rows } = await pg.query<{ source: string | null }>(`SELECT quote_source($1::uuid, $2, $3, $4) AS source`, [c.flash, c.undercut, c.effective, c.list]);
		expect(rows[0]!.source).toBe(expected);
	});

	it('is what checkout_wallet offers: a sold-out flash sale refuses the purchase rather than charge the regular price', async () => {
		const body = (await pg.query<{ src: string }>(`SELECT prosrc AS src FROM pg_proc WHERE proname = 'checkout_wallet'`)).rows[0]!.src;
		expect(body).toContain('quote_source(q.flash_id, q.undercut_running, q.effective, q.list)');
		expect(body).not.toMatch(/'sale'|'list'/);
	});
});
