/**
 * "Đổi mật khẩu" on the account page. The current password is checked (under
 * the sign-in limits, so a borrowed session cannot be used to guess it), and
 * every other session of the account ends in the same transaction: whoever
 * may have known the old password is signed out, the person changing it is not.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { ChangePasswordInput } from '../../contracts/account';
import { authLimits } from '../auth/limits';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../auth/password';
import type { AuthRequest } from '../auth/request';
import { db } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { log } from '../platform/logger';

// A field error of the form (400), not a failed sign-in (401): the session stays valid and the page only marks the field.
export const wrongCurrentPassword = (field: string) =>
	new AppError('validation_error', 'Mật khẩu hiện tại không đúng.', { fields: [{ path: field, message: 'Mật khẩu hiện tại không đúng.' }] });

/**
 * Checks the password of a signed-in account before a sensitive change.
 * An account without a password (it signs in by code or link) has nothing to
 * check: its session is the proof, as it is for setting a first password.
 */
export async function confirmPassword(user: typeof users.$inferSelect, password: string | undefined, req: AuthRequest, field: string): Promise<void> {
	if (!user.passwordHash) return;
	if (!password) {
		throw new AppError('validation_error', 'Vui lòng nhập mật khẩu hiện tại.', { fields: [{ path: field, message: 'Vui lòng nhập mật khẩu hiện tại.' }] });
	}
	await authLimits.signIn(req, user.email);
	if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrentPassword(field);
}

export async function changePassword(userId: string, currentSessionId: string, input: ChangePasswordInput, req: AuthRequest): Promise<{ endedSessions: number }> {
	const [user] = await db().select().from(users).where(eq(users.id, userId));
	if (!user || user.deletedAt) throw notFound('Không tìm thấy tài khoản.');
	await confirmPassword(user, input.currentPassword, req, 'currentPassword');
	assertAcceptablePassword(input.newPassword, user.email, 'newPassword');
	if (input.currentPassword !== undefined && input.currentPassword === input.newPassword) {
		const reason = 'Mật khẩu mới phải khác mật khẩu hiện tại.';
		throw new AppError('validation_error', reason, { fields: [{ path: 'newPassword', message: reason }] });
	}
	const passwordHash = await hashPassword(input.newPassword);
	const ended = await db().transaction(async (tx) => {
		await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
		return tx
			.delete(sessions)
			.where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
			.returning({ id: sessions.id });
	});
	log.info('password changed', { userId, endedSessions: ended.length });
	return { endedSessions: ended.length };
}
