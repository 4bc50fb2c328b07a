/** An author's monthly statement and earnings summary (the studio's /tac-gia/thu-nhap). */
import { and, eq, sql } from 'drizzle-orm';
import type { Earnings, Statement } from '../../contracts/statements';
import { db, type DbOrTx } from '../db/client';
import { queryRows, isoTime } from '../db/rows';
import { authorPayouts } from '../db/schema';
import { monthRange } from './months';
import { sharePercent, statementLines } from './lines';

interface LineRow {
	kind: 'sale' | 'refund';
	order_id: string;
	order_ref: string | null;
	product_id: string;
	product_title: string;
	at: Date | string;
	amount: string | bigint;
	share: string | bigint;
}

type PayoutRowDb = typeof authorPayouts.$inferSelect;

export function payoutView(row: PayoutRowDb | undefined) {
	return row ? { amountVnd: row.amountVnd.toString(), reference: row.reference, paidAt: row.paidAt.toISOString() } : null;
}

/** Everything earned before `to` minus every payout marked so far (any month). */
export async function owedBefore(authorId: string, to: Date, tx: DbOrTx = db()): Promise<bigint> {
	const [row] = await queryRows<{ earned: string | null; paid: string | null }>(
		sql`
		SELECT (SELECT sum(share) FROM ${statementLines(sql`p.author_id = ${authorId}`)} l WHERE l.at < ${to.toISOString()}::timestamptz) AS earned,
			(SELECT sum(amount_vnd) FROM author_payouts WHERE author_id = ${authorId}) AS paid`,
		tx
	);
	return BigInt(row?.earned ?? 0) - BigInt(row?.paid ?? 0);
}

export async function authorStatement(authorId: string, month: string): Promise<Statement> {
	const range = monthRange(month);
	const rows = await queryRows<LineRow>(sql`
		SELECT * FROM ${statementLines(sql`p.author_id = ${authorId}`)} l
		WHERE l.at >= ${range.from.toISOString()}::timestamptz AND l.at < ${range.to.toISOString()}::timestamptz
		ORDER BY l.at, l.kind DESC, l.order_id`);
	const [payout] = await db()
		.select()
		.from(authorPayouts)
		.where(and(eq(authorPayouts.authorId, authorId), eq(authorPayouts.month, month)));
	const lines = rows.map((r) => ({
		kind: r.kind,
		orderId: r.order_id,
		orderRef: r.order_ref,
		productId: r.product_id,
		productTitle: r.product_title,
		at: isoTime(r.at),
		amountVnd: BigInt(r.amount).toString(),
		authorShareVnd: BigInt(r.share).toString()
	}));
	const sum = (kind: 'sale' | 'refund') => rows.filter((r) => r.kind === kind).reduce((acc, r) => acc + BigInt(r.amount), 0n);
	const gross = sum('sale');
	const refunds = sum('refund');
	const share = rows.reduce((acc, r) => acc + BigInt(r.share), 0n);
	const owed = payout ? 0n : await owedBefore(authorId, range.to);
	return {
		month,
		sharePercent: sharePercent(),
		salesCount: rows.filter((r) => r.kind === 'sale').length,
		grossVnd: gross.toString(),
		refundsCount: rows.filter((r) => r.kind === 'refund').length,
		refundsVnd: refunds.toString(),
		netVnd: (gross - refunds).toString(),
		authorShareVnd: share.toString(),
		owedVnd: owed.toString(),
		payout: payoutView(payout),
		lines
	};
}

export async function authorEarnings(authorId: string): Promise<Earnings> {
	const months = await queryRows<{ month: string; sales: number; gross: string; refunds: string; share: string }>(sql`
		SELECT to_char((l.at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM') AS month,
			count(*) FILTER (WHERE l.kind = 'sale')::int AS sales,
			coalesce(sum(l.amount) FILTER (WHERE l.kind = 'sale'), 0)::text AS gross,
			coalesce(sum(l.amount) FILTER (WHERE l.kind = 'refund'), 0)::text AS refunds,
			sum(l.share)::text AS share
		FROM ${statementLines(sql`p.author_id = ${authorId}`)} l
		GROUP BY 1 ORDER BY 1 DESC`);
	const payouts = await db().select().from(authorPayouts).where(eq(authorPayouts.authorId, authorId));
	const byMonth = new Map(payouts.map((p) => [p.month, p]));
	const earned = months.reduce((acc, m) => acc + BigInt(m.share), 0n);
	const paid = payouts.reduce((acc, p) => acc + p.amountVnd, 0n);
	return {
		sharePercent: sharePercent(),
		balanceVnd: (earned - paid).toString(),
		months: months.map((m) => ({
			month: m.month,
			salesCount: m.sales,
			grossVnd: m.gross,
			refundsVnd: m.refunds,
			authorShareVnd: m.share,
			payout: payoutView(byMonth.get(m.month))
		}))
	};
}
