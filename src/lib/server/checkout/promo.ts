import type { CheckoutPromoResult } from '../../contracts/checkout';
import { effectivePriceVnd } from '../catalog/pricing';
import { db } from '../db/client';
import { now } from '../platform/clock';
import { evaluateCheckoutPromo } from '../promos/service';
import { runningFlashSales } from './flash-sale';
import { loadPublishedProduct } from './product';

/**
 * POST /api/v1/promos/validate: what the code takes off the product's
 * effective price right now, for this buyer. Reads only: the use is
 * reserved when an order is created with the code.
 */
export async function validateCheckoutPromo(userId: string, code: string, productId: string): Promise<CheckoutPromoResult> {
	const product = await loadPublishedProduct(db(), productId);
	const at = now();
	const priceVnd = effectivePriceVnd(product, await runningFlashSales(db(), product.id, at), at);
	const evaluation = await evaluateCheckoutPromo(db(), code, userId, product, priceVnd);
	if (!evaluation.ok) return { valid: false, reason: 'invalid' };
	return {
		valid: true,
		code: evaluation.promo.code,
		discountVnd: evaluation.discountVnd.toString(),
		finalPriceVnd: (priceVnd - evaluation.discountVnd).toString(),
		description: evaluation.promo.description
	};
}
