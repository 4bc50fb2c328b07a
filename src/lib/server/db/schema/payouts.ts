import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money } from './money';
import { users } from './users';

/**
 * One payout to an author for one statement month (issue #16), marked by staff
 * once the bank transfer is made. The primary key makes "paid twice" impossible;
 * `amount_vnd` is what was owed when it was marked (statements/payouts.ts).
 */
export const authorPayouts = pgTable(
	'author_payouts',
	{
		authorId: uuid('author_id')
			.notNull()
			.references(() => users.id, { onDelete: 'restrict' }),
		/** The statement month, `YYYY-MM` in Vietnam time. */
		month: text('month').notNull(),
		amountVnd: money('amount_vnd').notNull(),
		/** The bank transfer's reference, as staff typed it. */
		reference: text('reference').notNull(),
		paidBy: uuid('paid_by')
			.notNull()
			.references(() => users.id, { onDelete: 'restrict' }),
		paidAt: timestamp('paid_at', { withTimezone: true }).notNull()
	},
	(t) => [
		primaryKey({ columns: [t.authorId, t.month] }),
		check('author_payouts_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
		check('author_payouts_amount_pos', sql`${t.amountVnd} > 0`)
	]
);
