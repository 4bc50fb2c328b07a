/**
 * Inputs and outputs of the auth flows (/api/auth/*, docs/api.md#authentication). Client-safe:
 * the storefront forms validate with the same schemas the endpoints use.
 */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;

/** Trimmed and syntactically valid; the server also lower-cases and NFC-normalises it. */
export const Email = z
	.string({ error: 'Vui lòng nhập email.' })
	.trim()
	.min(1, 'Vui lòng nhập email.')
	.max(254, 'Email quá dài.')
	.pipe(z.email('Email không hợp lệ.'));

/**
 * Long passphrases are welcome (ASVS 2.1): length counts Unicode characters,
 * not bytes, and nothing else is imposed here. The server additionally refuses
 * the commonest passwords.
 */
export const Password = z
	.string({ error: 'Vui lòng nhập mật khẩu.' })
	.refine((p) => [...p].length >= PASSWORD_MIN, `Mật khẩu cần ít nhất ${PASSWORD_MIN} ký tự.`)
	.refine((p) => [...p].length <= PASSWORD_MAX, `Mật khẩu tối đa ${PASSWORD_MAX} ký tự.`);

/** Sign-in never re-checks the policy (old passwords stay usable), only bounds the work. */
const PasswordAttempt = z
	.string({ error: 'Vui lòng nhập mật khẩu.' })
	.min(1, 'Vui lòng nhập mật khẩu.')
	.max(PASSWORD_MAX * 4, 'Mật khẩu quá dài.');

export const DisplayName = z.string().trim().min(1, 'Tên không được để trống.').max(100, 'Tên tối đa 100 ký tự.');

export const OtpCode = z
	.string({ error: 'Vui lòng nhập mã xác nhận.' })
	.trim()
	.regex(/^[0-9]{6}$/, `Mã xác nhận gồm ${OTP_LENGTH} chữ số.`);

/**
 * A path on this site: starts with one `/`, no scheme, no host, no backslash or
 * control characters. Anything else would make sign-in an open redirect.
 */
export function isSafeRedirectPath(value: string): boolean {
	if (!value.startsWith('/') || value.startsWith('//')) return false;
	// Browsers treat `\` like `/` (so `/\evil.com` is protocol-relative) and drop tabs/newlines.
	for (const ch of value) {
		const c = ch.charCodeAt(0);
		if (ch === '\\' || c < 0x20 || c === 0x7f) return false;
	}
	try {
		const base = 'http://same-origin.invalid';
		return new URL(value, base).origin === base;
	} catch {
		return false;
	}
}

export const RedirectPath = z
	.string()
	.max(512, 'Đường dẫn quay lại quá dài.')
	.refine(isSafeRedirectPath, 'Chỉ chấp nhận đường dẫn nội bộ của trang (bắt đầu bằng "/").');

export const SignUpInput = z.object({
	email: Email,
	password: Password,
	name: DisplayName.optional(),
	/** Where the verification mail's link lands (a path of this site). */
	callbackURL: RedirectPath.optional()
});

/** `POST /api/auth/send-verification-email`: the signed-in account's own address. */
export const SendVerificationInput = z.object({ callbackURL: RedirectPath.optional() });

/** `POST /api/auth/email-otp/verify-email`: the code of the verification mail, from the account's own session. */
export const VerifyEmailCodeInput = z.object({ otp: OtpCode });

export const VerifyEmailQuery = z.object({
	token: z.string({ error: 'Thiếu mã liên kết.' }).min(1, 'Thiếu mã liên kết.').max(512),
	callbackURL: RedirectPath.optional()
});

export const SignInInput = z.object({
	email: Email,
	password: PasswordAttempt
});

export const OtpSendInput = z.object({ email: Email });
export const OtpVerifyInput = z.object({ email: Email, otp: OtpCode });
/** `POST /api/auth/sign-in/email-otp`: without `otp` it sends a code, with it it verifies. */
export const EmailOtpInput = z.object({ email: Email, otp: OtpCode.optional() });

export const MagicLinkInput = z.object({
	email: Email,
	callbackURL: RedirectPath.optional()
});

export const MagicLinkVerifyQuery = z.object({
	token: z.string({ error: 'Thiếu mã liên kết.' }).min(1, 'Thiếu mã liên kết.').max(512),
	callbackURL: RedirectPath.optional(),
	returnTo: RedirectPath.optional()
});

export const ForgetPasswordInput = z.object({ email: Email });

export const ResetPasswordInput = z.object({
	token: z.string({ error: 'Thiếu mã đặt lại mật khẩu.' }).min(1, 'Thiếu mã đặt lại mật khẩu.').max(512),
	newPassword: Password
});

export const AuthUser = z.object({
	id: z.uuid(),
	email: z.string(),
	name: z.string().nullable(),
	emailVerified: z.boolean(),
	role: z.enum(['customer', 'author', 'staff']),
	isVip: z.boolean(),
	vipUntil: z.iso.datetime().nullable()
});
export type AuthUser = z.infer<typeof AuthUser>;

/** Body of `GET /api/auth/session` (or `null`) and of every successful sign-in. */
export const SessionResponse = z.object({
	user: AuthUser,
	session: z.object({ expiresAt: z.iso.datetime() })
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** A sign-in by emailed code or link: `passwordRemoved` when proving the address dropped a password nobody had proven (a mail says how to set one). */
export const SignedInResponse = SessionResponse.extend({ passwordRemoved: z.literal(true).optional() });
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** Acknowledgement of the mail-sending calls; identical whether or not the account exists. */
export const Acknowledged = z.object({ status: z.literal(true) });

/** Social sign-in providers (ADR 019); a server enables only those it is configured for. */
export const SocialProviderId = z.enum(['google', 'zalo', 'oidc'], { error: 'Nhà cung cấp đăng nhập không hợp lệ.' });
export type SocialProviderId = z.infer<typeof SocialProviderId>;

/** `POST /api/auth/sign-in/social`: where to land afterwards is a path of this site, nothing else. */
export const SocialSignInInput = z.object({
	provider: SocialProviderId,
	callbackURL: RedirectPath.optional()
});

export const SocialSignInResponse = z.object({
	url: z.url(),
	redirect: z.literal(true)
});

/** What the provider sends back to `GET /api/auth/callback/{provider}` (other parameters are ignored). */
export const SocialCallbackQuery = z.object({
	provider: SocialProviderId,
	code: z.string().max(2048).optional(),
	state: z.string().max(512).optional(),
	iss: z.string().max(2048).optional(),
	error: z.string().max(256).optional()
});

/** The storefront's "link another way to sign in" (account page); lands back there. */
export const LinkProviderInput = z.object({ provider: SocialProviderId });

export const LinkedProvider = z.object({
	provider: SocialProviderId,
	email: z.string().nullable(),
	linkedAt: z.iso.datetime()
});
export type LinkedProvider = z.infer<typeof LinkedProvider>;
