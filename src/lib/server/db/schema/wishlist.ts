import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

/** "Yêu thích": products an account saved for later. Gone with the account or the product. */
export const wishlistItems = pgTable(
	'wishlist_items',
	{
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_created_idx').on(t.userId, t.createdAt)]
);
