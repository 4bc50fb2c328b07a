/**
 * Catalog and search: the wire shapes of /api/v1/catalog/* and /api/v1/search (docs/api.md).
 * Client-safe (no server imports), so storefront forms reuse the same rules.
 */
import { z } from 'zod';

/** The wire values; what pages say about each (labels, colours, previews…) is src/lib/product-types.ts. */
export const productTypes = ['LESSON_PLAN', 'SLIDE', 'VIDEO', 'MUSIC', 'COMBO'] as const;
export const ProductType = z.enum(productTypes);
export type ProductType = z.infer<typeof ProductType>;

export const MoneyVnd = z.string().regex(/^[0-9]+$/);
const DateTime = z.iso.datetime({ offset: true });

export const listSorts = ['newest', 'popular', 'rating'] as const;
export const ListSort = z.enum(listSorts);
export type ListSort = z.infer<typeof ListSort>;

/** One path segment: lower-case ASCII letters, digits and single inner hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SEGMENT_LENGTH = 120;
export const MAX_PATH_LENGTH = 512;
export const MAX_PATH_DEPTH = 12;

export const FlashSaleInfo = z.object({
	active: z.boolean(),
	endTime: DateTime,
	stockLeft: z.number().int().nullable()
}).meta({ id: 'FlashSaleInfo' });
export type FlashSaleInfo = z.infer<typeof FlashSaleInfo>;

export const ProductSummary = z.object({
	id: z.string(),
	title: z.string(),
	slug: z.string(),
	fullPath: z.string(),
	type: ProductType,
	priceVnd: MoneyVnd,
	/** The price actually charged now when it is below `priceVnd` (flash sale first, then the regular sale). */
	salePriceVnd: MoneyVnd.nullable(),
	isOnSale: z.boolean(),
	saleEndsAt: DateTime.nullable(),
	/** The running flash sale, or the next one scheduled; null when there is none. */
	flashSale: FlashSaleInfo.nullable(),
	ratingAvg: z.number(),
	ratingCount: z.number().int(),
	coverImageUrl: z.string().nullable(),
	previewImageUrls: z.array(z.string()),
	tags: z.array(z.string()),
	/** Pages (slides for SLIDE) of the file once the preview worker has counted them; null before, or for audio and video. Additive in v1. */
	pageCount: z.number().int().nullable().optional(),
	/** Length of an audio or video file in seconds, once known. Additive in v1. */
	durationSeconds: z.number().int().nullable().optional(),
	/** The selling author's public name; null for the house catalog. Additive in v1. */
	authorName: z.string().nullable().optional(),
	createdAt: DateTime
}).meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const previewStatuses = ['queued', 'ready', 'failed', 'unavailable'] as const;

/**
 * What the preview worker found in the product's file (issue #16): generated
 * page images are in `previewImageUrls`; audio and video get a short public
 * clip. `status` is null when the product has no file.
 */
export const ProductPreviewInfo = z.object({
	status: z.enum(previewStatuses).nullable(),
	/** Pages (documents) or slides (presentations); null for media and bundles. */
	pageCount: z.number().int().nullable(),
	durationSeconds: z.number().int().nullable(),
	fileSizeBytes: z.number().int().nullable(),
	/** Upper-case file extension of the download, e.g. "DOCX". */
	format: z.string().nullable(),
	clipUrl: z.string().nullable()
});
export type ProductPreviewInfo = z.infer<typeof ProductPreviewInfo>;

/**
 * One sold file of a product (README "Several files per product"), in the order
 * the author set. The first is the file `preview` describes.
 */
export const ProductFile = z.object({
	id: z.uuid(),
	fileName: z.string(),
	/** Upper-case extension, e.g. "PDF". */
	format: z.string().nullable(),
	contentType: z.string(),
	/** Null until the file has been measured (a file older than this list, before its preview ran). */
	sizeBytes: z.number().int().nullable(),
	pageCount: z.number().int().nullable(),
	durationSeconds: z.number().int().nullable(),
	preview: z.object({
		status: z.enum(previewStatuses).nullable(),
		imageUrls: z.array(z.string()),
		clipUrl: z.string().nullable()
	})
}).meta({ id: 'ProductFile' });
export type ProductFile = z.infer<typeof ProductFile>;

/** The detail page's product: a ProductSummary plus its description, preview facts and files (additive fields). */
export const ProductDetail = ProductSummary.extend({
	description: z.string(),
	preview: ProductPreviewInfo.optional(),
	/** Every sold file, primary first; empty for a product without a file. Additive in v1. */
	files: z.array(ProductFile).optional()
}).meta({
	id: 'ProductDetail'
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const CategoryDetail = z.object({
	id: z.string(),
	name: z.string(),
	slug: z.string(),
	path: z.string(),
	parent: z.object({ id: z.string(), name: z.string() }).nullable()
}).meta({ id: 'CategoryDetail' });
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const Breadcrumb = z.object({ id: z.string(), name: z.string(), path: z.string() }).meta({ id: 'Breadcrumb' });
export type Breadcrumb = z.infer<typeof Breadcrumb>;

export const CategoryTreeItem = z.object({
	id: z.string(),
	name: z.string(),
	slug: z.string(),
	parentId: z.string().nullable(),
	fullPath: z.string(),
	depth: z.number().int(),
	isActive: z.boolean()
}).meta({ id: 'CategoryTreeItem' });
export type CategoryTreeItem = z.infer<typeof CategoryTreeItem>;

const pageSize = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
const cursor = z.string().min(1).max(512).optional();
const priceBound = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

function boundsInOrder<T extends z.ZodObject>(schema: T, min: string, max: string) {
	return schema.refine(
		(v: Record<string, unknown>) => v[min] === undefined || v[max] === undefined || (v[min] as number) <= (v[max] as number),
		{ message: `${min} không được lớn hơn ${max}.`, path: [min] }
	);
}

export const ProductDetailInput = z.object({ fullPath: z.string().min(1).max(MAX_PATH_LENGTH * 2) });

export const ProductDetailResult = z.object({
	product: ProductDetail,
	category: CategoryDetail,
	isPurchased: z.boolean()
});
export type ProductDetailResult = z.infer<typeof ProductDetailResult>;

/** A historical product path: the product lives at `moved` (its current fullPath) now. */
export const Moved = z.object({ moved: z.string() });
export type Moved = z.infer<typeof Moved>;

export const CategoryListingInput = boundsInOrder(
	z.object({
		path: z.string().max(MAX_PATH_LENGTH * 2),
		type: ProductType.optional(),
		minPriceVnd: priceBound.optional(),
		maxPriceVnd: priceBound.optional(),
		onSale: z.boolean().optional(),
		sort: ListSort.default('newest'),
		cursor,
		pageSize: pageSize(50, 12)
	}),
	'minPriceVnd',
	'maxPriceVnd'
);
export type CategoryListingInput = z.infer<typeof CategoryListingInput>;

export const CategoryListingResult = z.object({
	items: z.array(ProductSummary),
	nextCursor: z.string().nullable(),
	hasMore: z.boolean(),
	category: CategoryDetail,
	breadcrumbs: z.array(Breadcrumb)
});
export type CategoryListingResult = z.infer<typeof CategoryListingResult>;

export const CategoryTreeResult = z.array(CategoryTreeItem);

export const SEARCH_MAX_LENGTH = 128;

export const SearchInput = boundsInOrder(
	z.object({
		q: z
			.string()
			.max(SEARCH_MAX_LENGTH)
			.transform((s) => s.normalize('NFC').trim())
			.pipe(z.string().min(1, 'Nhập từ khoá tìm kiếm.')),
		type: ProductType.optional(),
		categoryId: z.uuid().optional(),
		minPrice: priceBound.optional(),
		maxPrice: priceBound.optional(),
		/** Omitted: relevance. */
		sort: ListSort.optional(),
		cursor,
		pageSize: pageSize(50, 24)
	}),
	'minPrice',
	'maxPrice'
);
export type SearchInput = z.infer<typeof SearchInput>;

export const SearchResult = z.object({
	items: z.array(ProductSummary),
	nextCursor: z.string().nullable(),
	hasMore: z.boolean()
});
export type SearchResult = z.infer<typeof SearchResult>;
