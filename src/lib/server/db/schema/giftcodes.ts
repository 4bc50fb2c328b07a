import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './money';
import { users } from './users';

/**
 * Gift codes are stored only as a keyed lookup hash of the normalised code
 * (HMAC-SHA256, purpose `giftcode`): the table alone cannot be turned back
 * into redeemable codes.
 */
export const giftCodes = pgTable(
	'gift_codes',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		lookupHash: text('lookup_hash').notNull(),
		/** The last characters of the code, so staff can tell codes apart. */
		hint: text('hint').notNull(),
		amountVnd: money('amount_vnd').notNull(),
		/** 1 = single-use. */
		maxRedemptions: integer('max_redemptions').notNull().default(1),
		redemptionCount: integer('redemption_count').notNull().default(0),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		isActive: boolean('is_active').notNull().default(true),
		/** Groups the codes of one `giftcodes:create` run. */
		batchId: uuid('batch_id').notNull(),
		note: text('note'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('gift_codes_lookup_hash_key').on(t.lookupHash),
		index('gift_codes_batch_idx').on(t.batchId),
		check('gift_codes_amount_nonneg', sql`${t.amountVnd} >= 0`),
		check('gift_codes_redemptions', sql`${t.maxRedemptions} > 0 AND ${t.redemptionCount} >= 0 AND ${t.redemptionCount} <= ${t.maxRedemptions}`)
	]
);

/** One row per successful redemption; a user redeems a code at most once. */
export const giftCodeRedemptions = pgTable(
	'gift_code_redemptions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		giftCodeId: uuid('gift_code_id')
			.notNull()
			.references(() => giftCodes.id, { onDelete: 'restrict' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'restrict' }),
		amountVnd: money('amount_vnd').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [uniqueIndex('gift_code_redemptions_once_key').on(t.giftCodeId, t.userId)]
);
