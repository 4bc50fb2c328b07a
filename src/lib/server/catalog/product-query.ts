/**
 * The SQL every product list shares: the ProductSummary columns, the flash
 * sale shown, the price filters and the keyset orderings. Prices themselves
 * are effective_price() (./pricing.ts) or, on a summary row, the same rule
 * spelled from its flash-sale join (shownPrice, held to it by a test), so
 * listing, search, detail and checkout agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListSort, ProductSummary, ProductType } from '../../contracts/catalog';
import { fixedQuery } from '../db/rows';
import type { CursorKey, KeyKind } from './cursor';
import { effectivePriceInline, flashSaleOpen, regularPrice, ts, type At } from './pricing';

export { ts };

const iso = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The flash sale a summary shows (FlashSaleInfo): the cheapest open one —
 * the one effective_price() charges — else the earliest running or scheduled
 * one. A capped sale whose stock was never set shows none left. `fs` is
 * joined laterally, one row at most; `fs.open` is flash_sale_open() for it,
 * `fs.changes_at` the next start or end among all the product's flash sales
 * that have not ended (the window runs before the LIMIT).
 * Prices read it only through shownPrice, which is effective_price() spelled
 * for a row that already holds this join.
 */
export function flashSaleJoin(now: At): SQL {
	const open = flashSaleOpen('f', now);
	return sql`LEFT JOIN LATERAL (
		SELECT f.starts_at, f.ends_at, f.sale_price_vnd, ${open} AS open,
			CASE WHEN f.stock_cap IS NULL THEN NULL ELSE COALESCE(f.stock_left, 0) END AS stock_left,
			min(CASE WHEN f.starts_at > ${ts(now)} THEN f.starts_at ELSE f.ends_at END) OVER () AS changes_at
		FROM flash_sales f
		WHERE f.product_id = p.id AND f.ends_at > ${ts(now)}
		ORDER BY ${open} DESC, CASE WHEN ${open} THEN f.sale_price_vnd END, f.starts_at, f.id
		LIMIT 1
	) fs ON true`;
}

/** The shown flash sale is open: running and not sold out. */
export const flashActive: SQL = sql`COALESCE(fs.open, false)`;

/**
 * effective_price() of `p` for a row joined with flashSaleJoin: the shown
 * flash sale, when open, is the cheapest open one, which is all
 * effective_price() reads of flash_sales; both combine it with the regular
 * price through price_with_flash() (drizzle/0032). Calling effective_price()
 * here would probe flash_sales a second time per row through an SQL function
 * the planner cannot inline, 40 % of a search page's execution.
 * tests/unit/effective-price.test.ts holds the two to the same table of cases.
 */
export const shownPrice = (now: At): SQL =>
	sql`price_with_flash(${regularPrice(now)}, CASE WHEN ${flashActive} THEN fs.sale_price_vnd END)`;

/**
 * The columns mapSummary reads, plus every sort key. The shown flash sale is
 * the cheapest open one, so when it undercuts the regular price it is what
 * effective_price() charged, and its end is when that price ends (checkout
 * records price_source = 'flash_sale' on exactly this condition).
 */
export function summaryColumns(now: At): SQL {
	return sql`p.id::text AS id, p.title, p.slug, c.path AS category_path, p.type,
		p.price_vnd::text AS price_vnd,
		(${shownPrice(now)})::text AS effective_price_vnd,
		${iso(sql`p.sale_ends_at`)} AS sale_ends_at,
		${flashActive} AS flash_active,
		(${flashActive} AND fs.sale_price_vnd < ${regularPrice(now)}) AS flash_sets_price,
		${iso(sql`fs.ends_at`)} AS flash_ends_at,
		fs.stock_left AS flash_stock_left,
		${iso(sql`fs.changes_at`)} AS flash_changes_at,
		p.rating_avg, p.rating_count, p.cover_image_url,
		array_to_json(p.preview_image_urls)::text AS preview_image_urls, array_to_json(p.tags)::text AS tags,
		p.page_count, p.duration_seconds,
		(SELECT ap.display_name FROM author_profiles ap WHERE ap.user_id = p.author_id) AS author_name,
		${iso(sql`p.created_at`)} AS created_at,
		p.created_at::text AS k_created, p.popularity AS k_popularity`;
}

/** The summary rows of these products, in no order: fixed text, built once (../db/rows.ts fixedQuery). */
const summariesStatement = fixedQuery<SummaryRow>(() => {
	const now = sql.placeholder('now');
	return sql`
		SELECT ${summaryColumns(now)}
		FROM products p
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		WHERE p.id = ANY(${sql.placeholder('ids')}::uuid[])`;
});

export function summariesOf(ids: readonly string[], now: Date): Promise<SummaryRow[]> {
	return summariesStatement({ now: now.toISOString(), ids: `{${ids.join(',')}}` });
}

export interface SummaryRow {
	id: string;
	title: string;
	slug: string;
	category_path: string;
	type: ProductType;
	price_vnd: string;
	effective_price_vnd: string;
	sale_ends_at: string | null;
	flash_active: boolean;
	flash_sets_price: boolean;
	flash_ends_at: string | null;
	flash_stock_left: number | null;
	/**
	 * The next instant any flash sale of the product starts or ends: until then the flash sale
	 * shown and the price charged change only with stock (notified per product, migration 0030).
	 */
	flash_changes_at: string | null;
	rating_avg: number;
	rating_count: number;
	cover_image_url: string | null;
	/**
	 * JSON arrays: JSON.parse makes only the strings and the array, where postgres.js's parser of a text[]
	 * builds each quoted element (a tag with a space) a character at a time, 12 % of what a cold search
	 * left for the old generation to collect.
	 */
	preview_image_urls: string | null;
	tags: string | null;
	page_count: number | null;
	duration_seconds: number | null;
	author_name: string | null;
	created_at: string;
	k_created: string;
	k_popularity: number;
}

/** A `text[]` column read as `array_to_json(...)::text` (see SummaryRow). */
const stringsOf = (json: string | null): string[] => (json === null ? [] : (JSON.parse(json) as string[]));

export function mapSummary(row: SummaryRow): ProductSummary {
	const price = BigInt(row.price_vnd);
	const effective = BigInt(row.effective_price_vnd);
	const isOnSale = effective < price;
	return {
		id: row.id,
		title: row.title,
		slug: row.slug,
		fullPath: `${row.category_path}/${row.slug}`,
		type: row.type,
		priceVnd: row.price_vnd,
		salePriceVnd: isOnSale ? row.effective_price_vnd : null,
		isOnSale,
		saleEndsAt: isOnSale ? (row.flash_sets_price ? row.flash_ends_at : row.sale_ends_at) : null,
		flashSale: row.flash_ends_at
			? { active: row.flash_active, endTime: row.flash_ends_at, stockLeft: row.flash_stock_left }
			: null,
		ratingAvg: Number(row.rating_avg),
		ratingCount: Number(row.rating_count),
		coverImageUrl: row.cover_image_url,
		previewImageUrls: stringsOf(row.preview_image_urls),
		tags: stringsOf(row.tags),
		pageCount: row.page_count,
		durationSeconds: row.duration_seconds,
		authorName: row.author_name,
		createdAt: row.created_at
	};
}

/** Filters shared by listing and search. */
export interface ProductFilters {
	type?: ProductType;
	minPrice?: number;
	maxPrice?: number;
	onSale?: boolean;
}

export function filterConditions(now: Date, f: ProductFilters): SQL[] {
	const out: SQL[] = [sql`p.is_published`];
	if (f.type) out.push(sql`p.type = ${f.type}`);
	// Both bounds (in order: boundsInOrder in the contracts) as one range test: BETWEEN would
	// spell the price, and so its subquery, twice.
	const min = f.minPrice === undefined ? null : sql`${String(f.minPrice)}::bigint`;
	const max = f.maxPrice === undefined ? null : sql`${String(f.maxPrice)}::bigint`;
	if (min && max) out.push(sql`int8range(${min}, ${max}, '[]') @> ${effectivePriceInline(now)}`);
	else if (min) out.push(sql`${effectivePriceInline(now)} >= ${min}`);
	else if (max) out.push(sql`${effectivePriceInline(now)} <= ${max}`);
	// A flag: false (or absent) means "do not filter", not "only full-price products".
	if (f.onSale) out.push(sql`${effectivePriceInline(now)} < p.price_vnd`);
	return out;
}

/**
 * Products outside hidden categories (inactive, or under an inactive
 * ancestor). The ids are an uncorrelated ARRAY(...), computed once per query
 * (an InitPlan), never re-run per product row whatever plan is chosen.
 */
export const outsideHiddenCategories: SQL = sql`p.category_id <> ALL(ARRAY(
	SELECT hc.id FROM categories ia
	JOIN categories hc ON hc.id = ia.id OR hc.path LIKE ia.path || '/%'
	WHERE NOT ia.is_active
))`;

/** Products of a category subtree by the subtree root's id, computed once per query like the above. */
export const inSubtreeOf = (categoryId: string): SQL => sql`p.category_id = ANY(ARRAY(
	SELECT sub.id FROM categories root JOIN categories sub
		ON sub.path = root.path OR sub.path LIKE root.path || '/%'
	WHERE root.id = ${categoryId}::uuid
))`;

/** A keyset ordering: ORDER BY, the "strictly after" condition, and the keys of a row. */
export interface KeysetOrder<Row> {
	kinds: readonly KeyKind[];
	/** Served by a btree index (scanned backwards). */
	orderBy: SQL;
	/** The same order through expressions no index provides, so the planner sorts a bitmap's rows instead. */
	orderBySorted: SQL;
	after(keys: CursorKey[]): SQL;
	keysOf(row: Row): CursorKey[];
}

export const listOrders: Record<ListSort, KeysetOrder<SummaryRow>> = {
	newest: {
		kinds: ['timestamp', 'uuid'],
		orderBy: sql`p.created_at DESC, p.id DESC`,
		orderBySorted: sql`p.created_at + interval '0 seconds' DESC, p.id DESC`,
		after: ([created, id]) => sql`(p.created_at, p.id) < (${created}::timestamptz, ${id}::uuid)`,
		keysOf: (r) => [r.k_created, r.id]
	},
	popular: {
		kinds: ['int', 'uuid'],
		orderBy: sql`p.popularity DESC, p.id DESC`,
		orderBySorted: sql`p.popularity + 0 DESC, p.id DESC`,
		after: ([popularity, id]) => sql`(p.popularity, p.id) < (${popularity}::integer, ${id}::uuid)`,
		keysOf: (r) => [Number(r.k_popularity), r.id]
	},
	rating: {
		kinds: ['real', 'int', 'uuid'],
		orderBy: sql`p.rating_avg DESC, p.rating_count DESC, p.id DESC`,
		orderBySorted: sql`p.rating_avg + 0 DESC, p.rating_count DESC, p.id DESC`,
		// ::real so the float4 column compares with exactly the value it was read as.
		after: ([avg, count, id]) =>
			sql`(p.rating_avg, p.rating_count, p.id) < (${avg}::real, ${count}::integer, ${id}::uuid)`,
		keysOf: (r) => [Number(r.rating_avg), Number(r.rating_count), r.id]
	}
};

export const and = (parts: SQL[]): SQL => sql.join(parts, sql` AND `);
