/**
 * POST /api/v1/checkout: one order for one product, in one transaction.
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
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { orders, paymentIntents, productOwnerships } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { paymentAccount } from '../payments/account';
import { createPaymentIntent, expireIntent, isPastExpiry } from '../payments/intents';
import { PROMO_CODE_PATTERN } from '../promos/admin';
import { capReached, evaluateLoadedCheckoutPromo, normalisePromoCode, reservePromo } from '../promos/service';
import { getBalance, insufficientFunds } from '../wallet/service';
import { formatVndText } from '../../format';
import { buyerScope, buyerUserId, type Buyer } from './buyer';
import { explainOwnProduct } from './own-product';
import { explainBundleRefusal } from './bundle-refusal';
import { alreadyOwned, flashSaleSoldOut, invalidPromo, unknownProduct } from './errors';
import { MAX_QUOTE_ATTEMPTS, offerOf, quoteAndHold, readQuote, type QuoteRow } from './flash-sale';
import { openCheckout } from './open';
import { insertPaidWalletOrder } from './wallet-order';
import { payByWalletAtOnce } from './wallet-at-once';
import { claimIdempotencyKey, recordIdempotentOrder, requestHash } from '../payments/idempotency';
import { deliverClaimedReceiptSoon, deliverReceiptSoon, type ReceiptFacts } from './receipts';
import { cancelPendingOrder, markOrderPaid, ORDER_KIND, type OrderRow } from './transitions';

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

function checkMethodFitsAmount(method: PaymentMethod, amountVnd: bigint): void {
	if (method === 'free_claim' && amountVnd > 0n) {
		throw new AppError('state_violation', `Sản phẩm này không miễn phí (cần thanh toán ${formatVndText(amountVnd)}), không thể nhận miễn phí.`, {
			reason: 'not_free',
			amountVnd: amountVnd.toString()
		});
	}
	if (method !== 'free_claim' && amountVnd === 0n) {
		throw new AppError('state_violation', 'Sản phẩm này đang miễn phí: hãy chọn hình thức nhận miễn phí (free_claim).', {
			reason: 'free_order',
			paymentMethod: 'free_claim'
		});
	}
}

function expiryFor(method: PaymentMethod, at: Date): Date | null {
	const c = config().checkout;
	if (method === 'qr_direct') return new Date(at.getTime() + c.qrOrderTtlMs);
	if (method === 'cash_manual') return new Date(at.getTime() + c.cashOrderTtlMs);
	return null;
}

/**
 * A wallet order without a promo: one statement pays it (wallet-order.ts).
 * When the price needs a flash-sale unit and another buyer took it first, the
 * price is read again and the statement retried, as quoteAndHold does.
 */
async function payByWallet(tx: Tx, userId: string, product: { id: string; title: string }, first: QuoteRow | undefined, returnTo: string | null, at: Date): Promise<OrderRow> {
	let row = first;
	for (let attempt = 0; attempt < MAX_QUOTE_ATTEMPTS; attempt++) {
		if (!row || attempt > 0) [row] = await readQuote(tx, userId, product.id, at);
		const quote = row && offerOf(row);
		if (!quote) break;
		checkMethodFitsAmount('wallet', quote.priceVnd);
		const id = randomUUID();
		const outcome = await insertPaidWalletOrder(tx, {
			id,
			userId,
			productId: product.id,
			at,
			quote,
			takeUnit: true,
			promo: null,
			amountVnd: quote.priceVnd,
			returnTo,
			note: `Mua “${product.title}”.`
		});
		if (outcome.kind === 'paid') return outcome.order;
		if (outcome.kind === 'owned') throw alreadyOwned(product.id);
		if (outcome.kind === 'insufficient') throw insufficientFunds(quote.priceVnd, (await getBalance(tx, userId)).total);
	}
	throw flashSaleSoldOut(product.id);
}

export async function createCheckoutOrder(buyer: Buyer, input: CreateCheckoutInput, idempotencyKey?: string): Promise<CreatedOrder> {
	try {
		return await placeOrder(buyer, input, idempotencyKey);
	} catch (error) {
		throw await explainBundleRefusal(await explainOwnProduct(error, buyerUserId(buyer), input.productId), buyerUserId(buyer), input.productId);
	}
}

async function placeOrder(buyer: Buyer, input: CreateCheckoutInput, idempotencyKey?: string): Promise<CreatedOrder> {
	const rawPromo = input.promoCode?.trim() || undefined;
	if (rawPromo !== undefined && !PROMO_CODE_PATTERN.test(rawPromo)) throw invalidPromo();
	const promoCode = rawPromo === undefined ? null : normalisePromoCode(rawPromo);
	// No payment account, no QR: refuse before anything is reserved.
	if (input.paymentMethod === 'qr_direct') paymentAccount();
	const userId = buyerUserId(buyer);
	const key = idempotencyKey ? { kind: 'checkout' as const, scope: buyerScope(buyer), key: idempotencyKey } : undefined;
	const hash = requestHash({ ...input, promoCode, guest: buyer.kind === 'guest' ? buyer.email : undefined });

	// The common case in one statement, without a transaction round trip (wallet-at-once.ts).
	if (userId && input.paymentMethod === 'wallet' && !promoCode && !key) {
		const paid = await payByWalletAtOnce(userId, input.productId, input.returnTo ?? null, now());
		if (paid) {
			deliverClaimedReceiptSoon(paid.order, paid.receipt);
			return { order: paid.order, replayed: false };
		}
	}

	let receipt: ReceiptFacts | undefined;
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

		if (input.paymentMethod === 'wallet' && !promoCode) {
			const order = await payByWallet(tx, userId!, product, firstQuote, input.returnTo ?? null, at);
			receipt = { productTitle: product.title, account: opening.buyer };
			return remember(order);
		}

		const quote = await quoteAndHold(tx, userId, product.id, at, firstQuote);
		let promo: { id: string; discountVnd: bigint } | undefined;
		if (promoCode) {
			const evaluation = evaluateLoadedCheckoutPromo(opening.promo, userId, quote.priceVnd);
			if (!evaluation.ok && evaluation.reason === 'cap_reached') throw capReached();
			if (!evaluation.ok && evaluation.reason === 'account_required') throw invalidPromo('Mã khuyến mãi này chỉ dùng được khi đăng nhập tài khoản.');
			if (!evaluation.ok) throw invalidPromo();
			promo = { id: evaluation.promoId, discountVnd: evaluation.discountVnd };
		}
		const amountVnd = quote.priceVnd - (promo?.discountVnd ?? 0n);
		checkMethodFitsAmount(input.paymentMethod, amountVnd);

		const id = randomUUID();
		const expiresAt = expiryFor(input.paymentMethod, at);
		const intent = expiresAt ? await createPaymentIntent(tx, { kind: ORDER_KIND, targetId: id, amountVnd, userId, expiresAt }) : null;
		const promoRedemptionId = promo
			? await reservePromo(tx, { promoId: promo.id, userId, refType: ORDER_KIND, refId: id, discountVnd: promo.discountVnd }, 'CHECKOUT')
			: null;
		if (input.paymentMethod === 'wallet') {
			// The unit (taken above) and the promo use (reserved above) are held: the paying statement does the rest.
			const outcome = await insertPaidWalletOrder(tx, {
				id,
				userId: userId!,
				productId: product.id,
				at,
				quote,
				takeUnit: false,
				promo: promo && promoCode ? { code: promoCode, redemptionId: promoRedemptionId!, discountVnd: promo.discountVnd } : null,
				amountVnd,
				returnTo: input.returnTo ?? null,
				note: `Mua “${product.title}”.`
			});
			if (outcome.kind === 'owned') throw alreadyOwned(product.id);
			if (outcome.kind !== 'paid') throw insufficientFunds(amountVnd, (await getBalance(tx, userId!)).total);
			receipt = { productTitle: product.title, account: opening.buyer };
			return remember(outcome.order);
		}
		const [order] = await tx
			.insert(orders)
			.values({
				id,
				userId,
				guestEmail: buyer.kind === 'guest' ? buyer.email : null,
				guestConsentAt: buyer.kind === 'guest' ? at : null,
				productId: product.id,
				priceVnd: quote.priceVnd,
				priceSource: quote.source,
				promoDiscountVnd: promo?.discountVnd ?? 0n,
				amountVnd,
				paymentMethod: input.paymentMethod,
				promoCode,
				promoRedemptionId,
				flashSaleId: quote.flashSaleId,
				flashSaleUnitHeld: quote.unitHeld,
				paymentIntentId: intent?.id ?? null,
				paymentRef: intent?.reference ?? null,
				returnTo: input.returnTo ?? null,
				expiresAt,
				createdAt: at,
				updatedAt: at
			})
			.returning();
		if (input.paymentMethod === 'free_claim') return remember(await markOrderPaid(tx, id));
		return remember(order!);
	});

	if (!created.replayed && created.order.status === 'PAID') {
		if (receipt) deliverClaimedReceiptSoon(created.order, receipt);
		else deliverReceiptSoon(created.order.id);
	}
	return created;
}
