import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, products, productTypes } from './catalog';
import { money } from './money';
import { users } from './users';

export const promoScopes = ['TOPUP', 'CHECKOUT'] as const;
export type PromoScope = (typeof promoScopes)[number];

export const promoKinds = ['PERCENT', 'FIXED'] as const;
export type PromoKind = (typeof promoKinds)[number];

/**
 * Promo codes for top-ups and for checkout (one table, `appliesTo` tells
 * which). `used` counts live reservations plus consumed uses; it only moves
 * through `used < total_cap` conditional updates and symmetric releases
 * (docs/architecture.md#money-invariants), so a capped promo can never be oversold.
 */
export const promos = pgTable(
	'promos',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		/** Stored normalised: trimmed, upper-case. */
		code: text('code').notNull(),
		description: text('description'),
		appliesTo: text('applies_to', { enum: promoScopes }).notNull(),
		kind: text('kind', { enum: promoKinds }).notNull(),
		/** PERCENT: whole percent off, 1–100. */
		percentOff: integer('percent_off'),
		/** PERCENT: the most one use may take off (null = no cap). */
		maxDiscountVnd: money('max_discount_vnd'),
		/** FIXED: the amount off. */
		amountOffVnd: money('amount_off_vnd'),
		/** The smallest amount (top-up amount or product price) the promo applies to. */
		minAmountVnd: money('min_amount_vnd').notNull().default(sql`0`),
		startsAt: timestamp('starts_at', { withTimezone: true }),
		endsAt: timestamp('ends_at', { withTimezone: true }),
		/** Null = unlimited. */
		totalCap: integer('total_cap'),
		used: integer('used').notNull().default(0),
		/** Null = unlimited. */
		perUserCap: integer('per_user_cap'),
		isActive: boolean('is_active').notNull().default(true),
		/** Checkout scope (all null = every product): one product, one product type, or a category subtree. */
		productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
		productType: text('product_type', { enum: productTypes }),
		categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('promos_code_key').on(t.code),
		check(
			'promos_kind_value',
			sql`(${t.kind} = 'PERCENT' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffVnd} IS NULL)
				OR (${t.kind} = 'FIXED' AND ${t.amountOffVnd} > 0 AND ${t.percentOff} IS NULL AND ${t.maxDiscountVnd} IS NULL)`
		),
		check('promos_max_discount_pos', sql`${t.maxDiscountVnd} IS NULL OR ${t.maxDiscountVnd} > 0`),
		check('promos_min_amount_nonneg', sql`${t.minAmountVnd} >= 0`),
		check('promos_window', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
		check('promos_caps_pos', sql`(${t.totalCap} IS NULL OR ${t.totalCap} > 0) AND (${t.perUserCap} IS NULL OR ${t.perUserCap} > 0)`),
		check('promos_used_range', sql`${t.used} >= 0 AND (${t.totalCap} IS NULL OR ${t.used} <= ${t.totalCap})`),
		check('promos_scope_checkout_only', sql`${t.appliesTo} = 'CHECKOUT' OR (${t.productId} IS NULL AND ${t.productType} IS NULL AND ${t.categoryId} IS NULL)`)
	]
);

export const promoRedemptionStatuses = ['RESERVED', 'CONSUMED', 'RELEASED'] as const;
export type PromoRedemptionStatus = (typeof promoRedemptionStatuses)[number];

/**
 * One use of a promo by one order: RESERVED when the order is created,
 * CONSUMED when it is paid, RELEASED (and `promos.used` given back) when it
 * expires or fails.
 */
export const promoRedemptions = pgTable(
	'promo_redemptions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		promoId: uuid('promo_id')
			.notNull()
			.references(() => promos.id, { onDelete: 'restrict' }),
		/** Null only for guest checkout, where per-user caps cannot apply. */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		/** `topup` or the checkout's order kind, and that order's id. */
		refType: text('ref_type').notNull(),
		refId: uuid('ref_id').notNull(),
		discountVnd: money('discount_vnd').notNull(),
		status: text('status', { enum: promoRedemptionStatuses }).notNull().default('RESERVED'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('promo_redemptions_ref_key').on(t.refType, t.refId),
		index('promo_redemptions_user_idx').on(t.promoId, t.userId).where(sql`${t.status} <> 'RELEASED'`),
		check('promo_redemptions_discount_nonneg', sql`${t.discountVnd} >= 0`)
	]
);
