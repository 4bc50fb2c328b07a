/**
 * One read model of a supply-side product, shared by the author studio and the
 * staff console: the product, its category, the uploads its draft references
 * and the newest review decision (whose reason the author sees when rejected).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AdminProduct, ProductStatusValue } from '../../contracts/studio';
import type { ProductType } from '../../contracts/catalog';
import { queryRows } from '../db/rows';
import { effectivePrice } from '../catalog/pricing';
import { now } from '../platform/clock';
import { PUBLIC_PREVIEW_PATH } from '../previews/kinds';

interface Row {
	id: string;
	title: string;
	description: string;
	type: ProductType;
	price_vnd: string;
	buyer_price_vnd: string;
	tags: string[];
	status: ProductStatusValue;
	category_id: string;
	category_name: string;
	full_path: string;
	file_name: string | null;
	cover_image_url: string | null;
	file: AdminProduct['file'];
	files: AdminProduct['files'];
	sold_files: AdminProduct['soldFiles'];
	cover: AdminProduct['cover'];
	preview: AdminProduct['preview'];
	preview_status: AdminProduct['generatedPreview']['status'];
	preview_reason: string | null;
	generated_images: string[];
	page_count: number | null;
	duration_seconds: number | null;
	last_decision: string | null;
	last_reason: string | null;
	author_id: string | null;
	author_name: string | null;
	created_at: Date | string;
	updated_at: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const attached = (column: SQL) => sql`(SELECT json_build_object('id', u.id, 'fileName', u.file_name, 'sizeBytes', u.size_bytes)
	FROM uploads u WHERE u.id = ${column})`;

/** Products matching `where` (over alias `p`), newest change first, at most `limit`. */
export async function productViews(where: SQL, limit = 100): Promise<AdminProduct[]> {
	const rows = await queryRows<Row>(sql`
		SELECT p.id::text, p.title, p.description, p.type, p.price_vnd::text AS price_vnd, (${effectivePrice(now())})::text AS buyer_price_vnd, p.tags, p.status,
			c.id::text AS category_id, c.name AS category_name, c.path || '/' || p.slug AS full_path,
			p.file_name, p.cover_image_url,
			${attached(sql`d.file_upload_id`)} AS file,
			coalesce((SELECT json_agg(json_build_object('id', u.id, 'fileName', u.file_name, 'sizeBytes', u.size_bytes) ORDER BY df.position)
				FROM product_draft_files df JOIN uploads u ON u.id = df.upload_id WHERE df.product_id = p.id), '[]') AS files,
			coalesce((SELECT json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeBytes', f.size_bytes,
					'preview', json_build_object('status', f.preview_status, 'imageUrls', f.preview_image_urls, 'pageCount', f.page_count,
						'durationSeconds', f.duration_seconds,
						'reason', (SELECT j.last_error FROM preview_jobs j WHERE j.file_key = f.file_key AND j.status IN ('failed', 'unavailable'))))
					ORDER BY f.position)
				FROM product_files f WHERE f.product_id = p.id), '[]') AS sold_files,
			${attached(sql`d.cover_upload_id`)} AS cover,
			${attached(sql`d.preview_upload_id`)} AS preview,
			p.preview_status, p.page_count, p.duration_seconds,
			(SELECT j.last_error FROM preview_jobs j WHERE j.file_key = p.file_key AND j.status IN ('failed', 'unavailable')) AS preview_reason,
			ARRAY(SELECT u FROM unnest(p.preview_image_urls) AS u WHERE u LIKE ${PUBLIC_PREVIEW_PATH + '%'}) AS generated_images,
			r.decision AS last_decision, r.reason AS last_reason,
			p.author_id::text, coalesce(ap.display_name, au.name, au.email) AS author_name,
			p.created_at, p.updated_at
		FROM products p
		JOIN categories c ON c.id = p.category_id
		LEFT JOIN product_drafts d ON d.product_id = p.id
		LEFT JOIN author_profiles ap ON ap.user_id = p.author_id
		LEFT JOIN users au ON au.id = p.author_id
		LEFT JOIN LATERAL (
			SELECT decision, reason FROM product_reviews pr WHERE pr.product_id = p.id ORDER BY pr.created_at DESC, pr.id DESC LIMIT 1
		) r ON true
		WHERE ${where}
		ORDER BY p.updated_at DESC, p.id DESC
		LIMIT ${limit}`);
	return rows.map((r) => ({
		id: r.id,
		title: r.title,
		description: r.description,
		type: r.type,
		priceVnd: r.price_vnd,
		buyerPriceVnd: r.buyer_price_vnd,
		tags: r.tags,
		status: r.status,
		categoryId: r.category_id,
		categoryName: r.category_name,
		fullPath: r.full_path,
		fileName: r.file_name,
		coverImageUrl: r.cover_image_url,
		file: r.file,
		files: r.files,
		soldFiles: r.sold_files,
		cover: r.cover,
		preview: r.preview,
		generatedPreview: {
			status: r.preview_status,
			imageUrls: r.generated_images,
			pageCount: r.page_count,
			durationSeconds: r.duration_seconds,
			reason: r.preview_reason
		},
		rejectionReason: r.status === 'rejected' && r.last_decision === 'rejected' ? r.last_reason : null,
		authorId: r.author_id,
		authorName: r.author_name,
		createdAt: iso(r.created_at),
		updatedAt: iso(r.updated_at)
	}));
}

export async function productView(id: string): Promise<AdminProduct | null> {
	const [one] = await productViews(sql`p.id = ${id}::uuid`, 1);
	return one ?? null;
}
