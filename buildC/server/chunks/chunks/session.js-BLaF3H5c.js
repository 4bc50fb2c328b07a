import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase, encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { c as config } from './config.js-CBoIX22t.js';
import { a as db, u as users, s as sessions } from './client.js-CTlknuH-.js';
import { a as now, n as nowMs } from './app-error.js-BJVvpKXy.js';
import { v as verify, b as sign } from './index3.js-8T1uxQKq.js';

const SESSION_COOKIE = "auth.session_data";
const DAY_MS = 24 * 60 * 60 * 1e3;
const SESSION_LIFETIME_MS = 30 * DAY_MS;
const RENEW_WHEN_UNDER_MS = 15 * DAY_MS;
const LAST_SEEN_GRANULARITY_MS = 60 * 60 * 1e3;
function hashToken(token) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
async function createSession(userId, meta, tx = db()) {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(25));
  const expiresAt = new Date(nowMs() + SESSION_LIFETIME_MS);
  await tx.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    createdAt: now(),
    lastSeenAt: now(),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null
  });
  return { token, expiresAt };
}
async function validateSessionToken(token) {
  const id = hashToken(token);
  const rows = await db().select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.id, id)).limit(1);
  const row = rows[0];
  if (!row) return { session: null, renewedUntil: null };
  const current = nowMs();
  if (row.session.expiresAt.getTime() <= current) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return { session: null, renewedUntil: null };
  }
  let expiresAt = row.session.expiresAt;
  let renewedUntil = null;
  if (expiresAt.getTime() - current < RENEW_WHEN_UNDER_MS) {
    expiresAt = renewedUntil = new Date(current + SESSION_LIFETIME_MS);
    await db().update(sessions).set({ expiresAt, lastSeenAt: now() }).where(eq(sessions.id, id));
  } else if (current - row.session.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
    await db().update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.id, id));
  }
  return { session: { id, expiresAt, user: toSessionUser(row.user) }, renewedUntil };
}
function toSessionUser(u) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    isVip: u.isVip,
    vipUntil: u.vipUntil,
    emailVerified: u.emailVerifiedAt !== null
  };
}
async function invalidateSession(sessionId) {
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}
async function invalidateUserSessions(userId, tx = db()) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
function tokenFromCookie(value) {
  if (!value || value.length > 256) return null;
  return verify("session", value);
}
function setSessionCookie(cookies, token, expiresAt) {
  cookies.set(SESSION_COOKIE, sign("session", token), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config().isProduction,
    expires: expiresAt,
    // Rounded, not floored: a cookie set for a fresh 30-day session says 2592000, not 2591999.
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - nowMs()) / 1e3))
  });
}
function clearSessionCookie(cookies) {
  cookies.delete(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config().isProduction });
}
async function sessionFromCookies(cookies) {
  const raw = cookies.get(SESSION_COOKIE);
  if (raw === void 0) return null;
  const token = tokenFromCookie(raw);
  if (!token) {
    clearSessionCookie(cookies);
    return null;
  }
  const { session, renewedUntil } = await validateSessionToken(token);
  if (!session) {
    clearSessionCookie(cookies);
    return null;
  }
  if (renewedUntil) setSessionCookie(cookies, token, renewedUntil);
  return session;
}

export { SESSION_COOKIE as S, invalidateUserSessions as a, setSessionCookie as b, createSession as c, clearSessionCookie as d, invalidateSession as i, sessionFromCookies as s, toSessionUser as t };
//# sourceMappingURL=session.js-BLaF3H5c.js.map
