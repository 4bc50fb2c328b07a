/**
 * Staff payouts to authors, per author and statement month (issue #16).
 *
 * What a payout for month M pays is everything the author earned up to the
 * end of M minus everything already paid out, so a refund of a sale from a
 * month already paid comes off the next payout, and paying November before
 * October simply leaves October with nothing owed. Marking locks the
 * author's account row: two staff marking (the same or different months of
 * one author) at once cannot both count the same earnings.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PayoutList } from '../../contracts/statements';
import { recordAudit } from '../admin/audit';
import { db } from '../db/client';
import { queryRows } from '../db/rows';
import { authorPayouts, authorProfiles, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { formatDateTime, formatVndText } from '../../format';
import { payoutConfirmUntil, payoutDetailsView } from '../studio/payout-details';
import { monthRange } from './months';
import { sharePercent, statementLines } from './lines';
import { owedBefore, payoutView } from './statement';
import { payoutRecorded } from '../notifications/events';

export async function listPayouts(month: string): Promise<PayoutList> {
	const range = monthRange(month);
	const rows = await queryRows<{
		author_id: string;
		email: string;
		name: string | null;
		sales: number;
		month_share: string;
		earned: string;
		paid: string;
	}>(sql`
		WITH l AS (SELECT * FROM ${statementLines()} x WHERE x.at < ${range.to.toISOString()}::timestamptz),
		per_author AS (
			SELECT author_id,
				count(*) FILTER (WHERE kind = 'sale' AND at >= ${range.from.toISOString()}::timestamptz)::int AS sales,
				coalesce(sum(share) FILTER (WHERE at >= ${range.from.toISOString()}::timestamptz), 0) AS month_share,
				sum(share) AS earned
			FROM l GROUP BY author_id
		)
		SELECT a.author_id, u.email, u.name, a.sales, a.month_share::text, a.earned::text,
			coalesce((SELECT sum(amount_vnd) FROM author_payouts ap WHERE ap.author_id = a.author_id), 0)::text AS paid
		FROM per_author a JOIN users u ON u.id = a.author_id
		ORDER BY u.email`);
	const payouts = await db().select().from(authorPayouts).where(eq(authorPayouts.month, month));
	const byAuthor = new Map(payouts.map((p) => [p.authorId, p]));
	const profiles = rows.length ? await db().select().from(authorProfiles).where(inArray(authorProfiles.userId, rows.map((r) => r.author_id))) : [];
	const detailsOf = new Map(profiles.map((p) => [p.userId, payoutDetailsView(p)]));
	const items = rows
		.map((r) => {
			const payout = byAuthor.get(r.author_id);
			const owed = payout ? 0n : BigInt(r.earned) - BigInt(r.paid);
			return {
				authorId: r.author_id,
				email: r.email,
				name: r.name,
				salesCount: r.sales,
				monthShareVnd: r.month_share,
				owedVnd: owed.toString(),
				payout: payoutView(payout),
				payoutDetails: detailsOf.get(r.author_id) ?? null
			};
		})
		.filter((r) => r.payout || r.salesCount > 0 || r.monthShareVnd !== '0' || BigInt(r.owedVnd) > 0n);
	return { month, sharePercent: sharePercent(), monthEnded: range.to.getTime() <= now().getTime(), items };
}

export async function markPayout(actorId: string, input: { authorId: string; month: string; reference: string; confirmNewPayoutDetails?: boolean }) {
	const range = monthRange(input.month);
	if (range.to.getTime() > now().getTime()) {
		throw new AppError('state_violation', `Tháng ${input.month} chưa kết thúc; chỉ chi trả được tháng đã khép sổ.`, { reason: 'month_not_ended' });
	}
	return db().transaction(async (tx) => {
		// Serialises every payout of this author (see the module comment).
		const [author] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.authorId)).for('update');
		if (!author) throw notFound('Không tìm thấy tác giả.');
		const [profile] = await tx.select().from(authorProfiles).where(eq(authorProfiles.userId, input.authorId));
		const confirmUntil = payoutConfirmUntil(profile?.payoutDetailsChangedAt ?? null);
		if (confirmUntil && !input.confirmNewPayoutDetails) {
			throw new AppError(
				'conflict',
				`Tác giả vừa đổi tài khoản nhận tiền lúc ${formatDateTime(profile!.payoutDetailsChangedAt!)} (giờ Việt Nam). Hãy xác minh tài khoản mới với tác giả qua kênh khác, rồi xác nhận lần nữa để ghi chi trả.`,
				{ reason: 'payout_details_recently_changed', changedAt: profile!.payoutDetailsChangedAt!.toISOString(), confirmUntil: confirmUntil.toISOString() }
			);
		}
		const [already] = await tx
			.select()
			.from(authorPayouts)
			.where(sql`${authorPayouts.authorId} = ${input.authorId} AND ${authorPayouts.month} = ${input.month}`);
		if (already) {
			throw new AppError('conflict', `Tháng ${input.month} của tác giả này đã được chi trả (mã ${already.reference}).`, { reason: 'already_paid' });
		}
		const owed = await owedBefore(input.authorId, range.to, tx);
		if (owed <= 0n) {
			throw new AppError('state_violation', 'Không có khoản nào phải trả cho tác giả này đến hết tháng đã chọn.', { reason: 'nothing_owed', owedVnd: owed.toString() });
		}
		const paidAt = now();
		await tx.insert(authorPayouts).values({ authorId: input.authorId, month: input.month, amountVnd: owed, reference: input.reference, paidBy: actorId, paidAt });
		await recordAudit(tx, {
			actorId,
			action: 'payout.mark_paid',
			targetType: 'user',
			targetId: input.authorId,
			summary: {
				before: { paid: false },
				after: {
					paid: true,
					month: input.month,
					amountVnd: owed.toString(),
					reference: input.reference,
					...(profile ? { bankName: profile.bankName, bankAccountNumber: profile.bankAccountNumber, bankAccountHolder: profile.bankAccountHolder } : {}),
					...(confirmUntil ? { confirmedNewPayoutDetails: true } : {})
				},
				note: `Chi trả ${formatVndText(owed)} cho ${author.email}`
			}
		});
		await payoutRecorded(tx, input.authorId, input.month, owed, input.reference);
		return { authorId: input.authorId, month: input.month, amountVnd: owed.toString(), reference: input.reference, paidAt: paidAt.toISOString() };
	});
}
