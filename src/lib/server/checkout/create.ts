/**
 * POST /api/v1/checkout: one order for one product, in one transaction — the
 * pipeline every payment method goes through (docs/checkout.md): open, price
 * (price.ts), hold the flash-sale unit, reserve the promo use, then the
 * method (methods/) settles the priced order.
 *
 * Order of work, chosen so concurrent requests cannot deadlock or oversell:
 * the buyer's user row (serialises one account's checkouts), the
 * Idempotency-Key, the product and ownership, a pending order for the same
 * product (its payment intent, then the order), the flash-sale unit, the
 * promo use, the wallet. Expiry and the webhook take intent → order →
 * flash sale → promo in the same order. Any refusal rolls everything back,
 * so a failed checkout holds nothing.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { CreateCheckoutInput, PaymentMethod } from '../../contracts/checkout';
import { db, type Tx } from '../db/client';
import { orders, paymentIntents, productOwnerships } from '../db/schema';
import { now } from '../platform/clock';
import { expireIntent, isPastExpiry } from '../payments/intents';
import { claimIdempotencyKey, recordIdempotentOrder, requestHash } from '../payments/idempotency';
import { buyerScope, buyerUserId, type Buyer } from './buyer';
import { explainOwnProduct } from './own-product';
import { explainBundleRefusal } from './bundle-refusal';
import { alreadyOwned, unknownProduct } from './errors';
import { orderMethod } from './methods';
import { checkMethodFits, deliverReceipts, type PricedLine, type Purchase, type Settled } from './methods/method';
import { openCheckout } from './open';
import { priceAndHold, quoteAndHold, type Quote } from './price';
import { orderPromo, promoCodeOf, reserveUse } from './promo';
import { cancelPendingOrder, type OrderRow } from './transitions';

export interface CreatedOrder {
	order: OrderRow;
	/** A retry with the same Idempotency-Key: the first request's order. */
	replayed: boolean;
}

async function loadOrder(tx: Tx, id: string): Promise<OrderRow> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, id));
	return order!;
}

async function owns(tx: Tx, userId: string, productId: string): Promise<boolean> {
	const [row] = await tx
		.select({ userId: productOwnerships.userId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId)));
	return row !== undefined;
}

/**
 * The buyer's pending order the opening read saw, locked intent first (the
 * webhook's order) and re-read under the lock.
 */
async function lockPendingOrder(tx: Tx, seen: { orderId: string; paymentIntentId: string | null }): Promise<OrderRow | undefined> {
	if (seen.paymentIntentId) await tx.select({ id: paymentIntents.id }).from(paymentIntents).where(eq(paymentIntents.id, seen.paymentIntentId)).for('update');
	const [order] = await tx
		.select()
		.from(orders)
		.where(and(eq(orders.id, seen.orderId), eq(orders.status, 'PENDING')))
		.for('update');
	return order;
}

/**
 * A pending order for the same product: asked for again with the same
 * payment method and promo, the buyer gets it back (same QR, same reference,
 * nothing held twice); asked for differently, or pending as a cart's line,
 * it is cancelled and replaced (a cart's lines with it).
 */
async function settlePendingDuplicate(tx: Tx, pending: OrderRow, method: PaymentMethod, promoCode: string | null): Promise<OrderRow | undefined> {
	if (pending.expiresAt && isPastExpiry({ expiresAt: pending.expiresAt })) {
		const [intent] = pending.paymentIntentId ? await tx.select().from(paymentIntents).where(eq(paymentIntents.id, pending.paymentIntentId)) : [];
		if (intent) await expireIntent(tx, intent);
		return undefined;
	}
	// A cart's line is paid by the cart's QR, not one of its own: buying the product alone replaces that cart checkout.
	if (pending.cartCheckoutId === null && pending.paymentMethod === method && pending.promoCode === promoCode) return pending;
	await cancelPendingOrder(tx, pending);
	return undefined;
}

export async function createCheckoutOrder(buyer: Buyer, input: CreateCheckoutInput, idempotencyKey?: string): Promise<CreatedOrder> {
	try {
		return await placeOrder(buyer, input, idempotencyKey);
	} catch (error) {
		throw await explainBundleRefusal(await explainOwnProduct(error, buyerUserId(buyer), input.productId), buyerUserId(buyer), input.productId);
	}
}

async function placeOrder(buyer: Buyer, input: CreateCheckoutInput, idempotencyKey?: string): Promise<CreatedOrder> {
	const promoCode = promoCodeOf(input.promoCode);
	const method = orderMethod(input.paymentMethod);
	method.ready?.();
	const userId = buyerUserId(buyer);
	const key = idempotencyKey ? { kind: 'checkout' as const, scope: buyerScope(buyer), key: idempotencyKey } : undefined;
	const hash = requestHash({ ...input, promoCode, guest: buyer.kind === 'guest' ? buyer.email : undefined });
	const returnTo = input.returnTo ?? null;

	// The common case in one statement, without a transaction round trip (methods/wallet.ts).
	if (method.atOnce && userId && !promoCode && !key) {
		const paid = await method.atOnce(userId, input.productId, returnTo, now());
		if (paid) {
			deliverReceipts([paid]);
			return { order: paid.order, replayed: false };
		}
	}

	let settled: Settled | undefined;
	const created = await db().transaction(async (tx): Promise<CreatedOrder> => {
		const at = now();
		// The buyer's row is locked first (it serialises one account's checkouts), then everything else is read.
		const opening = await openCheckout(tx, userId, input.productId, at, promoCode);
		const claim = key ? await claimIdempotencyKey(tx, key, hash) : undefined;
		if (claim?.kind === 'replay') return { order: await loadOrder(tx, claim.orderId), replayed: true };
		const remember = async (order: OrderRow): Promise<CreatedOrder> => {
			if (key) await recordIdempotentOrder(tx, key, order.id);
			return { order, replayed: false };
		};

		if (!opening) throw unknownProduct();
		const { product } = opening;
		if (userId) {
			if (opening.pending) {
				// Locked first: a transfer paying that order right now commits before ownership is read again.
				const pending = await lockPendingOrder(tx, opening.pending);
				if (await owns(tx, userId, product.id)) throw alreadyOwned(product.id);
				const same = pending && (await settlePendingDuplicate(tx, pending, input.paymentMethod, promoCode));
				if (same) return remember(same);
			} else if (opening.owned) throw alreadyOwned(product.id);
		}
		// A pending order given back may have returned a flash-sale unit: the opening quote is stale then.
		const firstQuote = opening.pending ? undefined : opening.quote;
		const purchase: Purchase = { buyer, userId, at, returnTo };
		const line = (quote: Quote, discountVnd = 0n): PricedLine => ({
			orderId: randomUUID(),
			product,
			account: opening.buyer,
			quote,
			promo: null,
			amountVnd: quote.priceVnd - discountVnd
		});

		if (method.takesUnit && !promoCode) {
			// No promo use to lock between the unit and the payment: the method's statement takes the unit.
			settled = await priceAndHold(tx, userId, product.id, at, firstQuote, (quote) => {
				const priced = line(quote);
				checkMethodFits(method, priced.amountVnd, 'order');
				return method.order(tx, purchase, priced, true);
			});
			return remember(settled.order);
		}

		const quote = await quoteAndHold(tx, userId, product.id, at, firstQuote);
		const offer = promoCode ? orderPromo(opening.promo, userId, quote.priceVnd) : undefined;
		const priced = line(quote, offer?.discountVnd);
		checkMethodFits(method, priced.amountVnd, 'order');
		if (offer) priced.promo = await reserveUse(tx, offer, promoCode!, userId, priced.orderId);
		settled = (await method.order(tx, purchase, priced, false))!;
		return remember(settled.order);
	});

	if (!created.replayed && settled) deliverReceipts([settled]);
	return created;
}
