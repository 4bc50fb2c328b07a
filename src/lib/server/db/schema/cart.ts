import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { money } from './money';
import { paymentIntents } from './payments';
import { users } from './users';

/**
 * "Giỏ hàng" (README "Cart"): one per account (`userId`), or a guest's, found
 * by the signed `cart` cookie that holds its id (`userId` null). A guest's
 * cart joins the account's at the first request signed in.
 */
export const carts = pgTable(
	'carts',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [uniqueIndex('carts_user_key').on(t.userId), index('carts_guest_updated_idx').on(t.updatedAt).where(sql`${t.userId} IS NULL`)]
);

/** A product in a cart, with the effective price it had when it was added (so a change can be shown before paying). */
export const cartItems = pgTable(
	'cart_items',
	{
		cartId: uuid('cart_id')
			.notNull()
			.references(() => carts.id, { onDelete: 'cascade' }),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		addedPriceVnd: money('added_price_vnd').notNull(),
		addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.cartId, t.productId] }), check('cart_items_price_nonneg', sql`${t.addedPriceVnd} >= 0`)]
);

export const cartPaymentMethods = ['qr_direct', 'wallet', 'free_claim'] as const;
export type CartPaymentMethod = (typeof cartPaymentMethods)[number];

/**
 * One payment for a whole cart: each line became its own order (orders.cart_checkout_id),
 * and a QR cart's orders share one payment intent (kind `cart`, target this row).
 */
export const cartCheckouts = pgTable(
	'cart_checkouts',
	{
		id: uuid('id').primaryKey(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
		guestEmail: text('guest_email'),
		/** The cart whose lines are taken out once paid (null once that cart is gone). */
		cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
		paymentMethod: text('payment_method', { enum: cartPaymentMethods }).notNull(),
		promoCode: text('promo_code'),
		/** What the buyer pays for all lines together (the intent's amount for a QR cart). */
		amountVnd: money('amount_vnd').notNull(),
		paymentIntentId: uuid('payment_intent_id').references(() => paymentIntents.id, { onDelete: 'restrict' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull()
	},
	(t) => [
		index('cart_checkouts_user_created_idx').on(t.userId, t.createdAt),
		check('cart_checkouts_buyer', sql`${t.userId} IS NOT NULL OR ${t.guestEmail} IS NOT NULL`),
		check('cart_checkouts_amount_nonneg', sql`${t.amountVnd} >= 0`)
	]
);
