import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './money';
import { promoRedemptions } from './promos';
import { users } from './users';

/** What a buyer can top up, and the bonus each amount earns. */
export const topupDenominations = pgTable(
	'topup_denominations',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		amountVnd: money('amount_vnd').notNull(),
		/** Bonus in basis points (500 = 5 %), so bonus money is integer arithmetic. */
		bonusRateBp: integer('bonus_rate_bp').notNull().default(0),
		isActive: boolean('is_active').notNull().default(true),
		sortOrder: integer('sort_order').notNull().default(0),
		tag: text('tag'),
		isPopular: boolean('is_popular').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('topup_denominations_amount_key').on(t.amountVnd),
		check('topup_denominations_amount_pos', sql`${t.amountVnd} > 0`),
		check('topup_denominations_bonus_range', sql`${t.bonusRateBp} BETWEEN 0 AND 10000`)
	]
);

export const topupStatuses = ['PENDING', 'PAID', 'EXPIRED', 'FAILED'] as const;
export type TopupStatus = (typeof topupStatuses)[number];

/**
 * A request to add money to a wallet. Paying `totalAmountVnd` credits
 * `amountVnd` to the main pocket and `bonusVnd` to the bonus pocket.
 */
export const topupOrders = pgTable(
	'topup_orders',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'restrict' }),
		denominationId: uuid('denomination_id')
			.notNull()
			.references(() => topupDenominations.id, { onDelete: 'restrict' }),
		amountVnd: money('amount_vnd').notNull(),
		bonusVnd: money('bonus_vnd').notNull().default(sql`0`),
		promoDiscountVnd: money('promo_discount_vnd').notNull().default(sql`0`),
		totalAmountVnd: money('total_amount_vnd').notNull(),
		promoRedemptionId: uuid('promo_redemption_id').references(() => promoRedemptions.id, { onDelete: 'restrict' }),
		paymentMethod: text('payment_method', { enum: ['qr_direct'] }).notNull().default('qr_direct'),
		paymentRef: text('payment_ref').notNull(),
		status: text('status', { enum: topupStatuses }).notNull().default('PENDING'),
		/** Relative storefront URL to return to after payment. */
		returnTo: text('return_to'),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('topup_orders_user_idx').on(t.userId, t.createdAt),
		uniqueIndex('topup_orders_payment_ref_key').on(t.paymentRef),
		check('topup_orders_amounts', sql`${t.amountVnd} > 0 AND ${t.bonusVnd} >= 0 AND ${t.promoDiscountVnd} >= 0`),
		check('topup_orders_total', sql`${t.totalAmountVnd} = ${t.amountVnd} - ${t.promoDiscountVnd} AND ${t.totalAmountVnd} > 0`)
	]
);
