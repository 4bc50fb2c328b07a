/**
 * "Giỏ hàng" (README "Cart"): what a buyer means to pay for at once. A cart
 * holds published products the buyer does not own, at most CART_MAX_LINES;
 * each line remembers the price it had when added so the page can say when a
 * sale started or ended since. Adding is idempotent. The cart guards no money
 * (checkout re-reads every price and ownership under its locks), so the cap
 * is read where the row is written, as the wishlist does.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Cart } from '../../contracts/cart';
import { effectivePrice } from '../catalog/pricing';
import { flashSaleJoin, mapSummary, outsideHiddenCategories, summaryColumns, type SummaryRow } from '../catalog/product-query';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { cartItems, carts } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now as clockNow } from '../platform/clock';
import { alreadyOwned } from '../checkout/errors';

/** Whose cart: an account's, or a guest's by the id in their cookie (null: none yet). */
export type CartOwner = { userId: string; guestCartId?: undefined } | { userId: null; guestCartId: string | null };

const productNotFound = () => notFound('Không tìm thấy học liệu này, có thể học liệu đã được gỡ xuống.');

export const cartFull = (max: number) =>
	new AppError('state_violation', `Giỏ hàng đã đủ ${max} học liệu. Hãy thanh toán hoặc bỏ bớt trước khi thêm.`, { reason: 'cart_full', max });

async function accountCartId(tx: DbOrTx, userId: string, create: boolean): Promise<string | null> {
	const [found] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
	if (found || !create) return found?.id ?? null;
	const [made] = await tx.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId }).returning({ id: carts.id });
	if (made) return made.id;
	// A concurrent first add made it.
	const [raced] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
	return raced!.id;
}

async function existingGuestCart(tx: DbOrTx, id: string | null): Promise<string | null> {
	if (!id) return null;
	const [row] = await tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), sql`${carts.userId} IS NULL`));
	return row?.id ?? null;
}

/** The owner's cart id, or null when they have none yet. */
export function findCartId(tx: DbOrTx, owner: CartOwner): Promise<string | null> {
	return owner.userId ? accountCartId(tx, owner.userId, false) : existingGuestCart(tx, owner.guestCartId ?? null);
}

/** True when the account owns the product or is its author (checkout refuses both: checkout/own-product.ts). */
async function ownsProduct(userId: string, productId: string): Promise<boolean> {
	const [row] = await queryRows<{ owned: boolean }>(sql`
		SELECT EXISTS (SELECT 1 FROM product_ownerships o WHERE o.user_id = ${userId}::uuid AND o.product_id = ${productId}::uuid)
			OR EXISTS (SELECT 1 FROM products p WHERE p.id = ${productId}::uuid AND p.author_id = ${userId}::uuid) AS owned`);
	return row!.owned;
}

/** Puts a product in the cart (again: nothing changes). Answers the cart's id, which a guest's cookie must then hold. */
export async function addToCart(owner: CartOwner, productId: string): Promise<{ cartId: string }> {
	if (!isUuid(productId)) throw productNotFound();
	if (owner.userId && (await ownsProduct(owner.userId, productId))) throw alreadyOwned(productId);
	const max = config().cartMaxLines;
	const at = clockNow();
	const cartId = owner.userId ? await accountCartId(db(), owner.userId, true) : ((await existingGuestCart(db(), owner.guestCartId ?? null)) ?? (await newGuestCart()));
	const inserted = await queryRows<{ product_id: string }>(sql`
		INSERT INTO cart_items (cart_id, product_id, added_price_vnd, added_at)
		SELECT ${cartId}::uuid, p.id, (${effectivePrice(at)}), ${at.toISOString()}::timestamptz
		FROM products p
		WHERE p.id = ${productId}::uuid AND p.is_published AND ${outsideHiddenCategories}
		  AND (SELECT count(*) FROM cart_items i WHERE i.cart_id = ${cartId}::uuid) < ${max}
		ON CONFLICT (cart_id, product_id) DO NOTHING
		RETURNING product_id`);
	await db().update(carts).set({ updatedAt: at }).where(eq(carts.id, cartId!));
	if (inserted.length > 0) return { cartId: cartId! };
	const [existing] = await db()
		.select({ productId: cartItems.productId })
		.from(cartItems)
		.where(and(eq(cartItems.cartId, cartId!), eq(cartItems.productId, productId)));
	if (existing) return { cartId: cartId! };
	const [published] = await queryRows<{ id: string }>(sql`SELECT p.id FROM products p WHERE p.id = ${productId}::uuid AND p.is_published AND ${outsideHiddenCategories}`);
	if (!published) throw productNotFound();
	throw cartFull(max);
}

async function newGuestCart(): Promise<string> {
	const [made] = await db().insert(carts).values({ userId: null }).returning({ id: carts.id });
	return made!.id;
}

export async function removeFromCart(owner: CartOwner, productId: string): Promise<void> {
	if (!isUuid(productId)) return;
	const cartId = await findCartId(db(), owner);
	if (cartId) await db().delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
}

interface LineRow extends SummaryRow {
	added_price_vnd: string;
	pay_vnd: string;
	owned: boolean;
}

/** The cart as it stands: lines in the order they were added, priced now; lines taken off sale drop out until they return. */
export async function readCart(owner: CartOwner): Promise<Cart> {
	const max = config().cartMaxLines;
	const cartId = await findCartId(db(), owner);
	if (!cartId) return { lines: [], totalVnd: '0', maxLines: max };
	const now = clockNow();
	const userId = owner.userId;
	const rows = await queryRows<LineRow>(sql`
		SELECT ${summaryColumns(now)}, i.added_price_vnd::text AS added_price_vnd,
			-- What this buyer pays: a bundle some of whose items they own costs less ("Mua nốt bộ", README "Bundles").
			${userId ? sql`buyer_price(${effectivePrice(now)}, bundle_credit(${userId}::uuid, p.id))::text` : sql`(${effectivePrice(now)})::text`} AS pay_vnd,
			${userId
				? sql`(EXISTS (SELECT 1 FROM product_ownerships o WHERE o.user_id = ${userId}::uuid AND o.product_id = p.id) OR p.author_id IS NOT DISTINCT FROM ${userId}::uuid)`
				: sql`false`} AS owned
		FROM cart_items i
		JOIN products p ON p.id = i.product_id
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now)}
		WHERE i.cart_id = ${cartId}::uuid AND p.is_published AND ${outsideHiddenCategories}
		ORDER BY i.added_at, p.id
		LIMIT ${max}`);
	const lines = rows.map((row) => ({
		product: mapSummary(row),
		priceVnd: row.pay_vnd,
		addedPriceVnd: row.added_price_vnd,
		priceChanged: row.effective_price_vnd !== row.added_price_vnd,
		owned: row.owned
	}));
	const total = lines.reduce((sum, l) => sum + BigInt(l.priceVnd), 0n);
	return { lines, totalVnd: total.toString(), maxLines: max };
}

/** The products in the cart (the header's badge counts them; buttons show which are in). */
export async function cartProductIds(owner: CartOwner): Promise<string[]> {
	const cartId = await findCartId(db(), owner);
	if (!cartId) return [];
	const rows = await db().select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, cartId));
	return rows.map((r) => r.productId);
}

/**
 * A guest's cart joins the account's (README "Cart"): its lines are added
 * (keeping the price each had when added, up to CART_MAX_LINES; products the
 * account owns stay out) and the guest's cart is deleted.
 */
export async function mergeGuestCart(userId: string, guestId: string): Promise<void> {
	await db().transaction(async (tx) => {
		const guest = await existingGuestCart(tx, guestId);
		if (!guest) return;
		const mine = await accountCartId(tx, userId, true);
		await tx.execute(sql`
			INSERT INTO cart_items (cart_id, product_id, added_price_vnd, added_at)
			SELECT ${mine}::uuid, g.product_id, g.added_price_vnd, g.added_at
			FROM cart_items g
			WHERE g.cart_id = ${guest}::uuid
			  AND NOT EXISTS (SELECT 1 FROM product_ownerships o WHERE o.user_id = ${userId}::uuid AND o.product_id = g.product_id)
			ORDER BY g.added_at
			LIMIT GREATEST(${config().cartMaxLines} - (SELECT count(*) FROM cart_items m WHERE m.cart_id = ${mine}::uuid), 0)
			ON CONFLICT (cart_id, product_id) DO NOTHING`);
		await tx.delete(carts).where(eq(carts.id, guest));
	});
}
