import { z } from 'zod';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const OTP_LENGTH = 6;
const Email = z.string({ error: "Vui lòng nhập email." }).trim().min(1, "Vui lòng nhập email.").max(254, "Email quá dài.").pipe(z.email("Email không hợp lệ."));
const Password = z.string({ error: "Vui lòng nhập mật khẩu." }).refine((p) => [...p].length >= PASSWORD_MIN, `Mật khẩu cần ít nhất ${PASSWORD_MIN} ký tự.`).refine((p) => [...p].length <= PASSWORD_MAX, `Mật khẩu tối đa ${PASSWORD_MAX} ký tự.`);
const PasswordAttempt = z.string({ error: "Vui lòng nhập mật khẩu." }).min(1, "Vui lòng nhập mật khẩu.").max(PASSWORD_MAX * 4, "Mật khẩu quá dài.");
const DisplayName = z.string().trim().min(1, "Tên không được để trống.").max(100, "Tên tối đa 100 ký tự.");
const OtpCode = z.string({ error: "Vui lòng nhập mã xác nhận." }).trim().regex(/^[0-9]{6}$/, `Mã xác nhận gồm ${OTP_LENGTH} chữ số.`);
function isSafeRedirectPath(value) {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    if (ch === "\\" || c < 32 || c === 127) return false;
  }
  try {
    const base = "http://same-origin.invalid";
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}
const RedirectPath = z.string().max(512, "Đường dẫn quay lại quá dài.").refine(isSafeRedirectPath, 'Chỉ chấp nhận đường dẫn nội bộ của trang (bắt đầu bằng "/").');
const SignUpInput = z.object({
  email: Email,
  password: Password,
  name: DisplayName.optional()
});
const SignInInput = z.object({
  email: Email,
  password: PasswordAttempt
});
const OtpSendInput = z.object({ email: Email });
const OtpVerifyInput = z.object({ email: Email, otp: OtpCode });
const EmailOtpInput = z.object({ email: Email, otp: OtpCode.optional() });
const MagicLinkInput = z.object({
  email: Email,
  callbackURL: RedirectPath.optional()
});
const MagicLinkVerifyQuery = z.object({
  token: z.string({ error: "Thiếu mã liên kết." }).min(1, "Thiếu mã liên kết.").max(512),
  callbackURL: RedirectPath.optional(),
  returnTo: RedirectPath.optional()
});
const ForgetPasswordInput = z.object({ email: Email });
const ResetPasswordInput = z.object({
  token: z.string({ error: "Thiếu mã đặt lại mật khẩu." }).min(1, "Thiếu mã đặt lại mật khẩu.").max(512),
  newPassword: Password
});
const AuthUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(["customer", "staff"]),
  isVip: z.boolean(),
  vipUntil: z.iso.datetime().nullable()
});
z.object({
  user: AuthUser,
  session: z.object({ expiresAt: z.iso.datetime() })
});
z.object({ status: z.literal(true) });

export { AuthUser as A, EmailOtpInput as E, ForgetPasswordInput as F, MagicLinkInput as M, OtpVerifyInput as O, PASSWORD_MIN as P, RedirectPath as R, SignUpInput as S, OtpSendInput as a, SignInInput as b, ResetPasswordInput as c, MagicLinkVerifyQuery as d, PASSWORD_MAX as e, isSafeRedirectPath as i };
//# sourceMappingURL=auth.js-DNKvsyge.js.map
