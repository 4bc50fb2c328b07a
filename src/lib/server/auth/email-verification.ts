/**
 * Proving the account's own address (README "Sign-up and verification"). Sign-up mails a code
 * and a link; "Gửi lại mã xác minh" mails new ones. Both are bound to the account, and both
 * keep its password: the code is entered in the account's own session, and the link, opened
 * anywhere else, asks the person to sign in first rather than prove the address for a stranger.
 * Whoever cannot sign in with that password proves the address by an emailed sign-in code
 * instead, which is where the pre-registration defence (accounts.ts) drops the password.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { joinGuestOrders } from '../checkout/guest-orders';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { authTokens, users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { verificationMail } from './auth-mail';
import { issueEmailCode, matchEmailCode, OTP_TTL_MINUTES, spendEmailCode } from './email-codes';
import { authLimits } from './limits';
import { consumeLinkToken, newLinkToken, peekLinkToken } from './one-time-tokens';
import type { AuthRequest } from './request';
import type { SessionContext } from './session';

export const VERIFY_LINK_PATH = '/api/auth/verify-email';
export const VERIFY_LINK_TTL_HOURS = 24;

type UserRow = typeof users.$inferSelect;

const purposes = ['email_verify_code', 'email_verify_link'] as const;

const alreadyVerified = () =>
	new AppError('conflict', 'Địa chỉ email của bạn đã được xác minh.', { reason: 'already_verified' });

async function accountOf(userId: string): Promise<UserRow> {
	const [user] = await db().select().from(users).where(eq(users.id, userId)).limit(1);
	if (!user) throw new AppError('unauthenticated', 'Vui lòng đăng nhập.');
	return user;
}

/**
 * Mails a new code and link to the account's address (the older ones stop working).
 * `sign_up`: the mail sent with a new account. It spends no mail budget: there is one per
 * new account, and sign-up itself is limited per IP (ADR 005). It is awaited, so the mail
 * is on its way when sign-up answers (a client reading the inbox next finds it).
 */
export async function sendVerificationEmail(
	userId: string,
	input: { callbackURL?: string },
	req: AuthRequest,
	occasion: 'asked' | 'sign_up' = 'asked'
): Promise<void> {
	const user = await accountOf(userId);
	if (user.emailVerifiedAt) throw alreadyVerified();
	if (occasion === 'asked') await authLimits.mail(req, user.email);
	const { token, tokenHash } = newLinkToken();
	const code = await db().transaction(async (tx) => {
		await tx.delete(authTokens).where(and(eq(authTokens.email, user.email), eq(authTokens.purpose, 'email_verify_link')));
		await tx.insert(authTokens).values({
			id: randomUUID(),
			purpose: 'email_verify_link',
			email: user.email,
			userId: user.id,
			tokenHash,
			expiresAt: new Date(nowMs() + VERIFY_LINK_TTL_HOURS * 3_600_000),
			createdAt: now()
		});
		return issueEmailCode(tx, 'email_verify_code', user.email, user.id);
	});
	const link = new URL(VERIFY_LINK_PATH, config().origin);
	link.searchParams.set('token', token);
	if (input.callbackURL) link.searchParams.set('callbackURL', input.callbackURL);
	await sendMail(verificationMail(user.email, code, OTP_TTL_MINUTES, link.toString(), VERIFY_LINK_TTL_HOURS));
}

/** The address is proven: the password and sessions stay, unused codes and links go, guest orders join. */
async function verified(userId: string, tx: DbOrTx): Promise<UserRow> {
	const user = await markEmailVerified(userId, tx);
	await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), inArray(authTokens.purpose, [...purposes]), isNull(authTokens.usedAt)));
	const joined = await joinGuestOrders(tx, user);
	log.info('email verified', { userId, ...(joined ? { guestOrdersJoined: joined } : {}) });
	return user;
}

/** The code of the verification mail, entered in the account's own session. */
export async function verifyEmailWithCode(userId: string, otp: string, req: AuthRequest): Promise<UserRow> {
	const user = await accountOf(userId);
	if (user.emailVerifiedAt) return user;
	await authLimits.otpVerify(req, user.email);
	const row = await matchEmailCode('email_verify_code', user.email, otp);
	if (row.userId !== user.id) throw new AppError('otp_expired', 'Mã xác nhận đã hết hạn hoặc không còn hiệu lực. Vui lòng yêu cầu mã mới.');
	return db().transaction(async (tx) => {
		await spendEmailCode(row, tx);
		return verified(user.id, tx);
	});
}

export type LinkOutcome = { verified: true } | { signInFirst: true };

/**
 * The link of the verification mail. In the account's own session it proves the address;
 * anywhere else it is not spent: the person signs in first and comes back to it.
 */
export async function verifyEmailWithLink(token: string, session: SessionContext | null, req: AuthRequest): Promise<LinkOutcome> {
	await authLimits.link(req);
	// Already proven (by the code, say): nothing left to do, whatever became of this link.
	if (session?.user.emailVerified) return { verified: true };
	const pending = await peekLinkToken('email_verify_link', token);
	if (!session) return { signInFirst: true };
	if (session.user.id !== pending.userId) {
		throw new AppError(
			'forbidden',
			'Liên kết xác minh này dành cho một tài khoản khác. Hãy đăng xuất rồi mở lại liên kết, và đăng nhập bằng tài khoản đã nhận email.',
			{ reason: 'other_account' }
		);
	}
	await db().transaction(async (tx) => {
		const row = await consumeLinkToken('email_verify_link', token, tx);
		await verified(row.userId!, tx);
	});
	return { verified: true };
}

/** Marks the account's address proven, keeping its password and sessions (idempotent). */
export async function markEmailVerified(userId: string, tx: DbOrTx): Promise<UserRow> {
	const at = now();
	const [updated] = await tx
		.update(users)
		.set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
		.where(eq(users.id, userId))
		.returning();
	if (!updated) throw new Error('account vanished during verification');
	return updated;
}
