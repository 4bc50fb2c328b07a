import { and, eq, isNull, lt, gt, desc, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { n as authTokens, a as db } from './client.js-CTlknuH-.js';
import { l as log, A as AppError, a as now, n as nowMs } from './app-error.js-BJVvpKXy.js';
import { s as sendMail } from './mail-html.js-R8pyZBxu.js';
import { s as safeEqual } from './index3.js-8T1uxQKq.js';
import { n as normaliseEmail, b as authLimits, v as verifiedAccountFor, c as startSession } from './accounts.js-BCqWXCT9.js';
import { o as otpHash, a as newOtpCode, b as otpMail } from './one-time-tokens.js-BLKmIl5Q.js';

const OTP_TTL_MINUTES = 10;
const OTP_MAX_ATTEMPTS = 5;
const expired = () => new AppError(
  400,
  "otp_expired",
  "Mã xác nhận đã hết hạn hoặc không còn hiệu lực. Vui lòng yêu cầu mã mới."
);
async function sendSignInOtp(input, req) {
  const email = normaliseEmail(input.email);
  await authLimits.mail(req, email);
  const code = newOtpCode();
  const id = randomUUID();
  await db().transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.email, email), eq(authTokens.purpose, "sign_in_otp")));
    await tx.insert(authTokens).values({
      id,
      purpose: "sign_in_otp",
      email,
      tokenHash: otpHash(id, code),
      expiresAt: new Date(nowMs() + OTP_TTL_MINUTES * 6e4),
      createdAt: now()
    });
  });
  await sendMail(otpMail(email, code, OTP_TTL_MINUTES));
}
async function verifySignInOtp(input, req) {
  const email = normaliseEmail(input.email);
  await authLimits.otpVerify(req, email);
  const at = now();
  const live = and(
    eq(authTokens.email, email),
    eq(authTokens.purpose, "sign_in_otp"),
    isNull(authTokens.usedAt),
    lt(authTokens.attempts, OTP_MAX_ATTEMPTS),
    gt(authTokens.expiresAt, at)
  );
  const [row] = await db().select().from(authTokens).where(live).orderBy(desc(authTokens.createdAt)).limit(1);
  if (!row) throw expired();
  if (!safeEqual(row.tokenHash, otpHash(row.id, input.otp))) {
    const [counted] = await db().update(authTokens).set({ attempts: sql`${authTokens.attempts} + 1` }).where(and(eq(authTokens.id, row.id), lt(authTokens.attempts, OTP_MAX_ATTEMPTS), isNull(authTokens.usedAt))).returning({ attempts: authTokens.attempts });
    if (!counted) throw expired();
    const left = OTP_MAX_ATTEMPTS - counted.attempts;
    log.info("sign-in code refused", { attemptsLeft: left });
    throw new AppError(
      400,
      "invalid_otp",
      left > 0 ? `Mã xác nhận không đúng. Bạn còn ${left} lần thử.` : "Mã xác nhận không đúng. Mã này đã bị huỷ vì nhập sai quá nhiều lần; vui lòng yêu cầu mã mới.",
      { attemptsLeft: left }
    );
  }
  const user = await db().transaction(async (tx) => {
    const [used] = await tx.update(authTokens).set({ usedAt: at }).where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt), lt(authTokens.attempts, OTP_MAX_ATTEMPTS))).returning({ id: authTokens.id });
    if (!used) throw expired();
    return verifiedAccountFor(email, tx);
  });
  return startSession(user, req, "email_otp");
}

export { sendSignInOtp as s, verifySignInOtp as v };
//# sourceMappingURL=otp.js-Eo_aYRK9.js.map
