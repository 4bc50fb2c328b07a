/**
 * Product detail by full path (GET /api/v1/catalog/products/{fullPath}). A path that used to belong to a
 * product (renamed or moved) resolves through product_aliases straight to the
 * product's current path: every alias points at the product itself, so a
 * chain of renames is always one hop.
 */
import { sql } from 'drizzle-orm';
import type { CategoryDetail, ProductDetailResult, ProductFile, ProductPreviewInfo } from '../../contracts/catalog';
import { notFound } from '../errors/app-error';
import { queryPreparedRows, queryRows } from '../db/rows';
import { now as clockNow } from '../platform/clock';
import { beginCatalogRead, catalogCache, flashEpoch, reuseOfPrices, type Reuse } from './memory-cache';
import { assertValidPath, splitProductPath } from './paths';
import { flashSaleJoin, mapSummary, outsideHiddenCategories, summaryColumns, type SummaryRow } from './product-query';

/** `reuse`: set when the answer came only from the catalog cache (anonymous, no running flash sale). */
export type ProductLookup = { kind: 'found'; result: ProductDetailResult; reuse?: Reuse } | { kind: 'moved'; fullPath: string };

const missing = () => notFound('Không tìm thấy học liệu ở đường dẫn này.');

interface DetailRow extends SummaryRow {
	description: string;
	is_purchased: boolean;
	category_id: string;
	category_name: string;
	parent_id: string | null;
	parent_name: string | null;
	preview_status: ProductPreviewInfo['status'];
	page_count: number | null;
	duration_seconds: number | null;
	file_size_bytes: number | string | null;
	preview_clip_url: string | null;
	file_name: string | null;
	files: FileRow[] | null;
}

/** One product_files row as the detail query's json_agg spells it. */
interface FileRow {
	id: string;
	file_name: string;
	content_type: string;
	size_bytes: number | null;
	page_count: number | null;
	duration_seconds: number | null;
	preview_status: ProductPreviewInfo['status'];
	preview_image_urls: string[];
	preview_clip_url: string | null;
}

const formatOf = (fileName: string) => /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toUpperCase() ?? null;

function fileOf(f: FileRow): ProductFile {
	return {
		id: f.id,
		fileName: f.file_name,
		format: formatOf(f.file_name),
		contentType: f.content_type,
		sizeBytes: f.size_bytes === null ? null : Number(f.size_bytes),
		pageCount: f.page_count,
		durationSeconds: f.duration_seconds,
		preview: { status: f.preview_status, imageUrls: f.preview_image_urls, clipUrl: f.preview_clip_url }
	};
}

function previewInfo(row: DetailRow): ProductPreviewInfo {
	const ext = row.file_name ? /\.([A-Za-z0-9]{1,8})$/.exec(row.file_name)?.[1] : undefined;
	return {
		status: row.preview_status,
		pageCount: row.page_count,
		durationSeconds: row.duration_seconds,
		fileSizeBytes: row.file_size_bytes === null ? null : Number(row.file_size_bytes),
		format: ext ? ext.toUpperCase() : null,
		clipUrl: row.preview_clip_url
	};
}

/** What a cached detail keeps: everything but ownership, which is the caller's. */
type CachedDetail = Omit<ProductDetailResult, 'isPurchased'>;

export async function productByPath(fullPath: string, userId: string | null): Promise<ProductLookup> {
	assertValidPath(fullPath, 'fullPath');
	const parts = splitProductPath(fullPath);
	if (!parts) throw missing();

	// From memory (./memory-cache.ts) while the catalog version is the one it was read under
	// and no sale has ended since; ownership is asked per request.
	const version = await beginCatalogRead();
	const key = `detail:${fullPath}`;
	if (version !== null) {
		const hit = catalogCache().lookup<CachedDetail>(key);
		if (hit) {
			if (userId) return { kind: 'found', result: { ...hit.value, isPurchased: await owns(userId, hit.value.product.id) } };
			return { kind: 'found', result: { ...hit.value, isPurchased: false }, reuse: hit.reuse };
		}
	}

	// One round trip, of fixed text (prepared): the product, its category and parent, and
	// the check that neither the category nor an ancestor is hidden.
	const now = clockNow();
	const epoch = flashEpoch();
	const owned = userId
		? sql`EXISTS (SELECT 1 FROM product_ownerships o WHERE o.product_id = p.id AND o.user_id = ${userId}::uuid)`
		: sql`false`;
	const [row] = await queryPreparedRows<DetailRow>(sql`
		SELECT ${summaryColumns(now)}, p.description, ${owned} AS is_purchased,
			c.id::text AS category_id, c.name AS category_name, pc.id::text AS parent_id, pc.name AS parent_name,
			p.preview_status, p.page_count, p.duration_seconds, p.file_size_bytes, p.preview_clip_url, p.file_name,
			(SELECT json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes,
					'page_count', f.page_count, 'duration_seconds', f.duration_seconds, 'preview_status', f.preview_status,
					'preview_image_urls', f.preview_image_urls, 'preview_clip_url', f.preview_clip_url) ORDER BY f.position)
				FROM product_files f WHERE f.product_id = p.id) AS files
		FROM categories c
		JOIN products p ON p.category_id = c.id
		LEFT JOIN categories pc ON pc.id = c.parent_id
		${flashSaleJoin(now)}
		WHERE c.path = ${parts.categoryPath} AND p.slug = ${parts.slug} AND p.is_published AND ${outsideHiddenCategories}
		LIMIT 1`);
	if (row) {
		const category: CategoryDetail = {
			id: row.category_id,
			name: row.category_name,
			slug: parts.categoryPath.slice(parts.categoryPath.lastIndexOf('/') + 1),
			path: parts.categoryPath,
			parent: row.parent_id ? { id: row.parent_id, name: row.parent_name! } : null
		};
		const detail: CachedDetail = { product: { ...mapSummary(row), description: row.description, preview: previewInfo(row), files: (row.files ?? []).map(fileOf) }, category };
		// A product with a flash sale that has not ended shows its stock, which changes on every
		// purchase without moving the catalog version: read per request, not kept here. Its whole
		// anonymous answer may still be replayed (../http/response-cache.ts) until the stock moves.
		const at = now.getTime();
		const reuse = version === null ? undefined : reuseOfPrices(version, Number.POSITIVE_INFINITY, [row], at, epoch);
		if (reuse && !reuse.flash) catalogCache().set(key, reuse.version, detail, at, reuse.validUntil);
		if (!userId) return { kind: 'found', result: { ...detail, isPurchased: false }, reuse };
		return { kind: 'found', result: { ...detail, isPurchased: row.is_purchased === true } };
	}

	const [alias] = await queryRows<{ current: string }>(sql`
		SELECT c.path || '/' || p.slug AS current
		FROM product_aliases a
		JOIN products p ON p.id = a.product_id
		JOIN categories c ON c.id = p.category_id
		WHERE a.path = ${fullPath} AND p.is_published AND ${outsideHiddenCategories}
		LIMIT 1`);
	if (alias && alias.current !== fullPath) return { kind: 'moved', fullPath: alias.current };
	throw missing();
}

async function owns(userId: string, productId: string): Promise<boolean> {
	const [row] = await queryPreparedRows<{ owned: boolean }>(sql`
		SELECT EXISTS (SELECT 1 FROM product_ownerships o WHERE o.product_id = ${productId}::uuid AND o.user_id = ${userId}::uuid) AS owned`);
	return row?.owned === true;
}
