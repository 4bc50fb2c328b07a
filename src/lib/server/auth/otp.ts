/**
 * Sign-in by emailed code (docs/api.md#authentication and #limits): six digits, ten minutes, at most five
 * wrong guesses per code. Sending answers the same whether or not the address
 * has an account; the account is created on the first successful verification.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { db } from '../db/client';
import { authTokens } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { safeEqual } from '../platform/signing';
import { normaliseEmail, startSession, verifiedAccountFor, type SignedIn } from './accounts';
import { otpMail } from './auth-mail';
import { authLimits } from './limits';
import { newOtpCode, otpHash } from './one-time-tokens';
import type { AuthRequest } from './request';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

const expired = () =>
	new AppError(
		'otp_expired',
		'Mã xác nhận đã hết hạn hoặc không còn hiệu lực. Vui lòng yêu cầu mã mới.'
	);

export async function sendSignInOtp(input: { email: string }, req: AuthRequest): Promise<void> {
	const email = normaliseEmail(input.email);
	await authLimits.mail(req, email);
	const code = newOtpCode();
	const id = randomUUID();
	await db().transaction(async (tx) => {
		// Only the newest code works: asking again replaces the previous one.
		await tx
			.delete(authTokens)
			.where(and(eq(authTokens.email, email), eq(authTokens.purpose, 'sign_in_otp')));
		await tx.insert(authTokens).values({
			id,
			purpose: 'sign_in_otp',
			email,
			tokenHash: otpHash(id, code),
			expiresAt: new Date(nowMs() + OTP_TTL_MINUTES * 60_000),
			createdAt: now()
		});
	});
	await sendMail(otpMail(email, code, OTP_TTL_MINUTES));
}

export async function verifySignInOtp(input: { email: string; otp: string }, req: AuthRequest): Promise<SignedIn> {
	const email = normaliseEmail(input.email);
	await authLimits.otpVerify(req, email);
	const at = now();
	const live = and(
		eq(authTokens.email, email),
		eq(authTokens.purpose, 'sign_in_otp'),
		isNull(authTokens.usedAt),
		lt(authTokens.attempts, OTP_MAX_ATTEMPTS),
		gt(authTokens.expiresAt, at)
	);
	const [row] = await db().select().from(authTokens).where(live).orderBy(desc(authTokens.createdAt)).limit(1);
	if (!row) throw expired();

	if (!safeEqual(row.tokenHash, otpHash(row.id, input.otp))) {
		// Counted atomically: parallel guesses cannot exceed the budget.
		const [counted] = await db()
			.update(authTokens)
			.set({ attempts: sql`${authTokens.attempts} + 1` })
			.where(and(eq(authTokens.id, row.id), lt(authTokens.attempts, OTP_MAX_ATTEMPTS), isNull(authTokens.usedAt)))
			.returning({ attempts: authTokens.attempts });
		if (!counted) throw expired();
		const left = OTP_MAX_ATTEMPTS - counted.attempts;
		log.info('sign-in code refused', { attemptsLeft: left });
		throw new AppError(
			'invalid_otp',
			left > 0
				? `Mã xác nhận không đúng. Bạn còn ${left} lần thử.`
				: 'Mã xác nhận không đúng. Mã này đã bị huỷ vì nhập sai quá nhiều lần; vui lòng yêu cầu mã mới.',
			{ attemptsLeft: left }
		);
	}

	const user = await db().transaction(async (tx) => {
		const [used] = await tx
			.update(authTokens)
			.set({ usedAt: at })
			.where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), lt(authTokens.attempts, OTP_MAX_ATTEMPTS)))
			.returning({ id: authTokens.id });
		if (!used) throw expired();
		return verifiedAccountFor(email, tx);
	});
	return startSession(user, req, 'email_otp');
}
