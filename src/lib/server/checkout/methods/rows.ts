/** The rows a checkout inserts, written once for every method: an order, a cart checkout, a free line claimed. */
import type { Tx } from '../../db/client';
import { cartCheckouts, orders, type PaymentMethod } from '../../db/schema';
import { createPaymentIntent } from '../../payments/intents';
import { markOrderPaid, ORDER_KIND, type OrderRow } from '../transitions';
import type { CartCheckoutRow, PricedCart, PricedLine, Purchase, Settled } from './method';

export interface OrderTerms {
	paymentMethod: PaymentMethod;
	paymentIntentId: string | null;
	/** Set on a single order's row; a cart's lines share the cart's intent and reference. */
	paymentRef: string | null;
	cartCheckoutId: string | null;
	expiresAt: Date | null;
}

/** The line's order, PENDING. */
export async function insertOrder(tx: Tx, p: Purchase, line: PricedLine, terms: OrderTerms): Promise<OrderRow> {
	const [order] = await tx
		.insert(orders)
		.values({
			id: line.orderId,
			userId: p.userId,
			guestEmail: p.buyer.kind === 'guest' ? p.buyer.email : null,
			guestConsentAt: p.buyer.kind === 'guest' ? p.at : null,
			productId: line.product.id,
			priceVnd: line.quote.priceVnd,
			priceSource: line.quote.source,
			promoDiscountVnd: line.promo?.discountVnd ?? 0n,
			amountVnd: line.amountVnd,
			paymentMethod: terms.paymentMethod,
			promoCode: line.promo?.code ?? null,
			promoRedemptionId: line.promo?.redemptionId ?? null,
			flashSaleId: line.quote.flashSaleId,
			flashSaleUnitHeld: line.quote.unitHeld,
			paymentIntentId: terms.paymentIntentId,
			paymentRef: terms.paymentRef,
			cartCheckoutId: terms.cartCheckoutId,
			returnTo: p.returnTo,
			expiresAt: terms.expiresAt,
			createdAt: p.at,
			updatedAt: p.at
		})
		.returning();
	return order!;
}

/** A single order that waits for a transfer (or cash) with its own payment intent and reference, until `expiresAt`. */
export async function waitingOrder(tx: Tx, p: Purchase, line: PricedLine, paymentMethod: PaymentMethod, expiresAt: Date): Promise<Settled> {
	const intent = await createPaymentIntent(tx, { kind: ORDER_KIND, targetId: line.orderId, amountVnd: line.amountVnd, userId: p.userId, expiresAt });
	return { order: await insertOrder(tx, p, line, { paymentMethod, paymentIntentId: intent.id, paymentRef: intent.reference, cartCheckoutId: null, expiresAt }) };
}

/** A line that costs nothing, claimed at once (PAID, its receipt due), whatever pays the rest. */
export async function claimFree(tx: Tx, p: Purchase, line: PricedLine, cartCheckoutId: string | null): Promise<Settled> {
	await insertOrder(tx, p, line, { paymentMethod: 'free_claim', paymentIntentId: null, paymentRef: null, cartCheckoutId, expiresAt: null });
	const paid = await markOrderPaid(tx, line.orderId);
	return { order: paid, receipt: { order: paid } };
}

export async function insertCartCheckout(tx: Tx, p: Purchase, cart: PricedCart, paymentMethod: CartCheckoutRow['paymentMethod'], paymentIntentId: string | null): Promise<CartCheckoutRow> {
	const [checkout] = await tx
		.insert(cartCheckouts)
		.values({
			id: cart.id,
			userId: p.userId,
			guestEmail: p.buyer.kind === 'guest' ? p.buyer.email : null,
			cartId: cart.cartId,
			paymentMethod,
			promoCode: cart.promoCode,
			amountVnd: cart.totalVnd,
			paymentIntentId,
			createdAt: p.at
		})
		.returning();
	return checkout!;
}
