import { eq, sql } from 'drizzle-orm';
import { u as users, a as db } from './client.js-CTlknuH-.js';
import { l as log, a as now, A as AppError } from './app-error.js-BJVvpKXy.js';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { c as config } from './config.js-CBoIX22t.js';
import { e as applyRateLimits } from './index3.js-8T1uxQKq.js';
import { a as assertAcceptablePassword, h as hashPassword, v as verifyPassword } from './password.js-B0SJY3V4.js';
import { i as invalidateSession, a as invalidateUserSessions, c as createSession, t as toSessionUser } from './session.js-BLaF3H5c.js';

function policy(name, limit) {
  return () => {
    const l = config().authLimits;
    return { name, limit: limit(l), windowMs: l.windowMs, onStoreFailure: "closed" };
  };
}
const policies = {
  signInIp: policy("auth-sign-in-ip", (l) => l.perIp),
  signInEmail: policy("auth-sign-in-email", (l) => l.perEmail),
  signUpIp: policy("auth-sign-up-ip", (l) => l.perIp),
  otpVerifyIp: policy("auth-otp-verify-ip", (l) => l.perIp),
  otpVerifyEmail: policy("auth-otp-verify-email", (l) => l.perEmail),
  // One budget for every email the flows send (codes, links, resets), so switching flow gains nothing.
  mailIp: policy("auth-mail-ip", (l) => l.mailPerIp),
  mailEmail: policy("auth-mail-email", (l) => l.mailPerEmail),
  linkIp: policy("auth-link-ip", (l) => l.perIp),
  resetIp: policy("auth-reset-ip", (l) => l.perIp)
};
function emailKey(email) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(email))).slice(0, 32);
}
const authLimits = {
  signIn: (req, email) => applyRateLimits(req.responseHeaders, [
    { policy: policies.signInIp(), key: req.ip },
    { policy: policies.signInEmail(), key: emailKey(email) }
  ]),
  signUp: (req) => applyRateLimits(req.responseHeaders, [{ policy: policies.signUpIp(), key: req.ip }]),
  otpVerify: (req, email) => applyRateLimits(req.responseHeaders, [
    { policy: policies.otpVerifyIp(), key: req.ip },
    { policy: policies.otpVerifyEmail(), key: emailKey(email) }
  ]),
  mail: (req, email) => applyRateLimits(req.responseHeaders, [
    { policy: policies.mailIp(), key: req.ip },
    { policy: policies.mailEmail(), key: emailKey(email) }
  ]),
  link: (req) => applyRateLimits(req.responseHeaders, [{ policy: policies.linkIp(), key: req.ip }]),
  reset: (req) => applyRateLimits(req.responseHeaders, [{ policy: policies.resetIp(), key: req.ip }])
};
function normaliseEmail(email) {
  return email.trim().normalize("NFC").toLowerCase();
}
async function findUserByEmail(email, tx = db()) {
  const [row] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, normaliseEmail(email))).limit(1);
  return row;
}
function toAuthUser(u) {
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
function sessionResponse(user, expiresAt) {
  return { user: toAuthUser(user), session: { expiresAt: expiresAt.toISOString() } };
}
async function startSession(user, req, method) {
  const { token, expiresAt } = await createSession(user.id, { userAgent: req.userAgent, ip: req.ip });
  if (req.currentSessionId) await invalidateSession(req.currentSessionId);
  log.info("signed in", { userId: user.id, method });
  return { token, expiresAt, user: toSessionUser(user) };
}
const invalidCredentials = () => new AppError(401, "invalid_credentials", "Email hoặc mật khẩu không đúng.");
async function signUp(input, req) {
  await authLimits.signUp(req);
  const email = normaliseEmail(input.email);
  assertAcceptablePassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  const [user] = await db().insert(users).values({ email, name: input.name ?? null, passwordHash, createdAt: now(), updatedAt: now() }).onConflictDoNothing().returning();
  if (!user) {
    throw new AppError(
      409,
      "email_taken",
      'Email này đã được đăng ký. Hãy đăng nhập, hoặc dùng "Quên mật khẩu" nếu bạn không nhớ mật khẩu.',
      { fields: [{ path: "email", message: "Email này đã được đăng ký." }] }
    );
  }
  return startSession(user, req, "sign_up");
}
async function signInWithPassword(input, req) {
  const email = normaliseEmail(input.email);
  await authLimits.signIn(req, email);
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    log.info("sign-in refused", { reason: "invalid_credentials" });
    throw invalidCredentials();
  }
  return startSession(user, req, "password");
}
async function verifiedAccountFor(email, tx) {
  const at = now();
  await tx.insert(users).values({ email, emailVerifiedAt: at, createdAt: at, updatedAt: at }).onConflictDoNothing();
  const user = await findUserByEmail(email, tx);
  if (!user) throw new Error("account vanished during verification");
  if (user.emailVerifiedAt) return user;
  const [updated] = await tx.update(users).set({ emailVerifiedAt: at, passwordHash: null, updatedAt: at }).where(eq(users.id, user.id)).returning();
  if (user.passwordHash) {
    await invalidateUserSessions(user.id, tx);
    log.warn("unverified password account claimed by address owner; password and sessions dropped", { userId: user.id });
  }
  return updated;
}
async function signOut(sessionId) {
  await invalidateSession(sessionId);
  log.info("signed out");
}

export { signUp as a, authLimits as b, startSession as c, signInWithPassword as d, signOut as e, findUserByEmail as f, normaliseEmail as n, sessionResponse as s, toAuthUser as t, verifiedAccountFor as v };
//# sourceMappingURL=accounts.js-BCqWXCT9.js.map
