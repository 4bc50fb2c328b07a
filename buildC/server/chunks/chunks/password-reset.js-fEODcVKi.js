import { sql, eq, and, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { p as paths } from './paths.js-xLTGA48h.js';
import { c as config } from './config.js-CBoIX22t.js';
import { a as db, u as users, n as authTokens } from './client.js-CTlknuH-.js';
import { l as log, a as now, n as nowMs } from './app-error.js-BJVvpKXy.js';
import { s as sendMail } from './mail-html.js-R8pyZBxu.js';
import { b as authLimits, n as normaliseEmail, f as findUserByEmail } from './accounts.js-BCqWXCT9.js';
import { p as peekLinkToken, c as consumeLinkToken, n as newLinkToken, d as passwordResetMail } from './one-time-tokens.js-BLKmIl5Q.js';
import { a as assertAcceptablePassword, h as hashPassword } from './password.js-B0SJY3V4.js';
import { a as invalidateUserSessions } from './session.js-BLaF3H5c.js';

const PASSWORD_RESET_TTL_MINUTES = 60;
async function requestPasswordReset(input, req) {
  const email = normaliseEmail(input.email);
  await authLimits.mail(req, email);
  void issuePasswordReset(email).catch((error) => log.error("password reset link not issued", { error }));
}
async function issuePasswordReset(email) {
  const user = await findUserByEmail(email);
  if (!user) return;
  const { token, tokenHash } = newLinkToken();
  await db().transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "password_reset"), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      id: randomUUID(),
      purpose: "password_reset",
      email,
      userId: user.id,
      tokenHash,
      expiresAt: new Date(nowMs() + PASSWORD_RESET_TTL_MINUTES * 6e4),
      createdAt: now()
    });
  });
  const link = new URL(paths.resetPassword, config().origin);
  link.searchParams.set("token", token);
  await sendMail(passwordResetMail(email, link.toString(), PASSWORD_RESET_TTL_MINUTES)).catch(() => {
  });
}
async function resetPassword(input, req) {
  await authLimits.reset(req);
  const pending = await peekLinkToken("password_reset", input.token);
  assertAcceptablePassword(input.newPassword, pending.email, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await db().transaction(async (tx) => {
    const row = await consumeLinkToken("password_reset", input.token, tx);
    const at = now();
    const [user] = await tx.update(users).set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at }).where(eq(users.id, row.userId)).returning({ id: users.id });
    if (!user) throw new Error("password reset for a deleted account");
    await invalidateUserSessions(user.id, tx);
    await tx.delete(authTokens).where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "password_reset"), isNull(authTokens.usedAt)));
    return user.id;
  });
  log.info("password reset; all sessions ended", { userId });
  return userId;
}

export { requestPasswordReset as a, resetPassword as r };
//# sourceMappingURL=password-reset.js-fEODcVKi.js.map
