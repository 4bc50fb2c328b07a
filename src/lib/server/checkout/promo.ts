/**
 * A checkout's promo code (README "Checkout and downloads", "Cart"): what it takes off for the promo check
 * (POST /api/v1/promos/validate), and the uses a single order or a cart reserves. A use is
 * reserved once the line's flash-sale unit is held and before anything is paid (the lock order,
 * create.ts), and is consumed or given back with its order.
 */
import type { CheckoutPromoResult } from '../../contracts/checkout';
import type { Tx } from '../db/client';
import { db } from '../db/client';
import { now } from '../platform/clock';
import { PROMO_CODE_PATTERN } from '../promos/admin';
import { capReached, evaluateCheckoutPromo, evaluateLoadedCheckoutPromo, normalisePromoCode, reservePromo, type LoadedCheckoutPromo } from '../promos/service';
import { invalidPromo } from './errors';
import type { PricedLine } from './methods/method';
import { readQuote } from './price';
import { loadPublishedProduct } from './product';
import { ORDER_KIND } from './transitions';

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

/** The code a checkout asks for, normalised; null without one, 400 for one no promo could have. */
export function promoCodeOf(raw: string | undefined): string | null {
	const code = raw?.trim() || undefined;
	if (code !== undefined && !PROMO_CODE_PATTERN.test(code)) throw invalidPromo();
	return code === undefined ? null : normalisePromoCode(code);
}

export interface PromoOffer {
	promoId: string;
	discountVnd: bigint;
}

/** What the live promo with the code (the opening read's) takes off a single order's price; refused otherwise. */
export function orderPromo(promo: LoadedCheckoutPromo | null, userId: string | null, priceVnd: bigint): PromoOffer {
	const evaluation = evaluateLoadedCheckoutPromo(promo, userId, priceVnd);
	if (!evaluation.ok && evaluation.reason === 'cap_reached') throw capReached();
	if (!evaluation.ok && evaluation.reason === 'account_required') throw invalidPromo('Mã khuyến mãi này chỉ dùng được khi đăng nhập tài khoản.');
	if (!evaluation.ok) throw invalidPromo();
	return { promoId: evaluation.promoId, discountVnd: evaluation.discountVnd };
}

/** The use of `offer` by one order, reserved: the line's promo. */
export async function reserveUse(tx: Tx, offer: PromoOffer, code: string, userId: string | null, orderId: string): Promise<NonNullable<PricedLine['promo']>> {
	const redemptionId = await reservePromo(tx, { promoId: offer.promoId, userId, refType: ORDER_KIND, refId: orderId, discountVnd: offer.discountVnd }, 'CHECKOUT');
	return { code, redemptionId, discountVnd: offer.discountVnd };
}

/** The promo as this line sees it: the uses this cart already reserved count against its caps. */
function withOwnUses(promo: LoadedCheckoutPromo | null, taken: number): LoadedCheckoutPromo | null {
	if (!promo || taken === 0) return promo;
	return { ...promo, terms: { ...promo.terms, used: promo.terms.used + taken }, usesByBuyer: promo.usesByBuyer + taken };
}

export interface CartPromoLine {
	orderId: string;
	/** The live promo with the code, as the line's opening read saw it. */
	loaded: LoadedCheckoutPromo | null;
	priceVnd: bigint;
	promo: PricedLine['promo'];
}

/**
 * A cart's uses: one per line the code is valid for (each line's order holds its own
 * redemption, consumed or given back with it, exactly as a single order's).
 * A line past the caps this cart's own earlier lines used up goes without;
 * a cap another buyer reached first refuses the cart (409 promo_cap_reached),
 * as it refuses a single order. A code valid for no line is 400.
 */
export async function reserveCartUses(tx: Tx, lines: CartPromoLine[], code: string, userId: string | null): Promise<void> {
	let taken = 0;
	let refusal: 'cap_reached' | 'account_required' | 'invalid' = 'invalid';
	for (const line of lines) {
		const evaluation = evaluateLoadedCheckoutPromo(withOwnUses(line.loaded, taken), userId, line.priceVnd);
		if (!evaluation.ok) {
			if (evaluation.reason === 'cap_reached' && taken > 0) continue;
			if (evaluation.reason !== 'invalid') refusal = evaluation.reason;
			continue;
		}
		line.promo = await reserveUse(tx, { promoId: evaluation.promoId, discountVnd: evaluation.discountVnd }, code, userId, line.orderId);
		taken++;
	}
	if (taken > 0) return;
	if (refusal === 'cap_reached') throw capReached();
	if (refusal === 'account_required') throw invalidPromo('Mã khuyến mãi này chỉ dùng được khi đăng nhập tài khoản.');
	throw invalidPromo('Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho học liệu nào trong giỏ hàng.');
}
