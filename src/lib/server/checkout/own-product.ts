/**
 * An author never buys their own product: checkout_open (migration 0033)
 * counts the product's author as owning it, so every checkout path refuses
 * with 409 already_owned (README, "Trust rules"). The refusal is worded here
 * for the author, looked up only once a checkout has been refused.
 */
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { products } from '../db/schema';
import { AppError } from '../errors/app-error';

export const ownProductMessage =
	'Đây là học liệu do bạn đăng bán: bạn đã có tệp gốc nên không cần mua. Tác giả không thể tự mua hay tự đánh giá học liệu của mình.';

/** The same error, or for the product's author an already_owned that says it is their own product. */
export async function explainOwnProduct(error: unknown, userId: string | null, productId: string): Promise<unknown> {
	if (!(error instanceof AppError) || error.code !== 'already_owned' || !userId || !isUuid(productId)) return error;
	const [row] = await db().select({ authorId: products.authorId }).from(products).where(eq(products.id, productId));
	if (row?.authorId !== userId) return error;
	return new AppError('already_owned', ownProductMessage, { productId, reason: 'own_product' });
}
