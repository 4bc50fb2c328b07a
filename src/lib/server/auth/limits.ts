/**
 * Brute-force limits of the auth flows (architecture D5), per IP and per email.
 * Every policy fails closed: when the shared store is down, sign-in and mail
 * sending stop with 503 rather than run unguarded. Numbers come from config.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { config } from '../config';
import { applyRateLimits, type RateLimitPolicy } from '../platform/ratelimit';
import type { AuthRequest } from './request';

function policy(name: string, limit: (l: ReturnType<typeof config>['authLimits']) => number): () => RateLimitPolicy {
	return () => {
		const l = config().authLimits;
		return { name, limit: limit(l), windowMs: l.windowMs, onStoreFailure: 'closed' };
	};
}

const policies = {
	signInIp: policy('auth-sign-in-ip', (l) => l.perIp),
	signInEmail: policy('auth-sign-in-email', (l) => l.perEmail),
	signUpIp: policy('auth-sign-up-ip', (l) => l.perIp),
	otpVerifyIp: policy('auth-otp-verify-ip', (l) => l.perIp),
	otpVerifyEmail: policy('auth-otp-verify-email', (l) => l.perEmail),
	// One budget for every email the flows send (codes, links, resets), so switching flow gains nothing.
	mailIp: policy('auth-mail-ip', (l) => l.mailPerIp),
	mailEmail: policy('auth-mail-email', (l) => l.mailPerEmail),
	linkIp: policy('auth-link-ip', (l) => l.perIp),
	resetIp: policy('auth-reset-ip', (l) => l.perIp)
};

/** Limiter keys never carry the address itself (it would sit in Redis in clear). */
function emailKey(email: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(email))).slice(0, 32);
}

export const authLimits = {
	signIn: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.signInIp(), key: req.ip },
			{ policy: policies.signInEmail(), key: emailKey(email) }
		]),
	signUp: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.signUpIp(), key: req.ip }]),
	otpVerify: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.otpVerifyIp(), key: req.ip },
			{ policy: policies.otpVerifyEmail(), key: emailKey(email) }
		]),
	mail: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.mailIp(), key: req.ip },
			{ policy: policies.mailEmail(), key: emailKey(email) }
		]),
	link: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.linkIp(), key: req.ip }]),
	reset: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.resetIp(), key: req.ip }])
};
