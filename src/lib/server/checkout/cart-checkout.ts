/**
 * POST /api/v1/cart/checkout: the whole cart paid at once (README "Cart").
 * Each line becomes its own order — its own price, promo share, receipt and
 * download — and a QR cart's orders share one payment intent (kind `cart`),
 * so one transfer with one reference pays them all (cart-payment-target.ts).
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
import { cartCheckouts, cartItems, orders, paymentIntents, productOwnerships, products, type CartPaymentMethod } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { paymentAccount } from '../payments/account';
import { createPaymentIntent, expireIntent, isPastExpiry } from '../payments/intents';
import { claimIdempotencyKey, recordIdempotentOrder, requestHash } from '../payments/idempotency';
import { PROMO_CODE_PATTERN } from '../promos/admin';
import { capReached, evaluateLoadedCheckoutPromo, normalisePromoCode, reservePromo, type LoadedCheckoutPromo } from '../promos/service';
import { getBalance, insufficientFunds } from '../wallet/service';
import { formatVndText } from '../../format';
import { findCartId, type CartOwner } from '../cart/store';
import { buyerScope, buyerUserId, type Buyer } from './buyer';
import { invalidPromo, unknownProduct } from './errors';
import { quoteAndHold, type Quote } from './flash-sale';
import { openCheckout, type OpeningRead } from './open';
import { deliverClaimedReceiptSoon, deliverReceiptSoon, type ReceiptFacts } from './receipts';
import { cancelPendingOrder, markOrderPaid, ORDER_KIND, type OrderRow } from './transitions';
import { insertPaidWalletOrder } from './wallet-order';
import { CART_KIND } from './cart-kind';

export type CartCheckoutRow = typeof cartCheckouts.$inferSelect;

export interface CreatedCartCheckout {
	checkout: CartCheckoutRow;
	orders: OrderRow[];
	/** A retry with the same Idempotency-Key: the first request's checkout. */
	replayed: boolean;
}

interface Line {
	orderId: string;
	opening: OpeningRead;
	quote?: Quote;
	promo?: { redemptionId: string; discountVnd: bigint };
	amountVnd: bigint;
}

const emptyCart = () => new AppError('state_violation', 'Giỏ hàng đang trống: hãy thêm học liệu trước khi thanh toán.', { reason: 'cart_empty' });

/** The clear line a cart with an owned product gets (README "Cart"). */
export const ownedInCart = (productId: string, title: string) =>
	new AppError('already_owned', `Bạn đã sở hữu “${title}”: hãy bỏ học liệu này khỏi giỏ hàng rồi thanh toán lại.`, { productId });

const priceChanged = (expected: bigint, actual: bigint) =>
	new AppError(
		'conflict',
		`Giá trong giỏ hàng vừa thay đổi: tổng nay là ${formatVndText(actual)} (trước đó ${formatVndText(expected)}). Hãy xem lại giỏ hàng trước khi thanh toán.`,
		{ reason: 'price_changed', expectedTotalVnd: expected.toString(), totalVnd: actual.toString() }
	);

function checkMethodFitsTotal(method: CartPaymentMethod, total: bigint): void {
	if (method === 'free_claim' && total > 0n) {
		throw new AppError('state_violation', `Giỏ hàng này không miễn phí (cần thanh toán ${formatVndText(total)}), không thể nhận miễn phí.`, {
			reason: 'not_free',
			amountVnd: total.toString()
		});
	}
	if (method !== 'free_claim' && total === 0n) {
		throw new AppError('state_violation', 'Giỏ hàng này đang miễn phí: hãy chọn hình thức nhận miễn phí (free_claim).', {
			reason: 'free_order',
			paymentMethod: 'free_claim'
		});
	}
}

/** The promo as this line sees it: the uses this cart already reserved count against its caps. */
function withOwnUses(promo: LoadedCheckoutPromo | null, taken: number): LoadedCheckoutPromo | null {
	if (!promo || taken === 0) return promo;
	return { ...promo, terms: { ...promo.terms, used: promo.terms.used + taken }, usesByBuyer: promo.usesByBuyer + taken };
}

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
	const rawPromo = input.promoCode?.trim() || undefined;
	if (rawPromo !== undefined && !PROMO_CODE_PATTERN.test(rawPromo)) throw invalidPromo();
	const promoCode = rawPromo === undefined ? null : normalisePromoCode(rawPromo);
	// No payment account, no QR: refuse before anything is reserved.
	if (input.paymentMethod === 'qr_direct') paymentAccount();
	const userId = buyerUserId(buyer);
	const key = idempotencyKey ? { kind: 'cart' as const, scope: buyerScope(buyer), key: idempotencyKey } : undefined;
	const hash = requestHash({ ...input, promoCode, guest: buyer.kind === 'guest' ? buyer.email : undefined });

	const receipts: { order: OrderRow; facts?: ReceiptFacts }[] = [];
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
		const lines: Line[] = [];
		for (const productId of productIds) {
			const opening = await openCheckout(tx, userId, productId, at, promoCode);
			if (!opening) throw unknownProduct();
			if (userId && opening.pending) await settlePending(tx, userId, opening);
			else if (opening.owned) throw ownedInCart(opening.product.id, opening.product.title);
			lines.push({ orderId: randomUUID(), opening, amountVnd: 0n });
		}
		// Every flash-sale unit (a pending order given back may have returned one: its opening quote is stale then).
		for (const line of lines) line.quote = await quoteAndHold(tx, userId, line.opening.product.id, at, line.opening.pending ? undefined : line.opening.quote);
		// Every promo use: each line the code is valid for takes one, as a single order would, while its caps allow.
		if (promoCode) await reservePromoUses(tx, lines, userId);
		const listed = lines.reduce((sum, l) => sum + l.quote!.priceVnd, 0n);
		if (input.expectedTotalVnd !== undefined && BigInt(input.expectedTotalVnd) !== listed) throw priceChanged(BigInt(input.expectedTotalVnd), listed);
		for (const line of lines) line.amountVnd = line.quote!.priceVnd - (line.promo?.discountVnd ?? 0n);
		const total = lines.reduce((sum, l) => sum + l.amountVnd, 0n);
		checkMethodFitsTotal(input.paymentMethod, total);

		const id = randomUUID();
		const expiresAt = input.paymentMethod === 'qr_direct' ? new Date(at.getTime() + config().checkout.qrOrderTtlMs) : null;
		const intent = expiresAt ? await createPaymentIntent(tx, { kind: CART_KIND, targetId: id, amountVnd: total, userId, expiresAt }) : null;
		const [checkout] = await tx
			.insert(cartCheckouts)
			.values({
				id,
				userId,
				guestEmail: buyer.kind === 'guest' ? buyer.email : null,
				cartId,
				paymentMethod: input.paymentMethod,
				promoCode,
				amountVnd: total,
				paymentIntentId: intent?.id ?? null,
				createdAt: at
			})
			.returning();

		if (input.paymentMethod === 'wallet') {
			const available = (await getBalance(tx, userId!)).total;
			if (available < total) throw insufficientFunds(total, available);
		}
		const made: OrderRow[] = [];
		for (const line of lines) {
			const { product } = line.opening;
			const quote = line.quote!;
			const promo = line.promo && promoCode ? { code: promoCode, redemptionId: line.promo.redemptionId, discountVnd: line.promo.discountVnd } : null;
			if (input.paymentMethod === 'wallet' && line.amountVnd > 0n) {
				// The unit and the promo use are held: the paying statement does the rest (wallet-order.ts).
				const outcome = await insertPaidWalletOrder(tx, {
					id: line.orderId,
					userId: userId!,
					productId: product.id,
					at,
					quote,
					takeUnit: false,
					promo,
					amountVnd: line.amountVnd,
					returnTo: input.returnTo ?? null,
					note: `Mua “${product.title}” (giỏ hàng).`
				});
				if (outcome.kind === 'owned') throw ownedInCart(product.id, product.title);
				if (outcome.kind !== 'paid') throw insufficientFunds(total, (await getBalance(tx, userId!)).total);
				made.push({ ...outcome.order, cartCheckoutId: id });
				receipts.push({ order: outcome.order, facts: { productTitle: product.title, account: line.opening.buyer } });
				continue;
			}
			// A line the promo makes free is claimed at once, whatever pays the rest.
			const free = line.amountVnd === 0n;
			const [order] = await tx
				.insert(orders)
				.values({
					id: line.orderId,
					userId,
					guestEmail: buyer.kind === 'guest' ? buyer.email : null,
					guestConsentAt: buyer.kind === 'guest' ? at : null,
					productId: product.id,
					priceVnd: quote.priceVnd,
					priceSource: quote.source,
					promoDiscountVnd: line.promo?.discountVnd ?? 0n,
					amountVnd: line.amountVnd,
					paymentMethod: free ? 'free_claim' : 'qr_direct',
					promoCode: line.promo ? promoCode : null,
					promoRedemptionId: line.promo?.redemptionId ?? null,
					flashSaleId: quote.flashSaleId,
					flashSaleUnitHeld: quote.unitHeld,
					paymentIntentId: free ? null : (intent?.id ?? null),
					cartCheckoutId: id,
					returnTo: input.returnTo ?? null,
					expiresAt: free ? null : expiresAt,
					createdAt: at,
					updatedAt: at
				})
				.returning();
			if (free) {
				const paid = await markOrderPaid(tx, order!.id);
				made.push(paid);
				receipts.push({ order: paid });
			} else made.push(order!);
		}
		if (input.paymentMethod === 'wallet') {
			await tx.update(orders).set({ cartCheckoutId: id }).where(inArray(orders.id, lines.map((l) => l.orderId)));
		}
		// Paid lines leave the cart now; a QR cart's lines leave it when the transfer pays them.
		const paidIds = made.filter((o) => o.status === 'PAID').map((o) => o.productId);
		if (cartId && paidIds.length > 0) await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, paidIds)));
		if (key) await recordIdempotentOrder(tx, key, id);
		return { checkout: checkout!, orders: made, replayed: false };
	});

	if (!created.replayed) {
		for (const r of receipts) {
			if (r.facts) deliverClaimedReceiptSoon(r.order, r.facts);
			else deliverReceiptSoon(r.order.id);
		}
	}
	return created;
}

/**
 * One use per line the code is valid for (each line's order holds its own
 * redemption, consumed or given back with it, exactly as a single order's).
 * A line past the caps this cart's own earlier lines used up goes without;
 * a cap another buyer reached first refuses the cart (409 promo_cap_reached),
 * as it refuses a single order. A code valid for no line is 400.
 */
async function reservePromoUses(tx: Tx, lines: Line[], userId: string | null): Promise<void> {
	let taken = 0;
	let refusal: 'cap_reached' | 'account_required' | 'invalid' = 'invalid';
	for (const line of lines) {
		const evaluation = evaluateLoadedCheckoutPromo(withOwnUses(line.opening.promo, taken), userId, line.quote!.priceVnd);
		if (!evaluation.ok) {
			if (evaluation.reason === 'cap_reached' && taken > 0) continue;
			if (evaluation.reason !== 'invalid') refusal = evaluation.reason;
			continue;
		}
		const redemptionId = await reservePromo(tx, { promoId: evaluation.promoId, userId, refType: ORDER_KIND, refId: line.orderId, discountVnd: evaluation.discountVnd }, 'CHECKOUT');
		line.promo = { redemptionId, discountVnd: evaluation.discountVnd };
		taken++;
	}
	if (taken > 0) return;
	if (refusal === 'cap_reached') throw capReached();
	if (refusal === 'account_required') throw invalidPromo('Mã khuyến mãi này chỉ dùng được khi đăng nhập tài khoản.');
	throw invalidPromo('Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho học liệu nào trong giỏ hàng.');
}
