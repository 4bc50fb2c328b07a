import { b as mailHtml } from './mail-html.js-R8pyZBxu.js';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, gt } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import { n as authTokens, a as db } from './client.js-CTlknuH-.js';
import { a as now, A as AppError } from './app-error.js-BJVvpKXy.js';
import { h as hmac } from './index3.js-8T1uxQKq.js';

const IGNORE = "Nếu bạn không yêu cầu, hãy bỏ qua email này; tài khoản của bạn vẫn an toàn.";
function otpMail(to, code, minutes) {
  const lines = [
    "Xin chào,",
    `Mã đăng nhập hoclieu của bạn là: ${code}`,
    `Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần. Không chia sẻ mã này với bất kỳ ai.`,
    IGNORE
  ];
  return {
    kind: "sign_in_otp",
    to,
    subject: `Mã đăng nhập hoclieu: ${code}`,
    text: lines.join("\n\n") + "\n",
    html: mailHtml(lines)
  };
}
function magicLinkMail(to, link, minutes) {
  const lines = [
    "Xin chào,",
    "Bấm vào liên kết dưới đây để đăng nhập vào hoclieu.",
    `Liên kết có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
    IGNORE
  ];
  return {
    kind: "magic_link",
    to,
    subject: "Liên kết đăng nhập hoclieu",
    text: [lines[0], lines[1], link, lines[2], lines[3]].join("\n\n") + "\n",
    html: mailHtml(lines, { href: link, label: "Đăng nhập" })
  };
}
function passwordResetMail(to, link, minutes) {
  const lines = [
    "Xin chào,",
    "Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản hoclieu của bạn.",
    `Liên kết có hiệu lực trong ${minutes} phút và chỉ dùng được một lần. Sau khi đặt lại, mọi phiên đăng nhập cũ sẽ bị đăng xuất.`,
    IGNORE
  ];
  return {
    kind: "password_reset",
    to,
    subject: "Đặt lại mật khẩu hoclieu",
    text: [lines[0], lines[1], link, lines[2], lines[3]].join("\n\n") + "\n",
    html: mailHtml(lines, { href: link, label: "Đặt lại mật khẩu" })
  };
}
function hashLinkToken(token) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
function newLinkToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}
function newOtpCode() {
  return randomInt(0, 1e6).toString().padStart(6, "0");
}
function otpHash(rowId, code) {
  return hmac("auth-code", `${rowId}:${code}`);
}
const REASONS = {
  used: "Liên kết này đã được sử dụng. Mỗi liên kết chỉ dùng được một lần; hãy yêu cầu liên kết mới.",
  expired: "Liên kết này đã hết hạn. Hãy yêu cầu liên kết mới.",
  unknown: "Liên kết không hợp lệ hoặc đã bị thay thế bởi một liên kết mới hơn."
};
function invalidLink(reason) {
  return new AppError(400, "invalid_token", REASONS[reason], { reason });
}
async function consumeLinkToken(purpose, token, tx = db()) {
  const tokenHash = hashLinkToken(token);
  const at = now();
  const [row] = await tx.update(authTokens).set({ usedAt: at }).where(
    and(
      eq(authTokens.tokenHash, tokenHash),
      eq(authTokens.purpose, purpose),
      isNull(authTokens.usedAt),
      gt(authTokens.expiresAt, at)
    )
  ).returning();
  if (row) return row;
  throw invalidLink(await whyUnusable(purpose, tokenHash, tx));
}
async function peekLinkToken(purpose, token, tx = db()) {
  const tokenHash = hashLinkToken(token);
  const [row] = await tx.select().from(authTokens).where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose))).limit(1);
  if (row && !row.usedAt && row.expiresAt > now()) return row;
  throw invalidLink(await whyUnusable(purpose, tokenHash, tx));
}
async function whyUnusable(purpose, tokenHash, tx) {
  const [row] = await tx.select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt }).from(authTokens).where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose))).limit(1);
  if (!row) return "unknown";
  return row.usedAt ? "used" : "expired";
}

export { newOtpCode as a, otpMail as b, consumeLinkToken as c, passwordResetMail as d, magicLinkMail as m, newLinkToken as n, otpHash as o, peekLinkToken as p };
//# sourceMappingURL=one-time-tokens.js-BLKmIl5Q.js.map
