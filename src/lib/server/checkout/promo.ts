import type { CheckoutPromoResult } from '../../contracts/checkout';
import { db } from '../db/client';
import { now } from '../platform/clock';
import { evaluateCheckoutPromo } from '../promos/service';
import { readQuote } from './flash-sale';
import { loadPublishedProduct } from './product';

/**
 * POST /api/v1/promos/validate: what the code takes off the product's
 * effective price right now, for this buyer. Reads only: the use is
 * reserved when an order is created with the code.
 */
export async function validateCheckoutPromo(userId: string, code: string, productId: string): Promise<CheckoutPromoResult> {
	const product = await loadPublishedProduct(db(), productId);
	const at = now();
	// The price checkout would charge this buyer now (a sold-out flash sale no longer offers its price; a bundle
	// is less what the buyer paid for items they own, README, Bundles).
	const [quote] = await readQuote(db(), userId, product.id, at);
	const priceVnd = BigInt(quote!.pay);
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
