/**
 * Adding an address to an account that has none (a Zalo sign-in brings none:
 * ../auth/mailbox.ts). The person asks for a six-digit code at the new
 * address and types it back; only then does the address become the account's,
 * already proven. The code is the same kind the sign-in by emailed code uses
 * (../auth/one-time-tokens.ts: HMAC-stored, ten minutes, five wrong guesses),
 * under its own purpose and bound to the account, so a sign-in code can never
 * add an address nor the other way round.
 *
 * Sending answers the same whether or not the address already has an account.
 * Whether it does is said only after the code proves the person holds the
 * address: then they are told to sign in with it and link Zalo from there.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { MailMessage } from '../platform/mail';
import { mailHtml } from '../platform/mail-html';
import { findUserByEmail, normaliseEmail } from '../auth/accounts';
import { authLimits } from '../auth/limits';
import { hasMailbox } from '../auth/mailbox';
import { newOtpCode, otpHash } from '../auth/one-time-tokens';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '../auth/otp';
import type { AuthRequest } from '../auth/request';
import { db } from '../db/client';
import { authTokens, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { safeEqual } from '../platform/signing';

function addEmailMail(to: string, code: string): MailMessage {
	const lines = [
		'Xin chào,',
		`Mã xác nhận để thêm địa chỉ này vào tài khoản hoclieu của bạn là: ${code}`,
		`Mã có hiệu lực trong ${OTP_TTL_MINUTES} phút và chỉ dùng được một lần. Không chia sẻ mã này với bất kỳ ai.`,
		'Nếu bạn không yêu cầu, hãy bỏ qua email này: địa chỉ của bạn sẽ không được thêm vào tài khoản nào.'
	];
	return { kind: 'add_email', to, subject: `Mã xác nhận email hoclieu: ${code}`, text: lines.join('\n\n') + '\n', html: mailHtml(lines) };
}

const alreadyHasOne = () => new AppError('conflict', 'Tài khoản của bạn đã có địa chỉ email.', { reason: 'email_present' });
const expired = () => new AppError('otp_expired', 'Mã xác nhận đã hết hạn hoặc không còn hiệu lực. Vui lòng yêu cầu mã mới.');

async function accountWithoutMailbox(userId: string) {
	const [u] = await db().select().from(users).where(eq(users.id, userId));
	if (!u || u.deletedAt) throw notFound('Không tìm thấy tài khoản.');
	if (hasMailbox(u.email)) throw alreadyHasOne();
	return u;
}

export async function sendAddEmailCode(userId: string, input: { email: string }, req: AuthRequest): Promise<void> {
	const email = normaliseEmail(input.email);
	if (!hasMailbox(email)) throw new AppError('validation_error', 'Địa chỉ email này không nhận được thư. Hãy nhập địa chỉ bạn dùng hằng ngày.', { field: 'email' });
	await accountWithoutMailbox(userId);
	await authLimits.mail(req, email);
	const code = newOtpCode();
	const id = randomUUID();
	await db().transaction(async (tx) => {
		// Only the newest code of this account works: asking again (for any address) replaces it.
		await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'add_email')));
		await tx.insert(authTokens).values({
			id,
			purpose: 'add_email',
			email,
			userId,
			tokenHash: otpHash(id, code),
			expiresAt: new Date(nowMs() + OTP_TTL_MINUTES * 60_000),
			createdAt: now()
		});
	});
	await sendMail(addEmailMail(email, code));
}

/** Checks the code and makes the address the account's, proven. Answers the address now on the account. */
export async function confirmAddEmail(userId: string, input: { email: string; otp: string }, req: AuthRequest): Promise<{ email: string }> {
	const email = normaliseEmail(input.email);
	await authLimits.otpVerify(req, email);
	await accountWithoutMailbox(userId);
	const at = now();
	const live = and(
		eq(authTokens.userId, userId),
		eq(authTokens.email, email),
		eq(authTokens.purpose, 'add_email'),
		isNull(authTokens.usedAt),
		lt(authTokens.attempts, OTP_MAX_ATTEMPTS),
		gt(authTokens.expiresAt, at)
	);
	const [row] = await db().select().from(authTokens).where(live).orderBy(desc(authTokens.createdAt)).limit(1);
	if (!row) throw expired();
	if (!safeEqual(row.tokenHash, otpHash(row.id, input.otp))) {
		const [counted] = await db()
			.update(authTokens)
			.set({ attempts: sql`${authTokens.attempts} + 1` })
			.where(and(eq(authTokens.id, row.id), lt(authTokens.attempts, OTP_MAX_ATTEMPTS), isNull(authTokens.usedAt)))
			.returning({ attempts: authTokens.attempts });
		if (!counted) throw expired();
		const left = OTP_MAX_ATTEMPTS - counted.attempts;
		throw new AppError(
			'invalid_otp',
			left > 0 ? `Mã xác nhận không đúng. Bạn còn ${left} lần thử.` : 'Mã xác nhận không đúng. Mã này đã bị huỷ vì nhập sai quá nhiều lần; vui lòng yêu cầu mã mới.',
			{ attemptsLeft: left }
		);
	}
	const taken = () =>
		new AppError(
			'conflict',
			'Email này đã có tài khoản hoclieu. Hãy đăng xuất, đăng nhập bằng email đó, rồi liên kết Zalo trong trang Tài khoản.',
			{ reason: 'email_taken' }
		);
	try {
		await db().transaction(async (tx) => {
			const [used] = await tx
				.update(authTokens)
				.set({ usedAt: at })
				.where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
				.returning({ id: authTokens.id });
			if (!used) throw expired();
			if (await findUserByEmail(email, tx)) throw taken();
			// Conditional on the placeholder still being there: two confirmations at once set one address.
			const [updated] = await tx
				.update(users)
				.set({ email, emailVerifiedAt: at, updatedAt: at })
				.where(and(eq(users.id, userId), sql`${users.email} LIKE '%.invalid'`))
				.returning({ id: users.id });
			if (!updated) throw alreadyHasOne();
		});
	} catch (error) {
		// Another account took the address between our look-up and our write (the unique key on lower(email)).
		if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw taken();
		throw error;
	}
	log.info('email address added to an account without one', { userId });
	return { email };
}
