/** What the order pages show about the product an order is for (storefront-only, not part of the REST contract). */
import { z } from 'zod';
import { ProductType } from './catalog';
import { ProductId } from './music';

export const ProductLinksInput = z.object({ ids: z.array(ProductId).min(1).max(50) });

export const ProductLink = z.object({
	id: z.string(),
	title: z.string(),
	type: ProductType,
	/** Category path joined with the slug: the product page is /san-pham/<fullPath>. */
	fullPath: z.string(),
	coverImageUrl: z.string().nullable()
});
export type ProductLink = z.infer<typeof ProductLink>;
