/** Outgoing mail and the brute-force limits of sign-in, codes, links and resets (README "Authentication"). */
import { z } from 'zod';
import { positiveInt, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

export const authVariables = {
	SMTP_URL: setting(
		z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
		'`smtp://` or `smtps://user:pass@host:port` for sign-in codes, links and resets; unset, delivery is skipped and logged (the code or link is printed in development only)',
		'unset → mail suppressed'
	),
	MAIL_FROM: setting(z.string().min(3).optional(), 'sender of those emails', '`hoclieu <no-reply@ORIGIN host>`'),
	AUTH_RATE_WINDOW_SECONDS: setting(positiveInt.default(15 * 60), 'window of every auth brute-force limit'),
	AUTH_RATE_PER_EMAIL: setting(positiveInt.default(10), 'password sign-ins and code checks per address per window (then 429 + `Retry-After`)'),
	AUTH_RATE_PER_IP: setting(
		positiveInt.default(300),
		'password sign-ins and code checks per IP per window: a backstop sized for a school or carrier NAT, see [Rate limits](#rate-limits)'
	),
	AUTH_MAIL_PER_EMAIL: setting(positiveInt.default(5), 'emails (codes, links, resets) per address per window'),
	AUTH_MAIL_PER_IP: setting(positiveInt.default(150), 'emails (codes, links, resets) per IP per window'),
	SIGNUP_TAKEN_PER_IP: setting(
		positiveInt.default(10),
		'`409 email_taken` answers one IP gets per window; after that every sign-up from it answers 429 (ADR 005)'
	),
	SIGNUP_TAKEN_WINDOW_SECONDS: setting(positiveInt.default(3600), 'that window'),
	SESSION_CACHE_MS: setting(
		z.coerce.number().int().min(0).max(60_000).default(5_000),
		'how long a process may answer from a session it read, without reading it again: a sign-out, password change, disabled account or changed role is heard at once (PostgreSQL NOTIFY) and this only bounds a change it could miss; `0` reads the session on every request (ADR 025)'
	)
};

export function authSettings(env: EnvOf<typeof authVariables>, ctx: ConfigContext) {
	return {
		mail: {
			smtpUrl: env.SMTP_URL,
			from: env.MAIL_FROM ?? `hoclieu <no-reply@${new URL(ctx.origin).hostname}>`
		},
		authLimits: {
			windowMs: env.AUTH_RATE_WINDOW_SECONDS * 1000,
			perEmail: env.AUTH_RATE_PER_EMAIL,
			perIp: env.AUTH_RATE_PER_IP,
			mailPerEmail: env.AUTH_MAIL_PER_EMAIL,
			mailPerIp: env.AUTH_MAIL_PER_IP,
			/** Sign-up answers that reveal a registered address, per IP and window (ADR 005). */
			signUpTakenPerIp: env.SIGNUP_TAKEN_PER_IP,
			signUpTakenWindowMs: env.SIGNUP_TAKEN_WINDOW_SECONDS * 1000
		},
		sessionCacheMs: env.SESSION_CACHE_MS
	};
}
