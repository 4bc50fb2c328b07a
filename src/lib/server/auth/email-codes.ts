/**
 * Six-digit codes sent by email (sign-in codes, address verification codes):
 * ten minutes, only the newest one of a kind per address works, at most five
 * wrong guesses each. Stored as an HMAC bound to their row (one-time-tokens.ts).
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { db, type DbOrTx } from '../db/client';
import { authTokens, type AuthTokenPurpose } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { safeEqual } from '../platform/signing';
import { newOtpCode, otpHash, type AuthTokenRow } from './one-time-tokens';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export const codeExpired = () =>
	new AppError('otp_expired', 'Mã xác nhận đã hết hạn hoặc không còn hiệu lực. Vui lòng yêu cầu mã mới.');

/** A new code for `email`; asking again replaces the previous one of the same purpose. */
export async function issueEmailCode(
	tx: DbOrTx,
	purpose: AuthTokenPurpose,
	email: string,
	userId: string | null = null
): Promise<string> {
	const code = newOtpCode();
	const id = randomUUID();
	await tx.delete(authTokens).where(and(eq(authTokens.email, email), eq(authTokens.purpose, purpose)));
	await tx.insert(authTokens).values({
		id,
		purpose,
		email,
		userId,
		tokenHash: otpHash(id, code),
		expiresAt: new Date(nowMs() + OTP_TTL_MINUTES * 60_000),
		createdAt: now()
	});
	return code;
}

/**
 * The live code row of `email` that `code` matches, not yet spent (spend it with
 * `spendEmailCode` inside the transaction that acts on it). A wrong code counts
 * one attempt, atomically, so parallel guesses cannot exceed the budget.
 */
export async function matchEmailCode(purpose: AuthTokenPurpose, email: string, code: string): Promise<AuthTokenRow> {
	const live = and(
		eq(authTokens.email, email),
		eq(authTokens.purpose, purpose),
		isNull(authTokens.usedAt),
		lt(authTokens.attempts, OTP_MAX_ATTEMPTS),
		gt(authTokens.expiresAt, now())
	);
	const [row] = await db().select().from(authTokens).where(live).orderBy(desc(authTokens.createdAt)).limit(1);
	if (!row) throw codeExpired();
	if (safeEqual(row.tokenHash, otpHash(row.id, code))) return row;

	const [counted] = await db()
		.update(authTokens)
		.set({ attempts: sql`${authTokens.attempts} + 1` })
		.where(and(eq(authTokens.id, row.id), lt(authTokens.attempts, OTP_MAX_ATTEMPTS), isNull(authTokens.usedAt)))
		.returning({ attempts: authTokens.attempts });
	if (!counted) throw codeExpired();
	const left = OTP_MAX_ATTEMPTS - counted.attempts;
	log.info('emailed code refused', { purpose, attemptsLeft: left });
	throw new AppError(
		'invalid_otp',
		left > 0
			? `Mã xác nhận không đúng. Bạn còn ${left} lần thử.`
			: 'Mã xác nhận không đúng. Mã này đã bị huỷ vì nhập sai quá nhiều lần; vui lòng yêu cầu mã mới.',
		{ attemptsLeft: left }
	);
}

/** Marks a matched code used; a code spent meanwhile (a racing request) is expired for this one. */
export async function spendEmailCode(row: AuthTokenRow, tx: DbOrTx): Promise<void> {
	const [used] = await tx
		.update(authTokens)
		.set({ usedAt: now() })
		.where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), lt(authTokens.attempts, OTP_MAX_ATTEMPTS)))
		.returning({ id: authTokens.id });
	if (!used) throw codeExpired();
}
