/**
 * Storefront-only helpers of the account pages (orders, checkout): tRPC only,
 * no REST route (no `openapi` meta), so nothing here is part of the public contract.
 */
import { z } from 'zod';
import { ProductLink, ProductLinksInput } from '../../../contracts/product-links';
import { productLinks } from '../../catalog/product-links';
import { publicProcedure, router } from '../init';

export const accountPagesRouter = router({
	productLinks: publicProcedure
		.input(ProductLinksInput)
		.output(z.array(ProductLink))
		.query(({ input }) => productLinks(input.ids))
});
