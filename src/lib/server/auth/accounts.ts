/**
 * Accounts: sign-up and password sign-in, and the shared steps every flow ends
 * with (find or create the account behind a proven address, start a session).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AuthUser, SessionResponse } from '$lib/contracts/auth';
import { paths } from '$lib/paths';
import { joinGuestOrders } from '../checkout/guest-orders';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { providerIdentities, sessions, users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { passwordDroppedMail, signUpAttemptMail } from './auth-mail';
import { markEmailVerified, sendVerificationEmail } from './email-verification';
import { authLimits } from './limits';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './password';
import type { AuthRequest } from './request';
import {
	createSession,
	invalidateSession,
	invalidateUserSessions,
	toSessionUser,
	type SessionUser
} from './session';

export type UserRow = typeof users.$inferSelect;

export interface SignedIn {
	token: string;
	expiresAt: Date;
	user: SessionUser;
	/** Proving the address dropped a password nobody had proven (claimVerifiedAccount). */
	passwordDropped?: boolean;
}

/** The one spelling of an address: trimmed, NFC, lower-case (the unique index is on lower(email)). */
export function normaliseEmail(email: string): string {
	return email.trim().normalize('NFC').toLowerCase();
}

export async function findUserByEmail(email: string, tx: DbOrTx = db()): Promise<UserRow | undefined> {
	const [row] = await tx
		.select()
		.from(users)
		.where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
		.limit(1);
	return row;
}

export function toAuthUser(u: SessionUser): AuthUser {
	return {
		id: u.id,
		email: u.email,
		name: u.name,
		emailVerified: u.emailVerified,
		role: u.role,
		isVip: u.isVip,
		vipUntil: u.vipUntil?.toISOString() ?? null
	};
}

export function sessionResponse(user: SessionUser, expiresAt: Date): SessionResponse {
	return { user: toAuthUser(user), session: { expiresAt: expiresAt.toISOString() } };
}

/**
 * A new session for every sign-in (rotation); the one the request carried, if any, ends. Orders
 * made as a guest with the account's proven address join it (checkout/guest-orders.ts).
 */
export async function startSession(user: UserRow, req: AuthRequest, method: string): Promise<SignedIn> {
	// Every sign-in path (password, code, link) ends here, so a disabled account is refused in one place.
	if (user.disabledAt) {
		log.info('sign-in refused', { reason: 'account_disabled', userId: user.id });
		throw accountDisabled();
	}
	const { token, expiresAt } = await createSession(user.id, { userAgent: req.userAgent, ip: req.ip });
	if (req.currentSessionId) await invalidateSession(req.currentSessionId);
	const guestOrders = await db().transaction((tx) => joinGuestOrders(tx, user));
	log.info('signed in', { userId: user.id, method, ...(guestOrders ? { guestOrdersJoined: guestOrders } : {}) });
	return { token, expiresAt, user: toSessionUser(user) };
}

/** The session after a proof of the address (code, link): says so, and mails, when the proof dropped a password. */
export async function startClaimedSession(claimed: ClaimedAccount, req: AuthRequest, method: string): Promise<SignedIn> {
	if (claimed.passwordDropped) tellPasswordDropped(claimed.user.email);
	const session = await startSession(claimed.user, req, method);
	return claimed.passwordDropped ? { ...session, passwordDropped: true } : session;
}

const accountDisabled = () =>
	new AppError('forbidden', 'Tài khoản này đã bị khoá. Vui lòng liên hệ bộ phận hỗ trợ của hoclieu.');

const invalidCredentials = () =>
	new AppError('invalid_credentials', 'Email hoặc mật khẩu không đúng.');

export async function signUp(
	input: { email: string; password: string; name?: string; callbackURL?: string },
	req: AuthRequest
): Promise<SignedIn> {
	// An IP out of "address taken" answers gets 429 whatever the address (ADR 005).
	await authLimits.signUpTakenBudget(req);
	await authLimits.signUp(req);
	const email = normaliseEmail(input.email);
	assertAcceptablePassword(input.password, email);
	// Hash before looking at the address, so a taken address answers no faster than a free one.
	const passwordHash = await hashPassword(input.password);
	const [user] = await db()
		.insert(users)
		.values({ email, name: input.name ?? null, passwordHash, createdAt: now(), updatedAt: now() })
		.onConflictDoNothing()
		.returning();
	if (!user) {
		await authLimits.signUpTaken(req);
		// The owner learns of the attempt; after the response, never awaited (sendMail logs its own failures).
		void sendMail(signUpAttemptMail(email)).catch(() => {});
		throw new AppError(
			'email_taken',
			'Email này đã được đăng ký. Hãy đăng nhập, hoặc dùng "Quên mật khẩu" nếu bạn không nhớ mật khẩu.',
			{ fields: [{ path: 'email', message: 'Email này đã được đăng ký.' }] }
		);
	}
	// The verification mail (code and link), before the session so its expiry counts from the answer; the new
	// account works without the mail, so a failure (SMTP down: 503) is only logged.
	await sendVerificationEmail(user.id, { callbackURL: input.callbackURL }, req, 'sign_up').catch((error: unknown) =>
		log.error('sign-up verification mail not issued', { userId: user.id, error })
	);
	return startSession(user, req, 'sign_up');
}

export async function signInWithPassword(input: { email: string; password: string }, req: AuthRequest): Promise<SignedIn> {
	const email = normaliseEmail(input.email);
	await authLimits.signIn(req, email);
	const user = await findUserByEmail(email);
	// Unknown address and password-less account verify against a dummy hash: same cost, same answer.
	const ok = await verifyPassword(user?.passwordHash, input.password);
	if (!user || !ok) {
		log.info('sign-in refused', { reason: 'invalid_credentials' });
		throw invalidCredentials();
	}
	return startSession(user, req, 'password');
}

/** What proving an address did to the account behind it. */
export interface ClaimedAccount {
	user: UserRow;
	/** The defence below dropped a password nobody had proven: the person is told why, on screen and by mail. */
	passwordDropped: boolean;
}

/**
 * The account behind an address the requester just proved they read (code,
 * magic link, reset link): created if missing, marked verified. An account
 * that was registered with a password but never proved its address may have
 * been pre-registered by someone else with the owner's address; the first
 * proof therefore drops that unproven password and ends its sessions, unless
 * it comes from one of the account's own sessions (`ownSessionId`): whoever
 * holds that session signed up or signed in with the password, and now reads
 * the mail too, so both are theirs.
 */
export async function claimVerifiedAccount(email: string, tx: DbOrTx, ownSessionId: string | null = null): Promise<ClaimedAccount> {
	const at = now();
	await tx.insert(users).values({ email, emailVerifiedAt: at, createdAt: at, updatedAt: at }).onConflictDoNothing();
	const user = await findUserByEmail(email, tx);
	if (!user) throw new Error('account vanished during verification');
	if (user.emailVerifiedAt) return { user, passwordDropped: false };
	if (ownSessionId && (await isLiveSessionOf(ownSessionId, user.id, tx))) {
		return { user: await markEmailVerified(user.id, tx), passwordDropped: false };
	}
	const [updated] = await tx
		.update(users)
		.set({ emailVerifiedAt: at, passwordHash: null, updatedAt: at })
		.where(eq(users.id, user.id))
		.returning();
	// Nothing an unproven claimant attached survives the owner's proof (ADR 019 never links to such an account; belt and braces).
	await tx.delete(providerIdentities).where(eq(providerIdentities.userId, user.id));
	if (user.passwordHash) {
		await invalidateUserSessions(user.id, tx);
		log.warn('unverified password account claimed by address owner; password and sessions dropped', { userId: user.id });
	}
	return { user: updated!, passwordDropped: user.passwordHash !== null };
}

export async function verifiedAccountFor(email: string, tx: DbOrTx): Promise<UserRow> {
	return (await claimVerifiedAccount(email, tx)).user;
}

async function isLiveSessionOf(sessionId: string, userId: string, tx: DbOrTx): Promise<boolean> {
	const [row] = await tx
		.select({ id: sessions.id })
		.from(sessions)
		.where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now())))
		.limit(1);
	return row !== undefined;
}

/** After the claim committed: the mail telling the owner why their account has no password now. */
export function tellPasswordDropped(email: string): void {
	// sendMail logs its own failures; the sign-in does not wait on the mail.
	const origin = config().origin;
	void sendMail(passwordDroppedMail(email, `${origin}${paths.account}#mat-khau`, `${origin}${paths.forgotPassword}`)).catch(() => {});
}

export async function signOut(sessionId: string): Promise<void> {
	await invalidateSession(sessionId);
	log.info('signed out');
}
