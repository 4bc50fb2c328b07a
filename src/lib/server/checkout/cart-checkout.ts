/**
 * POST /api/v1/cart/checkout: the whole cart paid at once (README "Cart"),
 * through the same pipeline and payment methods as a single order
 * (docs/checkout.md). Each line becomes its own order — its own price, promo
 * share, receipt and download — and a QR cart's orders share one payment
 * intent (kind `cart`), so one transfer with one reference pays them all
 * (cart-payment-target.ts).
 *
 * Locks, in the order single checkouts take them (create.ts), phase by phase
 * with the lines in product-id order, so carts cannot deadlock with each
 * other or with single checkouts: the buyer's user row, the Idempotency-Key,
 * then for every line the product/ownership and a pending order for it
 * (intent, then order); then every line's flash-sale unit; then every promo
 * use; then the wallet. Any refusal rolls everything back.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { CartCheckoutInput } from '../../contracts/cart';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { cartCheckouts, cartItems, orders, paymentIntents, productOwnerships, products } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { expireIntent, isPastExpiry } from '../payments/intents';
import { claimIdempotencyKey, recordIdempotentOrder, requestHash } from '../payments/idempotency';
import { formatVndText } from '../../format';
import { findCartId, type CartOwner } from '../cart/store';
import { buyerScope, buyerUserId, type Buyer } from './buyer';
import { ownedInCart, unknownProduct } from './errors';
import { cartMethod } from './methods';
import { checkMethodFits, deliverReceipts, type CartCheckoutRow, type PricedLine, type Purchase, type Settled } from './methods/method';
import { openCheckout, type OpeningRead } from './open';
import { quoteAndHold } from './price';
import { promoCodeOf, reserveCartUses, type CartPromoLine } from './promo';
import { cancelPendingOrder, type OrderRow } from './transitions';

export interface CreatedCartCheckout {
	checkout: CartCheckoutRow;
	orders: OrderRow[];
	/** A retry with the same Idempotency-Key: the first request's checkout. */
	replayed: boolean;
}

const emptyCart = () => new AppError('state_violation', 'Giỏ hàng đang trống: hãy thêm học liệu trước khi thanh toán.', { reason: 'cart_empty' });

const priceChanged = (expected: bigint, actual: bigint) =>
	new AppError(
		'conflict',
		`Giá trong giỏ hàng vừa thay đổi: tổng nay là ${formatVndText(actual)} (trước đó ${formatVndText(expected)}). Hãy xem lại giỏ hàng trước khi thanh toán.`,
		{ reason: 'price_changed', expectedTotalVnd: expected.toString(), totalVnd: actual.toString() }
	);

/** The cart's products still on sale, in product-id order (the lock order). */
async function cartProducts(tx: Tx, cartId: string): Promise<string[]> {
	const rows = await tx
		.select({ productId: cartItems.productId })
		.from(cartItems)
		.innerJoin(products, eq(products.id, cartItems.productId))
		.where(and(eq(cartItems.cartId, cartId), eq(products.isPublished, true)))
		.orderBy(asc(cartItems.productId))
		.limit(config().cartMaxLines);
	return rows.map((r) => r.productId);
}

async function loadCheckout(tx: Tx, id: string): Promise<{ checkout: CartCheckoutRow; orders: OrderRow[] }> {
	const [checkout] = await tx.select().from(cartCheckouts).where(eq(cartCheckouts.id, id));
	const lines = await tx.select().from(orders).where(eq(orders.cartCheckoutId, id)).orderBy(asc(orders.productId));
	return { checkout: checkout!, orders: lines };
}

/** A pending order of the buyer for a line's product (a single checkout or another cart): cancelled, with its whole intent. */
async function settlePending(tx: Tx, userId: string, line: OpeningRead): Promise<void> {
	const seen = line.pending!;
	if (seen.paymentIntentId) {
		const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, seen.paymentIntentId)).for('update');
		if (intent?.status === 'PENDING' && isPastExpiry(intent)) await expireIntent(tx, intent);
	}
	const [pending] = await tx
		.select()
		.from(orders)
		.where(and(eq(orders.id, seen.orderId), eq(orders.status, 'PENDING')))
		.for('update');
	// Locked first: a transfer paying that order right now commits before ownership is read again.
	const [owned] = await tx
		.select({ userId: productOwnerships.userId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, line.product.id)));
	if (owned) throw ownedInCart(line.product.id, line.product.title);
	if (pending) await cancelPendingOrder(tx, pending);
}

export async function checkoutCart(buyer: Buyer, owner: CartOwner, input: CartCheckoutInput, idempotencyKey?: string): Promise<CreatedCartCheckout> {
	const promoCode = promoCodeOf(input.promoCode);
	const method = cartMethod(input.paymentMethod);
	method.ready?.();
	const userId = buyerUserId(buyer);
	const key = idempotencyKey ? { kind: 'cart' as const, scope: buyerScope(buyer), key: idempotencyKey } : undefined;
	const hash = requestHash({ ...input, promoCode, guest: buyer.kind === 'guest' ? buyer.email : undefined });

	let settled: Settled[] = [];
	const created = await db().transaction(async (tx): Promise<CreatedCartCheckout> => {
		const at = now();
		// The buyer's row first: it serialises one account's checkouts, single or cart (checkout_open takes the same lock).
		if (userId) await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`);
		const claim = key ? await claimIdempotencyKey(tx, key, hash) : undefined;
		if (claim?.kind === 'replay') return { ...(await loadCheckout(tx, claim.orderId)), replayed: true };

		const cartId = await findCartId(tx, owner);
		const productIds = cartId ? await cartProducts(tx, cartId) : [];
		if (productIds.length === 0) throw emptyCart();

		// Product, ownership and any pending order, line by line.
		const openings: OpeningRead[] = [];
		for (const productId of productIds) {
			const opening = await openCheckout(tx, userId, productId, at, promoCode);
			if (!opening) throw unknownProduct();
			if (userId && opening.pending) await settlePending(tx, userId, opening);
			else if (opening.owned) throw ownedInCart(opening.product.id, opening.product.title);
			openings.push(opening);
		}
		// Every flash-sale unit (a pending order given back may have returned one: its opening quote is stale then).
		const lines: PricedLine[] = [];
		for (const o of openings) {
			const quote = await quoteAndHold(tx, userId, o.product.id, at, o.pending ? undefined : o.quote);
			lines.push({ orderId: randomUUID(), product: o.product, account: o.buyer, quote, promo: null, amountVnd: quote.priceVnd });
		}
		// Every promo use: each line the code is valid for takes one, as a single order would, while its caps allow.
		if (promoCode) {
			const uses: CartPromoLine[] = lines.map((l, i) => ({ orderId: l.orderId, loaded: openings[i]!.promo, priceVnd: l.quote.priceVnd, promo: null }));
			await reserveCartUses(tx, uses, promoCode, userId);
			lines.forEach((l, i) => (l.promo = uses[i]!.promo));
		}
		const listed = lines.reduce((sum, l) => sum + l.quote.priceVnd, 0n);
		if (input.expectedTotalVnd !== undefined && BigInt(input.expectedTotalVnd) !== listed) throw priceChanged(BigInt(input.expectedTotalVnd), listed);
		for (const line of lines) line.amountVnd = line.quote.priceVnd - (line.promo?.discountVnd ?? 0n);
		const totalVnd = lines.reduce((sum, l) => sum + l.amountVnd, 0n);
		checkMethodFits(method, totalVnd, 'cart');

		const purchase: Purchase = { buyer, userId, at, returnTo: input.returnTo ?? null };
		const paid = await method.cart(tx, purchase, { id: randomUUID(), cartId, promoCode, totalVnd, lines });
		settled = paid.settled;
		// Paid lines leave the cart now; a QR cart's lines leave it when the transfer pays them.
		const paidIds = settled.filter((s) => s.order.status === 'PAID').map((s) => s.order.productId);
		if (cartId && paidIds.length > 0) await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, paidIds)));
		if (key) await recordIdempotentOrder(tx, key, paid.checkout.id);
		return { checkout: paid.checkout, orders: settled.map((s) => s.order), replayed: false };
	});

	if (!created.replayed) deliverReceipts(settled);
	return created;
}
