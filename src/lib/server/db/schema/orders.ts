import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cartCheckouts } from './cart';
import { flashSales, products } from './catalog';
import { money } from './money';
import { paymentIntents } from './payments';
import { promoRedemptions } from './promos';
import { topupOrders } from './topup';
import { users } from './users';

export const orderStatuses = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'FAILED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['qr_direct', 'wallet', 'free_claim', 'cash_manual'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const orderPriceSources = ['list', 'sale', 'flash_sale'] as const;

/**
 * `pending` until the first attempt; `sending` while one is under way (so
 * concurrent senders cannot both send); then `sent`, `suppressed` (no mail
 * server configured) or `failed` (retried a few times by the receipts job).
 */
export const receiptStatuses = ['pending', 'sending', 'sent', 'suppressed', 'failed'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

/**
 * A purchase of one product. The price is fixed at creation (flash sale >
 * sale > list, minus a promo); whatever the order holds — a flash-sale unit,
 * a promo use — is given back exactly once, when it leaves PENDING for
 * EXPIRED or CANCELLED (docs/architecture.md#money-invariants). PAID keeps both. FAILED is in the
 * contract's vocabulary, but a failed payment (a short wallet) rolls the
 * whole checkout back, so no order is ever left FAILED.
 */
export const orders = pgTable(
	'orders',
	{
		id: uuid('id').primaryKey(),
		/** The number printed on receipts (`DH100001`): short, sequential, readable over the phone. */
		orderNumber: bigint('order_number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
		/** Null for guest checkout. */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
		/** Guest checkout: where the receipt and the download link go. */
		guestEmail: text('guest_email'),
		/** Guest checkout: when the buyer gave explicit consent. */
		guestConsentAt: timestamp('guest_consent_at', { withTimezone: true }),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'restrict' }),
		/** The effective price at creation, before the promo. */
		priceVnd: money('price_vnd').notNull(),
		priceSource: text('price_source', { enum: orderPriceSources }).notNull(),
		promoDiscountVnd: money('promo_discount_vnd').notNull().default(sql`0`),
		/** What the buyer pays: priceVnd − promoDiscountVnd. */
		amountVnd: money('amount_vnd').notNull(),
		paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
		status: text('status', { enum: orderStatuses }).notNull().default('PENDING'),
		/** The promo code applied, normalised. */
		promoCode: text('promo_code'),
		promoRedemptionId: uuid('promo_redemption_id').references(() => promoRedemptions.id, { onDelete: 'restrict' }),
		/** The flash sale whose price the order got. */
		flashSaleId: uuid('flash_sale_id').references(() => flashSales.id, { onDelete: 'set null' }),
		/** One unit of that flash sale's stock is held by this order (false for uncapped flash sales). */
		flashSaleUnitHeld: boolean('flash_sale_unit_held').notNull().default(false),
		/** qr_direct and cash_manual: the reference a transfer or the cashier quotes. */
		paymentIntentId: uuid('payment_intent_id').references(() => paymentIntents.id, { onDelete: 'restrict' }),
		paymentRef: text('payment_ref'),
		/** A line of a cart paid at once (checkout/cart-*.ts): its QR and reference are the cart's. */
		cartCheckoutId: uuid('cart_checkout_id').references(() => cartCheckouts.id, { onDelete: 'restrict' }),
		/** Relative storefront URL to return to after payment. */
		returnTo: text('return_to'),
		receiptStatus: text('receipt_status', { enum: receiptStatuses }),
		receiptAttempts: integer('receipt_attempts').notNull().default(0),
		receiptAttemptedAt: timestamp('receipt_attempted_at', { withTimezone: true }),
		/** PENDING orders only. */
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		expiredAt: timestamp('expired_at', { withTimezone: true }),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull()
	},
	(t) => [
		index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
		index('orders_cart_checkout_idx').on(t.cartCheckoutId).where(sql`${t.cartCheckoutId} IS NOT NULL`),
		// A cart's orders share its payment intent: the intent's handler pays or releases them together.
		index('orders_payment_intent_idx').on(t.paymentIntentId),
		// Every sign-in looks for the guest orders of the account's address (checkout/guest-orders.ts).
		index('orders_guest_email_idx').on(t.guestEmail).where(sql`${t.userId} IS NULL`),
		// One pending order per buyer and product: a repeated checkout finds it instead of holding stock twice.
		uniqueIndex('orders_one_pending_key').on(t.userId, t.productId).where(sql`${t.status} = 'PENDING' AND ${t.userId} IS NOT NULL`),
		index('orders_receipts_due_idx').on(t.paidAt).where(sql`${t.receiptStatus} IN ('pending', 'sending', 'failed')`),
		uniqueIndex('orders_payment_ref_key').on(t.paymentRef),
		uniqueIndex('orders_order_number_key').on(t.orderNumber),
		check('orders_amounts', sql`${t.priceVnd} >= 0 AND ${t.promoDiscountVnd} >= 0 AND ${t.amountVnd} = ${t.priceVnd} - ${t.promoDiscountVnd} AND ${t.amountVnd} >= 0`),
		check('orders_buyer', sql`${t.userId} IS NOT NULL OR (${t.guestEmail} IS NOT NULL AND ${t.guestConsentAt} IS NOT NULL)`),
		check('orders_wallet_needs_account', sql`${t.paymentMethod} <> 'wallet' OR ${t.userId} IS NOT NULL`),
		check('orders_free_claim_is_free', sql`${t.paymentMethod} <> 'free_claim' OR ${t.amountVnd} = 0`),
		check('orders_paid_at', sql`(${t.status} = 'PAID') = (${t.paidAt} IS NOT NULL)`),
		check('orders_receipt_attempts_nonneg', sql`${t.receiptAttempts} >= 0`)
	]
);

/**
 * Idempotency keys of POST /api/v1/checkout (the Stripe model): the first
 * request with a key creates the order, a retry with the same key and body
 * gets that order back, the same key with another body is refused. Only
 * requests that created an order are remembered, so a failed one can be
 * retried with its key. Rows are dropped after `expiresAt`.
 */
/** What an Idempotency-Key may create: a checkout order or a top-up order. */
export const idempotentKinds = ['checkout', 'topup', 'cart'] as const;
export type IdempotentKind = (typeof idempotentKinds)[number];

/**
 * Idempotency-Keys of POST /api/v1/checkout and POST /api/v1/topup/orders
 * (the table kept its first name). Each kind has its own key space; a row
 * points at the one result its kind creates.
 */
export const checkoutIdempotencyKeys = pgTable(
	'checkout_idempotency_keys',
	{
		kind: text('kind', { enum: idempotentKinds }).notNull().default('checkout'),
		/** `user:<id>` or `guest:<email>`: whose keys these are. */
		scope: text('scope').notNull(),
		key: text('key').notNull(),
		/** SHA-256 of the normalised request body. */
		requestHash: text('request_hash').notNull(),
		orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
		topupOrderId: uuid('topup_order_id').references(() => topupOrders.id, { onDelete: 'cascade' }),
		cartCheckoutId: uuid('cart_checkout_id').references(() => cartCheckouts.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull()
	},
	(t) => [
		uniqueIndex('checkout_idempotency_keys_key').on(t.kind, t.scope, t.key),
		index('checkout_idempotency_keys_expiry_idx').on(t.expiresAt),
		check('checkout_idempotency_keys_kind', sql`${t.kind} in ('checkout', 'topup', 'cart')`),
		// A key points only at what its kind creates.
		check(
			'checkout_idempotency_keys_result',
			sql`(${t.kind} = 'checkout' and ${t.topupOrderId} is null and ${t.cartCheckoutId} is null) or (${t.kind} = 'topup' and ${t.orderId} is null and ${t.cartCheckoutId} is null) or (${t.kind} = 'cart' and ${t.orderId} is null and ${t.topupOrderId} is null)`
		)
	]
);

/**
 * A paid order refunded to the buyer's wallet by staff (issue #16). The order
 * keeps status PAID (the contract's OrderStatus has no refund state); this row,
 * one per order at most, is what says it was refunded. Written in the same
 * transaction as the REFUND ledger entry and the ownership revocation.
 */
export const orderRefunds = pgTable(
	'order_refunds',
	{
		orderId: uuid('order_id')
			.primaryKey()
			.references(() => orders.id, { onDelete: 'restrict' }),
		/** Amount credited back, VND; the order's paid amount. */
		amountVnd: money('amount_vnd').notNull(),
		refundedBy: uuid('refunded_by')
			.notNull()
			.references(() => users.id, { onDelete: 'restrict' }),
		reason: text('reason').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [index('order_refunds_created_idx').on(t.createdAt), check('order_refunds_amount_nonneg', sql`${t.amountVnd} >= 0`)]
);
