/**
 * The bank account an author is paid into: entered when applying, changed
 * here (or by applying again). Every change is audited with the account
 * before and after, and stamps `payout_details_changed_at`: for
 * PAYOUT_DETAILS_COOLDOWN_HOURS after it, recording a payout needs staff to
 * confirm the new account a second time (statements/payouts.ts), since
 * redirecting payouts is what someone who took over an account does first.
 */
import { eq } from 'drizzle-orm';
import type { PayoutDetails, PayoutDetailsInput } from '../../contracts/studio';
import { recordAudit } from '../admin/audit';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { authorProfiles } from '../db/schema';
import { notFound } from '../errors/app-error';
import { now } from '../platform/clock';

type ProfileRow = typeof authorProfiles.$inferSelect;
type Details = Pick<ProfileRow, 'bankName' | 'bankAccountNumber' | 'bankAccountHolder'>;

/** Until when a change made at `changedAt` still needs the second confirmation; null when it no longer does. */
export function payoutConfirmUntil(changedAt: Date | null, at: Date = now()): Date | null {
	const hours = config().payoutDetailsCooldownHours;
	if (!changedAt || hours === 0) return null;
	const until = new Date(changedAt.getTime() + hours * 3_600_000);
	return until.getTime() > at.getTime() ? until : null;
}

export function payoutDetailsView(row: Details & { payoutDetailsChangedAt: Date | null }): PayoutDetails {
	return {
		bankName: row.bankName,
		bankAccountNumber: row.bankAccountNumber,
		bankAccountHolder: row.bankAccountHolder,
		changedAt: row.payoutDetailsChangedAt?.toISOString() ?? null,
		confirmUntil: payoutConfirmUntil(row.payoutDetailsChangedAt)?.toISOString() ?? null
	};
}

const detailsOf = (r: Details): Details => ({ bankName: r.bankName, bankAccountNumber: r.bankAccountNumber, bankAccountHolder: r.bankAccountHolder });
const sameDetails = (a: Details, b: Details) =>
	a.bankName === b.bankName && a.bankAccountNumber === b.bankAccountNumber && a.bankAccountHolder === b.bankAccountHolder;

/**
 * Writes new details over a locked profile row when they differ: the audit
 * row (done by the author themself) and the change time go with them.
 * Returns the change time, or null when nothing changed.
 */
export async function recordPayoutDetailsChange(tx: Tx, userId: string, before: Details, after: Details): Promise<Date | null> {
	if (sameDetails(before, after)) return null;
	const at = now();
	await tx
		.update(authorProfiles)
		.set({ ...detailsOf(after), payoutDetailsChangedAt: at, updatedAt: at })
		.where(eq(authorProfiles.userId, userId));
	await recordAudit(tx, {
		actorId: userId,
		action: 'author.payout_details_change',
		targetType: 'user',
		targetId: userId,
		summary: { before: { ...detailsOf(before) }, after: { ...detailsOf(after) } }
	});
	return at;
}

export async function payoutDetails(userId: string): Promise<PayoutDetails> {
	const [row] = await db().select().from(authorProfiles).where(eq(authorProfiles.userId, userId));
	if (!row) throw notFound('Bạn chưa có hồ sơ tác giả. Hãy đăng ký bán học liệu trước.');
	return payoutDetailsView(row);
}

export async function updatePayoutDetails(userId: string, input: PayoutDetailsInput): Promise<PayoutDetails> {
	return db().transaction(async (tx) => {
		const [row] = await tx.select().from(authorProfiles).where(eq(authorProfiles.userId, userId)).for('update');
		if (!row) throw notFound('Bạn chưa có hồ sơ tác giả. Hãy đăng ký bán học liệu trước.');
		const changedAt = await recordPayoutDetailsChange(tx, userId, row, input);
		return payoutDetailsView(changedAt ? { ...input, payoutDetailsChangedAt: changedAt } : row);
	});
}
