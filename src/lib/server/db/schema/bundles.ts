import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * The products a `COMBO` bundle is made of, in the order its page lists them
 * (README, Bundles). Buying the bundle grants each item (a trigger on
 * product_ownerships, drizzle migration "bundles"); a buyer who owns some of
 * them already pays the bundle price minus what they paid for those.
 */
export const bundleItems = pgTable(
	'bundle_items',
	{
		bundleId: uuid('bundle_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		itemId: uuid('item_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		primaryKey({ columns: [t.bundleId, t.itemId] }),
		index('bundle_items_item_idx').on(t.itemId),
		check('bundle_items_not_itself', sql`${t.bundleId} <> ${t.itemId}`),
		check('bundle_items_position_nonneg', sql`${t.position} >= 0`)
	]
);
