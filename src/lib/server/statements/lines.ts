/**
 * The rows every statement and payout is computed from: one `sale` line per
 * paid order of an author's product (free claims excluded) at its paid time,
 * and one `refund` line per staff refund of such an order at the refund's
 * time. A refund therefore lands in the month it happened, even when the sale
 * was in a month already paid out; the cumulative balance nets it against the
 * next payout (statements/payouts.ts).
 *
 * The author's share of a line is floor(amount × percent / 100) in whole VND,
 * and a refund takes back exactly the share its sale gave (at the configured
 * percent: changing AUTHOR_REVENUE_SHARE_PERCENT re-rates unpaid lines too).
 *
 * An author earns nothing from their own purchase (README, "Trust rules"):
 * checkout refuses it, and an order the author placed anyway — before that
 * rule, or as a guest with the account's address — makes no line, nor does
 * its refund.
 */
import { sql, type SQL } from 'drizzle-orm';
import { config } from '../config';

export function sharePercent(): number {
	return config().authorRevenueSharePercent;
}

/** `(kind, order_id, order_ref, product_id, product_title, author_id, at, amount, share)`, share signed. */
const notTheAuthorsOwn = sql`o.user_id IS DISTINCT FROM p.author_id
	AND (o.guest_email IS NULL OR NOT EXISTS (SELECT 1 FROM users a WHERE a.id = p.author_id AND lower(a.email) = lower(o.guest_email)))`;

export function statementLines(where: SQL = sql`TRUE`): SQL {
	const pct = sharePercent();
	return sql`(
		SELECT 'sale'::text AS kind, o.id AS order_id, o.payment_ref AS order_ref, p.id AS product_id, p.title AS product_title,
			p.author_id, o.paid_at AS at, o.amount_vnd AS amount, (o.amount_vnd * ${pct}::int) / 100 AS share
		FROM orders o JOIN products p ON p.id = o.product_id
		WHERE p.author_id IS NOT NULL AND o.status = 'PAID' AND o.amount_vnd > 0 AND ${notTheAuthorsOwn} AND ${where}
		UNION ALL
		SELECT 'refund'::text, o.id, o.payment_ref, p.id, p.title,
			p.author_id, r.created_at, r.amount_vnd, -((r.amount_vnd * ${pct}::int) / 100)
		FROM order_refunds r JOIN orders o ON o.id = r.order_id JOIN products p ON p.id = o.product_id
		WHERE p.author_id IS NOT NULL AND r.amount_vnd > 0 AND ${notTheAuthorsOwn} AND ${where}
	)`;
}
