/**
 * Category listing (GET /api/v1/catalog/categories/{...path}): products of a whole category subtree, filtered
 * on the effective price, in one of three keyset orderings.
 *
 * A subtree of a few categories is read as one ordered index range per
 * category ((category_id, sort key, id) indexes), each stopping after a page,
 * merged and cut to the page: a small category costs as little as a big one.
 * The root and very wide subtrees walk the global sort index instead, where
 * their products are common enough to fill a page quickly.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CategoryListingInput, CategoryListingResult } from '../../contracts/catalog';
import { notFound } from '../errors/app-error';
import { queryRows } from '../db/rows';
import { now as clockNow } from '../platform/clock';
import { beginCatalogRead, catalogCache, flashEpoch, nextBoundary, reuseOfPrices, type NoteReuse } from './memory-cache';
import { breadcrumbs, categoryDetail, ROOT_CATEGORY, visibleSubtree } from './categories';
import { decodeCursor, fingerprint } from './cursor';
import { toPage } from './page';
import { assertValidPath } from './paths';
import {
	and,
	filterConditions,
	flashSaleJoin,
	listOrders,
	mapSummary,
	outsideHiddenCategories,
	summariesOf,
	summaryColumns,
	type KeysetOrder,
	type SummaryRow
} from './product-query';

/** Up to this many categories, the subtree is read category by category. */
const MAX_BRANCHES = 24;

/** A first page as read: rows rather than summaries, so flash-sale rows can be re-read per request. */
interface CachedListing {
	rows: SummaryRow[];
	nextCursor: string | null;
	hasMore: boolean;
	category: CategoryListingResult['category'];
	breadcrumbs: CategoryListingResult['breadcrumbs'];
}

/**
 * First pages without price filters, sorted by newest or rating, come from
 * memory (./memory-cache.ts): which products they hold and in what order
 * depends only on the catalog, not on the time or on stock. Each is kept until the next sale end among its
 * products; products with a flash sale that has not ended are re-read on every
 * request (their price and stock can change without moving the catalog
 * version). The whole answer may be replayed (../http/response-cache.ts)
 * until a price on it moves, and is dropped when a flash sale's stock on it does.
 */
export async function listCategory(input: CategoryListingInput, noteReuse?: NoteReuse): Promise<CategoryListingResult> {
	const path = input.path;
	if (path !== '') assertValidPath(path, 'path');
	// Popularity moves without a notification (migration 0027): "popular" pages are always read.
	const cacheable =
		!input.cursor && input.sort !== 'popular' && input.minPriceVnd === undefined && input.maxPriceVnd === undefined && input.onSale !== true;
	const version = cacheable ? await beginCatalogRead() : null;
	const key = `list:${input.sort}:${input.type ?? ''}:${input.pageSize}:${path}`;
	// Taken before any read of flash-sale stock: a whole answer showing stock from before a move is never kept.
	const epoch = flashEpoch();
	if (version !== null) {
		const hit = catalogCache().lookup<CachedListing>(key);
		if (hit) {
			const { rows, now } = await withFreshFlashSales(hit.value.rows);
			noteReuse?.(reuseOfPrices(version, hit.reuse.validUntil, rows, now, epoch));
			return fromRows(hit.value, rows);
		}
	}
	const read = await readListing(input);
	if (version !== null) {
		const at = read.now.getTime();
		const validUntil = nextBoundary(at, read.listing.rows.map((r) => r.sale_ends_at));
		catalogCache().set(key, version, read.listing, at, validUntil);
		noteReuse?.(reuseOfPrices(version, validUntil, read.listing.rows, at, epoch));
	}
	return fromRows(read.listing, read.listing.rows);
}

function fromRows(listing: CachedListing, rows: SummaryRow[]): CategoryListingResult {
	return {
		items: rows.map(mapSummary),
		nextCursor: listing.nextCursor,
		hasMore: listing.hasMore,
		category: listing.category,
		breadcrumbs: listing.breadcrumbs
	};
}

/**
 * A kept page's rows with those on a flash sale read again (their stock moves
 * without moving the catalog version), and the service time (ms) they hold at.
 */
async function withFreshFlashSales(rows: SummaryRow[]): Promise<{ rows: SummaryRow[]; now: number }> {
	const flash = rows.filter((r) => r.flash_ends_at !== null).map((r) => r.id);
	const now = clockNow();
	if (flash.length === 0) return { rows, now: now.getTime() };
	const fresh = await summariesOf(flash, now);
	const byId = new Map(fresh.map((r) => [r.id, r]));
	return { rows: rows.map((r) => byId.get(r.id) ?? r), now: now.getTime() };
}

async function readListing(input: CategoryListingInput): Promise<{ listing: CachedListing; now: Date }> {
	const path = input.path;
	const subtree = path === '' ? { chain: [], visibleIds: null } : await visibleSubtree(path);
	if (!subtree) throw notFound('Không tìm thấy danh mục này.');

	const order = listOrders[input.sort];
	const filters = fingerprint({
		list: 'category',
		path,
		type: input.type,
		minPriceVnd: input.minPriceVnd,
		maxPriceVnd: input.maxPriceVnd,
		onSale: input.onSale === true,
		sort: input.sort
	});
	const after = input.cursor ? decodeCursor(input.cursor, filters, { [input.sort]: order.kinds }).keys : null;

	const now = clockNow();
	const limit = input.pageSize + 1;
	const conditions = [
		...filterConditions(now, { type: input.type, minPrice: input.minPriceVnd, maxPrice: input.maxPriceVnd, onSale: input.onSale }),
		...(after ? [order.after(after)] : [])
	];
	const ids = subtree.visibleIds;

	let picked: SQL;
	if (ids && ids.length <= MAX_BRANCHES) {
		const branches = ids.map(
			(id) => sql`(SELECT p.* FROM products p
				WHERE p.category_id = ${id}::uuid AND ${and(conditions)}
				ORDER BY ${order.orderBy} LIMIT ${limit})`
		);
		picked = sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) p ORDER BY ${order.orderBy} LIMIT ${limit}`;
	} else {
		const inTree = ids ? sql`p.category_id = ANY(${`{${ids.join(',')}}`}::uuid[])` : outsideHiddenCategories;
		picked = sql`SELECT p.* FROM products p
			WHERE ${and([...conditions, inTree])}
			ORDER BY ${order.orderBy} LIMIT ${limit}`;
	}

	const rows = await pageRows(picked, order, now);
	const page = toPage(rows, input.pageSize, input.sort, filters, order.keysOf);
	return {
		now,
		listing: {
			rows: page.rows,
			nextCursor: page.nextCursor,
			hasMore: page.hasMore,
			category: subtree.chain.length ? categoryDetail(subtree.chain) : ROOT_CATEGORY,
			breadcrumbs: breadcrumbs(subtree.chain)
		}
	};
}

/** The picked rows (at most a page) with everything a ProductSummary needs. */
function pageRows(picked: SQL, order: KeysetOrder<SummaryRow>, now: Date): Promise<SummaryRow[]> {
	return queryRows<SummaryRow>(sql`
		SELECT ${summaryColumns(now)}
		FROM (${picked}) p
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		ORDER BY ${order.orderBy}`);
}

