/**
 * Promo codes (docs/architecture.md#money-invariants): evaluation, and the reservation life cycle
 * RESERVED → CONSUMED (order paid) or RELEASED (order expired or failed).
 *
 * A reservation is one conditional `UPDATE promos SET used = used + 1 WHERE
 * used < total_cap …`. That statement also locks the promo row until the
 * order's transaction ends, so the per-user count that follows is taken while
 * no other reservation of the same promo can interleave: neither cap can be
 * exceeded by concurrent orders.
 */
import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import { categories, promoRedemptions, promos, type ProductType, type PromoScope } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';

export type Promo = typeof promos.$inferSelect;

/** Promo codes are compared upper-case, without surrounding spaces. */
export function normalisePromoCode(code: string): string {
	return code.normalize('NFKC').trim().toUpperCase();
}

/** The discount a promo gives on `amount`, never more than the amount itself. */
export function discountFor(promo: Pick<Promo, 'kind' | 'percentOff' | 'maxDiscountVnd' | 'amountOffVnd'>, amount: bigint): bigint {
	let discount: bigint;
	if (promo.kind === 'PERCENT') {
		discount = (amount * BigInt(promo.percentOff ?? 0)) / 100n;
		if (promo.maxDiscountVnd !== null && discount > promo.maxDiscountVnd) discount = promo.maxDiscountVnd;
	} else {
		discount = promo.amountOffVnd ?? 0n;
	}
	return discount > amount ? amount : discount;
}

/** Conditions under which a promo can be used right now: active and inside its window. */
function liveNow(appliesTo: PromoScope): SQL {
	const t = now();
	return and(
		eq(promos.appliesTo, appliesTo),
		eq(promos.isActive, true),
		or(isNull(promos.startsAt), lte(promos.startsAt, t)),
		or(isNull(promos.endsAt), gt(promos.endsAt, t))
	)!;
}

async function usesByUser(tx: DbOrTx, promoId: string, userId: string): Promise<number> {
	const [row] = await tx
		.select({ n: sql<number>`count(*)::int` })
		.from(promoRedemptions)
		.where(and(eq(promoRedemptions.promoId, promoId), eq(promoRedemptions.userId, userId), inArray(promoRedemptions.status, ['RESERVED', 'CONSUMED'])));
	return row?.n ?? 0;
}

export type PromoEvaluation =
	| { ok: true; promo: Promo; discountVnd: bigint }
	/**
	 * `cap_reached`: the promo exists and applies, but its total or per-user
	 * uses are taken; `account_required`: it has a per-user cap, which a guest
	 * (no account) cannot be held to.
	 */
	| { ok: false; reason: 'invalid' | 'cap_reached' | 'account_required' };

async function findLivePromo(tx: DbOrTx, code: string, appliesTo: PromoScope): Promise<Promo | undefined> {
	const [promo] = await tx
		.select()
		.from(promos)
		.where(and(eq(promos.code, normalisePromoCode(code)), liveNow(appliesTo)));
	return promo;
}

/** The caps as they stand (reservePromo re-checks them atomically). */
async function capsAllow(tx: DbOrTx, promo: Promo, userId: string | null, discountVnd: bigint): Promise<PromoEvaluation> {
	if (promo.totalCap !== null && promo.used >= promo.totalCap) return { ok: false, reason: 'cap_reached' };
	if (promo.perUserCap !== null) {
		if (userId === null) return { ok: false, reason: 'account_required' };
		if ((await usesByUser(tx, promo.id, userId)) >= promo.perUserCap) return { ok: false, reason: 'cap_reached' };
	}
	return { ok: true, promo, discountVnd };
}

/**
 * Whether `code` would take money off a top-up of `amountVnd` for this user.
 * Unknown, inactive, expired, not-yet-started and not-applicable codes are
 * `invalid`; used-up ones are `cap_reached` (the validation endpoint shows
 * both as the contract's `{ valid: false, reason: "invalid" }`). A top-up must
 * still cost something, so a promo that would take the whole amount does
 * not apply.
 */
export async function evaluateTopupPromo(tx: DbOrTx, code: string, userId: string, amountVnd: bigint): Promise<PromoEvaluation> {
	const promo = await findLivePromo(tx, code, 'TOPUP');
	if (!promo || amountVnd <= 0n || amountVnd < promo.minAmountVnd) return { ok: false, reason: 'invalid' };
	const discountVnd = discountFor(promo, amountVnd);
	if (discountVnd >= amountVnd) return { ok: false, reason: 'invalid' };
	return capsAllow(tx, promo, userId, discountVnd);
}

export interface PromoProduct {
	id: string;
	type: ProductType;
	categoryId: string;
}

/** Every scope the promo sets must hold: the product, its type, and its category within the promo's subtree. */
async function inScope(tx: DbOrTx, promo: Promo, product: PromoProduct): Promise<boolean> {
	if (promo.productId !== null && promo.productId !== product.id) return false;
	if (promo.productType !== null && promo.productType !== product.type) return false;
	if (promo.categoryId === null || promo.categoryId === product.categoryId) return true;
	const scope = alias(categories, 'scope');
	const [inside] = await tx
		.select({ id: categories.id })
		.from(categories)
		.innerJoin(scope, eq(scope.id, promo.categoryId))
		.where(and(eq(categories.id, product.categoryId), sql`starts_with(${categories.path}, ${scope.path} || '/')`));
	return inside !== undefined;
}

/**
 * Whether `code` takes money off `priceVnd` (the product's effective price)
 * for this buyer (null = guest). A checkout promo may take the whole price,
 * which leaves a free claim.
 */
export async function evaluateCheckoutPromo(tx: DbOrTx, code: string, userId: string | null, product: PromoProduct, priceVnd: bigint): Promise<PromoEvaluation> {
	const promo = await findLivePromo(tx, code, 'CHECKOUT');
	if (!promo || priceVnd <= 0n || priceVnd < promo.minAmountVnd) return { ok: false, reason: 'invalid' };
	if (!(await inScope(tx, promo, product))) return { ok: false, reason: 'invalid' };
	return capsAllow(tx, promo, userId, discountFor(promo, priceVnd));
}

/** A checkout promo as checkout_open() read it (drizzle/0026): its terms, the product's scope check and the buyer's uses. */
export interface LoadedCheckoutPromo {
	id: string;
	terms: Pick<Promo, 'kind' | 'percentOff' | 'maxDiscountVnd' | 'amountOffVnd' | 'minAmountVnd' | 'totalCap' | 'used' | 'perUserCap'>;
	inScope: boolean;
	usesByBuyer: number;
}

export type LoadedPromoEvaluation = { ok: true; promoId: string; discountVnd: bigint } | { ok: false; reason: 'invalid' | 'cap_reached' | 'account_required' };

/** evaluateCheckoutPromo's rules, in the same order, over what the opening read loaded (null: no live checkout promo has the code). */
export function evaluateLoadedCheckoutPromo(promo: LoadedCheckoutPromo | null, userId: string | null, priceVnd: bigint): LoadedPromoEvaluation {
	if (!promo || priceVnd <= 0n || priceVnd < promo.terms.minAmountVnd || !promo.inScope) return { ok: false, reason: 'invalid' };
	if (promo.terms.totalCap !== null && promo.terms.used >= promo.terms.totalCap) return { ok: false, reason: 'cap_reached' };
	if (promo.terms.perUserCap !== null) {
		if (userId === null) return { ok: false, reason: 'account_required' };
		if (promo.usesByBuyer >= promo.terms.perUserCap) return { ok: false, reason: 'cap_reached' };
	}
	return { ok: true, promoId: promo.id, discountVnd: discountFor(promo.terms, priceVnd) };
}

export function capReached(): AppError {
	return new AppError('promo_cap_reached', 'Mã khuyến mãi đã hết lượt sử dụng.', { field: 'promoCode' });
}

export interface Reservation {
	promoId: string;
	userId: string | null;
	refType: string;
	refId: string;
	discountVnd: bigint;
}

/**
 * Takes one use of the promo for an order, inside the order's transaction.
 * Throws 409 `promo_cap_reached` when the total or the per-user cap is used up.
 */
export async function reservePromo(tx: Tx, r: Reservation, appliesTo: PromoScope): Promise<string> {
	const [promo] = await tx
		.update(promos)
		.set({ used: sql`${promos.used} + 1`, updatedAt: now() })
		.where(and(eq(promos.id, r.promoId), liveNow(appliesTo), or(isNull(promos.totalCap), sql`${promos.used} < ${promos.totalCap}`)))
		.returning({ perUserCap: promos.perUserCap });
	if (!promo) throw capReached();
	if (r.userId !== null && promo.perUserCap !== null && (await usesByUser(tx, r.promoId, r.userId)) >= promo.perUserCap) {
		throw capReached();
	}
	const [redemption] = await tx
		.insert(promoRedemptions)
		.values({ ...r, status: 'RESERVED', createdAt: now(), updatedAt: now() })
		.returning({ id: promoRedemptions.id });
	return redemption!.id;
}

/** The order was paid: the use is final. */
export async function consumePromoRedemption(tx: Tx, redemptionId: string): Promise<void> {
	await tx
		.update(promoRedemptions)
		.set({ status: 'CONSUMED', updatedAt: now() })
		.where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'RESERVED')));
}

/** The order expired or failed: give the use back, exactly once. */
export async function releasePromoRedemption(tx: Tx, redemptionId: string): Promise<void> {
	const [released] = await tx
		.update(promoRedemptions)
		.set({ status: 'RELEASED', updatedAt: now() })
		.where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, 'RESERVED')))
		.returning({ promoId: promoRedemptions.promoId });
	if (released) {
		await tx
			.update(promos)
			.set({ used: sql`${promos.used} - 1`, updatedAt: now() })
			.where(eq(promos.id, released.promoId));
	}
}
