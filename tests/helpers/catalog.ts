/**
 * Catalog fixtures written straight into a test server's database through the
 * SQL test hook (the server owns the database, so tests cannot open it).
 * The hook binds parameters by position, so each `$n` appears once, in order.
 */
import { request, sql } from './http';

export interface CategoryFixture {
	id: string;
	path: string;
}

export async function insertCategory(
	base: string,
	c: { name: string; slug: string; parent?: CategoryFixture; sortOrder?: number; isActive?: boolean }
): Promise<CategoryFixture> {
	const path = c.parent ? `${c.parent.path}/${c.slug}` : c.slug;
	const depth = path.split('/').length - 1;
	const [row] = await sql<{ id: string }>(
		base,
		`INSERT INTO categories (parent_id, name, slug, path, depth, sort_order, is_active)
		 VALUES ($1::uuid, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
		[c.parent?.id ?? null, c.name, c.slug, path, depth, c.sortOrder ?? 0, c.isActive ?? true]
	);
	return { id: row!.id, path };
}

export interface ProductFixture {
	categoryId: string;
	title: string;
	slug: string;
	type?: 'LESSON_PLAN' | 'SLIDE' | 'VIDEO' | 'MUSIC' | 'COMBO';
	description?: string;
	tags?: readonly string[];
	priceVnd?: number;
	salePriceVnd?: number | null;
	saleEndsAt?: Date | null;
	ratingAvg?: number;
	ratingCount?: number;
	popularity?: number;
	isPublished?: boolean;
	createdAt?: Date;
}

/** Inserts products (500 per statement); returns their ids in the same order. */
export async function insertProducts(base: string, products: ProductFixture[]): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < products.length; i += 500) ids.push(...(await insertBatch(base, products.slice(i, i + 500))));
	return ids;
}

async function insertBatch(base: string, products: ProductFixture[]): Promise<string[]> {
	const columns = [
		'category_id',
		'title',
		'slug',
		'type',
		'description',
		'tags',
		'price_vnd',
		'sale_price_vnd',
		'sale_ends_at',
		'rating_avg',
		'rating_count',
		'popularity',
		'is_published',
		'created_at'
	];
	const casts = ['::uuid', '', '', '', '', '::text[]', '::bigint', '::bigint', '::timestamptz', '::real', '::int', '::int', '::boolean', '::timestamptz'];
	const params: unknown[] = [];
	const rows = products.map((p) => {
		const values = [
			p.categoryId,
			p.title,
			p.slug,
			p.type ?? 'LESSON_PLAN',
			p.description ?? '',
			// An array literal: backslashes escaped before quotes, or a tag's backslash is lost.
			`{${(p.tags ?? []).map((t) => `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`,
			String(p.priceVnd ?? 50_000),
			p.salePriceVnd === undefined || p.salePriceVnd === null ? null : String(p.salePriceVnd),
			p.saleEndsAt ? p.saleEndsAt.toISOString() : null,
			p.ratingAvg ?? 0,
			p.ratingCount ?? 0,
			p.popularity ?? 0,
			p.isPublished ?? true,
			(p.createdAt ?? new Date()).toISOString()
		];
		const placeholders = values.map((v, i) => {
			params.push(v);
			return `$${params.length}${casts[i]}`;
		});
		return `(${placeholders.join(', ')})`;
	});
	const inserted = await sql<{ id: string }>(
		base,
		`INSERT INTO products (${columns.join(', ')}) VALUES ${rows.join(', ')} RETURNING id::text AS id`,
		params
	);
	return inserted.map((r) => r.id);
}

export async function insertFlashSale(
	base: string,
	f: { productId: string; startsAt: Date; endsAt: Date; salePriceVnd: number; stockCap?: number | null; stockLeft?: number | null }
): Promise<void> {
	await sql(
		base,
		`INSERT INTO flash_sales (product_id, starts_at, ends_at, sale_price_vnd, stock_cap, stock_left)
		 VALUES ($1::uuid, $2::timestamptz, $3::timestamptz, $4::bigint, $5::int, $6::int)`,
		[f.productId, f.startsAt.toISOString(), f.endsAt.toISOString(), String(f.salePriceVnd), f.stockCap ?? null, f.stockLeft ?? null]
	);
}

export async function insertAlias(base: string, path: string, productId: string): Promise<void> {
	await sql(base, `INSERT INTO product_aliases (path, product_id) VALUES ($1, $2::uuid)`, [path, productId]);
}

export { serverNow } from './http';

export async function resetClock(base: string): Promise<void> {
	await request(base, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
}
