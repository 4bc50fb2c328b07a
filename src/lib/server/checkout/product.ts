import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { products } from '../db/schema';
import { unknownProduct } from './errors';

/** A product that can be bought now, with what promo scopes need (the price is effective_price()); 400 for anything else. */
export async function loadPublishedProduct(tx: DbOrTx, productId: string) {
	if (!isUuid(productId)) throw unknownProduct();
	const [product] = await tx
		.select({
			id: products.id,
			title: products.title,
			type: products.type,
			categoryId: products.categoryId
		})
		.from(products)
		.where(and(eq(products.id, productId), eq(products.isPublished, true)));
	if (!product) throw unknownProduct();
	return product;
}
