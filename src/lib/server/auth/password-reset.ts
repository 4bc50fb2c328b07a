/**
 * Forgotten passwords. The request always gets the same answer; the link is
 * made and sent only when the account exists, and all of that (the lookup,
 * the link's row, the mail) happens after the response, so neither the status
 * nor the time taken says whether it does: writing the link alone made known
 * addresses answer measurably slower. Completing a reset ends every session
 * of the account.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { paths } from '$lib/paths';
import { config } from '../config';
import { db } from '../db/client';
import { authTokens, users } from '../db/schema';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { sendMail } from '../platform/mail';
import { findUserByEmail, normaliseEmail } from './accounts';
import { passwordResetMail } from './auth-mail';
import { authLimits } from './limits';
import { consumeLinkToken, newLinkToken, peekLinkToken } from './one-time-tokens';
import { assertAcceptablePassword, hashPassword } from './password';
import type { AuthRequest } from './request';
import { invalidateUserSessions } from './session';

export const PASSWORD_RESET_TTL_MINUTES = 60;

export async function requestPasswordReset(input: { email: string }, req: AuthRequest): Promise<void> {
	const email = normaliseEmail(input.email);
	await authLimits.mail(req, email);
	// Not awaited (see the module comment); a failure is logged, the answer stays the same.
	void issuePasswordReset(email).catch((error: unknown) => log.error('password reset link not issued', { error }));
}

async function issuePasswordReset(email: string): Promise<void> {
	const user = await findUserByEmail(email);
	if (!user) return;
	const { token, tokenHash } = newLinkToken();
	await db().transaction(async (tx) => {
		await tx
			.delete(authTokens)
			.where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'password_reset'), isNull(authTokens.usedAt)));
		await tx.insert(authTokens).values({
			id: randomUUID(),
			purpose: 'password_reset',
			email,
			userId: user.id,
			tokenHash,
			expiresAt: new Date(nowMs() + PASSWORD_RESET_TTL_MINUTES * 60_000),
			createdAt: now()
		});
	});
	const link = new URL(paths.resetPassword, config().origin);
	link.searchParams.set('token', token);
	// sendMail logs its own failures.
	await sendMail(passwordResetMail(email, link.toString(), PASSWORD_RESET_TTL_MINUTES)).catch(() => {});
}

/** Returns the id of the account whose password changed. */
export async function resetPassword(input: { token: string; newPassword: string }, req: AuthRequest): Promise<string> {
	await authLimits.reset(req);
	// Check the link and the new password before spending a hash or the link.
	const pending = await peekLinkToken('password_reset', input.token);
	assertAcceptablePassword(input.newPassword, pending.email, 'newPassword');
	const passwordHash = await hashPassword(input.newPassword);
	const userId = await db().transaction(async (tx) => {
		const row = await consumeLinkToken('password_reset', input.token, tx);
		const at = now();
		const [user] = await tx
			.update(users)
			// Opening the link proved the address.
			.set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
			.where(eq(users.id, row.userId!))
			.returning({ id: users.id });
		if (!user) throw new Error('password reset for a deleted account');
		await invalidateUserSessions(user.id, tx);
		await tx
			.delete(authTokens)
			.where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'password_reset'), isNull(authTokens.usedAt)));
		return user.id;
	});
	log.info('password reset; all sessions ended', { userId });
	return userId;
}
