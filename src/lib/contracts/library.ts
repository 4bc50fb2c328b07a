import { z } from 'zod';
import { ProductType } from './catalog';
import { pageFields } from './money';

/** "Thư viện của tôi": everything the account owns, newest first, searchable by title without accents. */
export const LibraryQuery = z.object({
	q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự.').optional(),
	cursor: z.string().min(1).max(512).optional(),
	pageSize: z.number().int().min(1).max(50).default(20)
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

export const LibraryItem = z.object({
	productId: z.string(),
	title: z.string(),
	type: ProductType,
	/** Null when the product is no longer on sale: it stays downloadable, it has no page. */
	fullPath: z.string().nullable(),
	coverImageUrl: z.string().nullable(),
	/** `bundle`: it came with a bundle; `orderId` is that bundle's order. */
	source: z.enum(['purchase', 'free_claim', 'grant', 'bundle']),
	ownedAt: z.iso.datetime(),
	/** The order that granted it (purchases, free claims and bundles), for its receipt. */
	orderId: z.string().nullable(),
	orderNumber: z.string().nullable()
});
export type LibraryItem = z.infer<typeof LibraryItem>;

export const LibraryPage = z.object({ items: z.array(LibraryItem), ...pageFields });
export type LibraryPage = z.infer<typeof LibraryPage>;
