/**
 * Brute-force limits of the auth flows (docs/architecture.md#rate-limiting), per email and per IP.
 * Per address the limits are strict; per IP they are a backstop sized for a
 * school or a carrier's NAT, where hundreds of people share one address. The
 * per-address check runs first and a refusal stops there, so hammering one
 * address spends at most its own budget of the IP's: it never locks the
 * other people behind that IP out before the backstop itself is reached.
 * Every policy fails closed: when the shared store is down, sign-in and mail
 * sending stop with 503 rather than run unguarded. Numbers come from config.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { config } from '../config';
import { applyFailureLimits, applyRateLimits, consume, report, type RateLimitPolicy } from '../platform/ratelimit';
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
	resetIp: policy('auth-reset-ip', (l) => l.perIp),
	socialIp: policy('auth-social-ip', (l) => l.perIp),
	signUpTakenIp: (): RateLimitPolicy => {
		const l = config().authLimits;
		return { name: 'auth-sign-up-taken-ip', limit: l.signUpTakenPerIp, windowMs: l.signUpTakenWindowMs, onStoreFailure: 'closed' };
	}
};

/** Limiter keys never carry the address itself (it would sit in Redis in clear). */
function emailKey(email: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(email))).slice(0, 32);
}

export const authLimits = {
	signIn: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.signInEmail(), key: emailKey(email) },
			{ policy: policies.signInIp(), key: req.ip }
		]),
	signUp: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.signUpIp(), key: req.ip }]),
	/**
	 * ADR 005: an IP that has used up its "address taken" answers gets 429 for
	 * every sign-up until the window ends, new address or not, so the answers
	 * stop telling an enumerator anything. `signUpTaken` counts one answer.
	 */
	signUpTakenBudget: (req: AuthRequest) => applyFailureLimits(req.responseHeaders, [{ policy: policies.signUpTakenIp(), key: req.ip }]),
	signUpTaken: async (req: AuthRequest) => {
		// Concurrent attempts may pass the budget check together; past the budget they too get only the 429.
		const result = await consume(policies.signUpTakenIp(), req.ip);
		if (!result.success) report(req.responseHeaders, result);
	},
	otpVerify: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.otpVerifyEmail(), key: emailKey(email) },
			{ policy: policies.otpVerifyIp(), key: req.ip }
		]),
	mail: (req: AuthRequest, email: string) =>
		applyRateLimits(req.responseHeaders, [
			{ policy: policies.mailEmail(), key: emailKey(email) },
			{ policy: policies.mailIp(), key: req.ip }
		]),
	link: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.linkIp(), key: req.ip }]),
	reset: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.resetIp(), key: req.ip }]),
	/** Both steps of social sign-in (ADR 019): each start writes a row, each callback reaches the provider. */
	social: (req: AuthRequest) => applyRateLimits(req.responseHeaders, [{ policy: policies.socialIp(), key: req.ip }])
};
