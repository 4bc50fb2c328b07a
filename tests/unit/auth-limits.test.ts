import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { authLimits } from '$lib/server/auth/limits';
import type { AuthRequest } from '$lib/server/auth/request';
import { AppError } from '$lib/server/errors/app-error';
import { setLogSink } from '$lib/server/platform/logger';
import { sendMail } from '$lib/server/platform/mail';
import { rateLimitStore, resetMemoryRateLimits, setRateLimitStore, type RateLimitStore } from '$lib/server/platform/ratelimit';

const req = (): AuthRequest => ({ ip: '203.0.113.7', userAgent: null, currentSessionId: null, responseHeaders: new Headers() });
const original = rateLimitStore();
const lines: string[] = [];
const stdoutSink = setLogSink((line) => lines.push(line));
afterAll(() => setLogSink(stdoutSink));

afterEach(() => {
	setRateLimitStore(original);
	resetMemoryRateLimits();
	lines.length = 0;
});

const down: RateLimitStore = {
	kind: 'redis',
	limit: async () => {
		throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
	},
	peek: async () => {
		throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
	},
	ping: async () => {}
};

describe('auth rate limits', () => {
	it('write the tightest RateLimit headers and refuse past the per-email budget', async () => {
		const r = req();
		for (let i = 0; i < 10; i++) await authLimits.signIn(r, 'lan@truong.edu.vn');
		expect(r.responseHeaders.get('ratelimit-limit')).toBe('10');
		expect(r.responseHeaders.get('ratelimit-remaining')).toBe('0');
		const limited = req();
		const error = await authLimits.signIn(limited, 'lan@truong.edu.vn').catch((e) => e);
		expect(error).toBeInstanceOf(AppError);
		expect(error.status).toBe(429);
		expect(Number(limited.responseHeaders.get('retry-after'))).toBeGreaterThan(0);
		await expect(authLimits.signIn(req(), 'khac@truong.edu.vn')).resolves.toBeUndefined();
	});

	it.each(['signIn', 'otpVerify', 'mail'] as const)('%s fails closed with 503 when the store is down', async (flow) => {
		setRateLimitStore(down, { failureThreshold: 1, openMs: 60_000 });
		const error = await authLimits[flow](req(), 'lan@truong.edu.vn').catch((e) => e);
		expect(error).toBeInstanceOf(AppError);
		expect(error.status).toBe(503);
		expect(error.code).toBe('service_unavailable');
		// The outage is logged once, by the circuit breaker, not per refused request.
		expect(lines.join('\n')).toContain('rate-limit store unavailable, circuit open');
	});

	it('keep addresses out of limiter keys', async () => {
		const seen: string[] = [];
		const answer = async (_p: unknown, key: string) => (seen.push(key), { success: true, limit: 1, remaining: 1, reset: Date.now() });
		setRateLimitStore({ kind: 'redis', limit: answer, peek: answer, ping: async () => {} });
		await authLimits.mail(req(), 'lan@truong.edu.vn');
		expect(seen).toHaveLength(2);
		expect(seen.join(' ')).not.toContain('lan');
	});
});

describe('mail without SMTP_URL', () => {
	it('is suppressed and logged without the code, the link or the full address', async () => {
		await sendMail({ kind: 'sign_in_otp', to: 'lan@truong.edu.vn', subject: 'Mã đăng nhập hoclieu: 493817', text: 'Mã: 493817 https://x/?token=abc', html: '<p>493817</p>' });
		const log = lines.join('\n');
		expect(log).toContain('mail delivery suppressed');
		expect(log).toContain('l***@truong.edu.vn');
		expect(log).not.toContain('493817');
		expect(log).not.toContain('token=abc');
		expect(log).not.toContain('lan@');
	});
});
