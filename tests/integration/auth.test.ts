/**
 * Every /api/auth flow over real HTTP against the built server, with mail
 * delivered over real SMTP to a receiver started here (codes and links are
 * read from what arrived, not from a mock).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { advanceClock, clearOfWindowEdge, QUARTER_HOUR_WINDOW, request, sql, type JsonResponse } from '../helpers/http';
import { payReference } from '../helpers/payments';
import { productionEnv } from '../helpers/production';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;
/** Every secret the tests saw; none may ever show up in the server's logs. */
const secrets = new Set<string>();

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	// AUTH_RATE_PER_IP: a small backstop (default 300) so 'limits one IP across many addresses' reaches it.
	server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'hoclieu <no-reply@test.hoclieu.vn>', LOG_LEVEL: 'debug', AUTH_RATE_PER_IP: '30' } });
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});
beforeEach(async () => {
	await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
});
afterEach(async () => {
	await request(server.url, '/api/internal/test/clock-reset', { method: 'POST' });
});

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Lớp học mùa thu 2025';
const freshEmail = () => `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;

function post(path: string, json?: unknown, headers: Record<string, string> = {}) {
	return request(server.url, path, { method: 'POST', json: json ?? {}, headers });
}
function get(path: string, headers: Record<string, string> = {}) {
	return request(server.url, path, { headers });
}

interface CookieInfo {
	value: string;
	attributes: Map<string, string>;
	raw: string;
}

function sessionCookie(res: JsonResponse): CookieInfo | undefined {
	const raw = res.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='));
	if (!raw) return undefined;
	const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
	const attributes = new Map(
		attrs.map((a) => {
			const [k, v = ''] = a.split('=');
			return [k!.toLowerCase(), v] as [string, string];
		})
	);
	return { value: pair!.slice('auth.session_data='.length), attributes, raw };
}

function cookieHeader(res: JsonResponse): string {
	const c = sessionCookie(res);
	if (!c) throw new Error(`no session cookie in ${res.status} ${res.text}`);
	secrets.add(c.value);
	return `auth.session_data=${c.value}`;
}

async function signUp(email = freshEmail(), password = PASSWORD) {
	secrets.add(password);
	const res = await post('/api/auth/sign-up/email', { email, password, name: 'Cô Lan' });
	expect(res.status, res.text).toBe(200);
	return { email, password, cookie: cookieHeader(res), res };
}

async function whoami(cookie: string) {
	return get('/api/auth/session', { cookie });
}

/** The error envelope without the per-request trace id, for "same answer" comparisons. */
function withoutTrace(body: any) {
	if (!body?.error) return body;
	const { trace: _trace, ...rest } = body.error;
	return { error: rest };
}

function codeFrom(mail: ReceivedMail): string {
	const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
	if (!code) throw new Error(`no code in mail: ${mail.text}`);
	secrets.add(code);
	return code;
}

function linkFrom(mail: ReceivedMail): URL {
	const href = /(https?:\/\/\S+)/.exec(mail.text)?.[1];
	if (!href) throw new Error(`no link in mail: ${mail.text}`);
	const url = new URL(href);
	secrets.add(url.searchParams.get('token')!);
	return url;
}

async function requestOtp(email: string, path = '/api/auth/sign-in/email-otp') {
	const since = smtp.messages.length;
	const res = await post(path, { email });
	expect(res.status, res.text).toBe(200);
	return codeFrom(await smtp.next(email, since));
}

/** What a reader sees of a server-rendered page: tags and Svelte's comment markers dropped. */
function pageText(html: string): string {
	return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '');
}

describe('sign-up', () => {
	it('creates the account, signs in, and sets the session cookie with the right attributes', async () => {
		const email = freshEmail();
		const { res, cookie } = await signUp(`  ${email.toUpperCase()} `);
		expect(res.body).toEqual({
			user: {
				id: expect.any(String),
				email,
				name: 'Cô Lan',
				emailVerified: false,
				role: 'customer',
				isVip: false,
				vipUntil: null
			},
			session: { expiresAt: expect.any(String) }
		});
		const c = sessionCookie(res)!;
		expect(c.attributes.has('httponly')).toBe(true);
		expect(c.attributes.get('samesite')?.toLowerCase()).toBe('lax');
		expect(c.attributes.get('path')).toBe('/');
		expect(c.attributes.get('max-age')).toBe(String(30 * 24 * 60 * 60));
		expect(c.attributes.has('secure')).toBe(false); // Secure only in production
		const expiresIn = Date.parse(res.body.session.expiresAt) - Date.now();
		expect(Math.abs(expiresIn - 30 * DAY)).toBeLessThan(60_000);
		const me = await whoami(cookie);
		expect(me.body.user.email).toBe(email);
	});

	it('stores an argon2id hash (19 MiB, t=2) and never the password', async () => {
		const { email } = await signUp();
		const [row] = await sql<{ password_hash: string }>(server.url, 'SELECT password_hash FROM users WHERE email = $1', [email]);
		expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
		expect(row!.password_hash).not.toContain(PASSWORD);
	});

	it('keeps the session token hashed in the database', async () => {
		const { cookie } = await signUp();
		const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
		const rows = await sql(server.url, 'SELECT id FROM sessions WHERE id = $1', [token]);
		expect(rows).toHaveLength(0);
	});

	it('refuses a taken address (any case) with 409 email_taken', async () => {
		const { email } = await signUp();
		const again = await post('/api/auth/sign-up/email', { email: email.toUpperCase(), password: 'một mật khẩu khác hẳn' });
		expect(again.status).toBe(409);
		expect(again.body.error.code).toBe('email_taken');
		expect(again.body.error.message).toMatch(/đã được đăng ký/);
		expect(sessionCookie(again)).toBeUndefined();

	});

	it.each([
		['short', 'ngắn', 'password', /ít nhất 8/],
		['too long', 'x'.repeat(129), 'password', /tối đa 128/],
		['common', 'Password123', 'password', /phổ biến/],
		['equal to the email', 'co.lan@truong.edu.vn', 'password', /trùng với email/],
		['bad email', 'mật khẩu đủ dài', 'email', /không hợp lệ/]
	])('refuses a %s password or address with 400 validation_error and the field', async (_, password, field, message) => {
		const email = field === 'email' ? 'không-phải-email' : 'co.lan@truong.edu.vn';
		const res = await post('/api/auth/sign-up/email', { email, password });
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('validation_error');
		const f = res.body.error.details.fields.find((x: any) => x.path === field);
		expect(f.message).toMatch(message);
	});

	it('accepts a 128-character passphrase counted in characters, not bytes', async () => {
		const passphrase = 'đ'.repeat(64) + 'học liệu '.repeat(8).slice(0, 64);
		expect([...passphrase].length).toBe(128);
		const { email } = await signUp(freshEmail(), passphrase);
		await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
		const res = await post('/api/auth/sign-in/email', { email, password: passphrase });
		expect(res.status).toBe(200);
	});

	it('refuses NUL characters and lone surrogates in any field with 400 naming the field', async () => {
		// Found by the fuzzer: a NUL, or a lone surrogate after a letter like "ỵ", in the optional
		// name reached the INSERT and answered 500.
		for (const [field, body, reason] of [
			['name', { email: freshEmail(), password: PASSWORD, name: 'Cô\u0000 Lan' }, 'nul_character'],
			['password', { email: freshEmail(), password: `${PASSWORD}\u0000` }, 'nul_character'],
			['email', { email: `a\u0000${freshEmail()}`, password: PASSWORD }, 'nul_character'],
			['name', { email: freshEmail(), password: PASSWORD, name: 'Cô Lỵ\udc00' }, 'lone_surrogate'],
			['name', { email: freshEmail(), password: PASSWORD, name: '\ud83d Lan' }, 'lone_surrogate']
		] as const) {
			const res = await post('/api/auth/sign-up/email', body);
			expect(res.status, res.text).toBe(400);
			expect(res.body.error).toMatchObject({ code: 'validation_error', details: { reason, fields: [{ path: field }] } });
		}
		// Real pairs (emoji) are text like any other.
		expect((await post('/api/auth/sign-up/email', { email: freshEmail(), password: PASSWORD, name: 'Cô Lan 🎵' })).status).toBe(200);
	});

	it('answers malformed JSON, empty bodies and non-JSON with the error envelope', async () => {
		const malformed = await request(server.url, '/api/auth/sign-up/email', {
			method: 'POST',
			body: '{"email":',
			headers: { 'content-type': 'application/json' }
		});
		expect(malformed.status).toBe(400);
		expect(malformed.body.error).toMatchObject({ code: 'validation_error', details: { reason: 'malformed_json' } });
		const empty = await request(server.url, '/api/auth/sign-in/email', { method: 'POST' });
		expect(empty.status).toBe(400);
		expect(empty.body.error.code).toBe('validation_error');
		const text = await request(server.url, '/api/auth/sign-in/email', { method: 'POST', body: 'email=x', headers: { 'content-type': 'text/plain' } });
		expect(text.status).toBe(415);
		const wrongMethod = await get('/api/auth/sign-in/email');
		expect(wrongMethod.status).toBe(405);
		expect(wrongMethod.body.error.code).toBe('method_not_allowed');
	});
});

describe('password sign-in', () => {
	it('signs in, rotates the session, and ends the one the request carried', async () => {
		const { email, password, cookie: first } = await signUp();
		const res = await post('/api/auth/sign-in/email', { email: email.toUpperCase(), password }, { cookie: first });
		expect(res.status).toBe(200);
		expect(res.body.user.email).toBe(email);
		const second = cookieHeader(res);
		expect(second).not.toBe(first);
		expect((await whoami(second)).body.user.email).toBe(email);
		const old = await whoami(first);
		expect(old.body).toBeNull();
	});

	it('gives unknown email and wrong password the same 401 and body', async () => {
		const { email } = await signUp();
		const wrong = await post('/api/auth/sign-in/email', { email, password: 'không phải mật khẩu' });
		const unknown = await post('/api/auth/sign-in/email', { email: freshEmail(), password: 'không phải mật khẩu' });
		expect(wrong.status).toBe(401);
		expect(unknown.status).toBe(401);
		expect(wrong.body.error.code).toBe('invalid_credentials');
		expect(withoutTrace(wrong.body)).toEqual(withoutTrace(unknown.body));
		expect(sessionCookie(wrong)).toBeUndefined();

		// An account without a password (created by code) answers the same way.
		const codeOnly = freshEmail();
		const code = await requestOtp(codeOnly);
		expect((await post('/api/auth/sign-in/email-otp', { email: codeOnly, otp: code })).status).toBe(200);
		const none = await post('/api/auth/sign-in/email', { email: codeOnly, password: 'không phải mật khẩu' });
		expect(withoutTrace(none.body)).toEqual(withoutTrace(wrong.body));

	});

	it('answers 429 with Retry-After and RateLimit headers after repeated failures for one email', async () => {
		const { email } = await signUp();
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		let last: JsonResponse | undefined;
		for (let i = 0; i < 10; i++) {
			last = await post('/api/auth/sign-in/email', { email, password: `đoán mò ${i}` });
			expect(last.status).toBe(401);
		}
		expect(last!.headers.get('ratelimit-limit')).toBe('10');
		expect(last!.headers.get('ratelimit-remaining')).toBe('0');
		const limited = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		const retryAfter = Number(limited.headers.get('retry-after'));
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(15 * 60);
		expect(limited.headers.get('ratelimit-remaining')).toBe('0');
		// Another address from the same IP still gets through (per-email budget, per-IP budget left).
		const other = await signUp();
		expect((await post('/api/auth/sign-in/email', { email: other.email, password: PASSWORD })).status).toBe(200);
	});

	it('limits one IP across many addresses', async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		let res: JsonResponse | undefined;
		for (let i = 0; i < 30; i++) {
			res = await post('/api/auth/sign-in/email', { email: freshEmail(), password: 'không tồn tại đâu' });
			expect(res.status).toBe(401);
		}
		res = await post('/api/auth/sign-in/email', { email: freshEmail(), password: 'không tồn tại đâu' });
		expect(res.status).toBe(429);
		expect(res.headers.get('ratelimit-limit')).toBe('30');
	});
});

describe('session cookie', () => {
	it('answers null without a cookie', async () => {
		const res = await get('/api/auth/session');
		expect(res.status).toBe(200);
		expect(res.body).toBeNull();
	});

	it('ignores and clears a tampered cookie', async () => {
		const { cookie } = await signUp();
		const value = cookie.slice('auth.session_data='.length);
		const [token, mac] = decodeURIComponent(value).split('.');
		const flipped = token!.slice(0, -1) + (token!.endsWith('a') ? 'b' : 'a');
		for (const forged of [`${flipped}.${mac}`, `${token}.${mac!.slice(0, -2)}xx`, token!, 'garbage']) {
			const res = await whoami(`auth.session_data=${encodeURIComponent(forged)}`);
			expect(res.status).toBe(200);
			expect(res.body).toBeNull();
			const cleared = sessionCookie(res)!;
			expect(cleared.value).toBe('');
			expect(cleared.attributes.get('max-age')).toBe('0');
		}
		expect((await whoami(cookie)).body).not.toBeNull();
	});

	it('renews when under 15 days remain and expires after 30 idle days', async () => {
		const { cookie } = await signUp();
		await advanceClock(server.url, 10 * DAY);
		const early = await whoami(cookie);
		expect(early.body.user).toBeDefined();
		expect(sessionCookie(early)).toBeUndefined(); // more than 15 days left: no rewrite

		await advanceClock(server.url, 6 * DAY); // 14 days left
		const renewed = await whoami(cookie);
		const c = sessionCookie(renewed)!;
		expect(c.attributes.get('max-age')).toBe(String(30 * 24 * 60 * 60));
		const clock = await request(server.url, '/api/internal/test/clock-advance', { method: 'POST', json: { ms: 0 } });
		const now = Date.parse(clock.body.now);
		expect(Math.abs(Date.parse(renewed.body.session.expiresAt) - (now + 30 * DAY))).toBeLessThan(60_000);

		await advanceClock(server.url, 29 * DAY); // 1 day left of the renewed lifetime: still valid
		expect((await whoami(cookie)).body.user).toBeDefined();
		await advanceClock(server.url, 31 * DAY); // idle past the lifetime
		const expired = await whoami(cookie);
		expect(expired.body).toBeNull();
		expect(sessionCookie(expired)!.attributes.get('max-age')).toBe('0');
	});

	it('feeds sessionProcedure: 401 unauthenticated envelope without a valid session', async () => {
		const anon = await get('/api/v1/_test/whoami');
		expect(anon.status).toBe(401);
		expect(anon.body.error.code).toBe('unauthenticated');
		const { cookie, email } = await signUp();
		const me = await get('/api/v1/_test/whoami', { cookie });
		expect(me.status).toBe(200);
		expect(me.body.data.email).toBe(email);
	});

	it('serves auth.me over tRPC with the session optional', async () => {
		const anon = await get('/api/trpc/auth.me');
		expect(anon.body.result.data).toBeNull();
		const { cookie, email } = await signUp();
		const me = await get('/api/trpc/auth.me', { cookie });
		expect(me.body.result.data).toMatchObject({ email, name: 'Cô Lan', role: 'customer' });
	});

	it('sign-out deletes the session and clears the cookie', async () => {
		const { cookie, email } = await signUp();
		const [{ n: before }] = (await sql<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [email])) as [{ n: number }];
		expect(before).toBe(1);
		const res = await post('/api/auth/sign-out', undefined, { cookie });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ status: true });
		expect(sessionCookie(res)!.attributes.get('max-age')).toBe('0');
		const [{ n: after }] = (await sql<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [email])) as [{ n: number }];
		expect(after).toBe(0);
		expect((await whoami(cookie)).body).toBeNull();
		expect((await post('/api/auth/sign-out')).status).toBe(200); // harmless without a session
	});
});

describe('sign-in by emailed code', () => {
	it('sends a 6-digit code in Vietnamese, creates the account on verification and signs in', async () => {
		const email = freshEmail();
		const since = smtp.messages.length;
		const sent = await post('/api/auth/sign-in/email-otp', { email });
		expect(sent.status).toBe(200);
		expect(sent.body).toEqual({ status: true });
		const mail = await smtp.next(email, since);
		const code = codeFrom(mail);
		expect(mail.subject).toBe(`Mã đăng nhập hoclieu: ${code}`);
		expect(mail.text).toContain('10 phút');
		expect(mail.html).toContain(code);
		expect(mail.from).toBe('no-reply@test.hoclieu.vn');
		expect(await sql(server.url, 'SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);

		const res = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(res.status).toBe(200);
		expect(res.body.user).toMatchObject({ email, emailVerified: true, name: null });
		const cookie = cookieHeader(res);
		expect((await whoami(cookie)).body.user.email).toBe(email);
		const reuse = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(reuse.status).toBe(400);
		expect(reuse.body.error.code).toBe('otp_expired');
	});

	it('answers the send call identically for existing and unknown addresses', async () => {
		const { email } = await signUp();
		const existing = await post('/api/auth/sign-in/email-otp', { email });
		const unknown = await post('/api/auth/sign-in/email-otp', { email: freshEmail() });
		expect(existing.status).toBe(unknown.status);
		expect(existing.text).toBe(unknown.text);
	});

	it('burns the code after 5 wrong attempts', async () => {
		const email = freshEmail();
		const code = await requestOtp(email);
		const wrong = code === '000000' ? '111111' : '000000';
		for (let left = 4; left >= 0; left--) {
			const res = await post('/api/auth/sign-in/email-otp', { email, otp: wrong });
			expect(res.status).toBe(400);
			expect(res.body.error).toMatchObject({ code: 'invalid_otp', details: { attemptsLeft: left } });
		}
		const right = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(right.status).toBe(400);
		expect(right.body.error.code).toBe('otp_expired');
		expect(sessionCookie(right)).toBeUndefined();
	});

	it('lets exactly one of several simultaneous correct submissions sign in', async () => {
		const email = freshEmail();
		const code = await requestOtp(email);
		const results = await Promise.all(Array.from({ length: 4 }, () => post('/api/auth/sign-in/email-otp', { email, otp: code })));
		expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
		const [{ n }] = (await sql<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email])) as [{ n: number }];
		expect(n).toBe(1);
		cookieHeader(results.find((r) => r.status === 200)!);
	});

	it('rejects a code after 10 minutes', async () => {
		const email = freshEmail();
		const code = await requestOtp(email);
		await advanceClock(server.url, 10 * 60_000 + 1_000);
		const res = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('otp_expired');
	});

	it('accepts a code just before 10 minutes, and only the newest code', async () => {
		const email = freshEmail();
		const first = await requestOtp(email);
		const second = await requestOtp(email);
		if (first !== second) {
			const old = await post('/api/auth/sign-in/email-otp', { email, otp: first });
			expect(old.body.error.code).toBe('invalid_otp');
		}
		await advanceClock(server.url, 9 * 60_000 + 50_000);
		expect((await post('/api/auth/sign-in/email-otp', { email, otp: second })).status).toBe(200);
	});

	it('works through the UI wrappers', async () => {
		const email = freshEmail();
		const code = await requestOtp(email, '/api/internal/auth/otp/send');
		const bad = await post('/api/internal/auth/otp/verify', { email, otp: '12ab56' });
		expect(bad.status).toBe(400);
		expect(bad.body.error.code).toBe('validation_error');
		const res = await post('/api/internal/auth/otp/verify', { email, otp: code });
		expect(res.status).toBe(200);
		expect(sessionCookie(res)).toBeDefined();
	});

	it('limits how many codes one address can be sent', async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		const email = freshEmail();
		for (let i = 0; i < 5; i++) expect((await post('/api/auth/sign-in/email-otp', { email })).status).toBe(200);
		const res = await post('/api/auth/sign-in/email-otp', { email });
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
	});

	it('limits verification attempts per address across codes', async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		const email = freshEmail();
		await requestOtp(email);
		for (let i = 0; i < 5; i++) await post('/api/auth/sign-in/email-otp', { email, otp: '999999' });
		await requestOtp(email);
		for (let i = 0; i < 5; i++) await post('/api/auth/sign-in/email-otp', { email, otp: '999999' });
		const res = await post('/api/auth/sign-in/email-otp', { email, otp: '999999' });
		expect(res.status).toBe(429);
	});

	it('takes over an unverified password account for the address owner (pre-registration defence)', async () => {
		const { email, cookie } = await signUp(); // someone registered this address without proving it
		const code = await requestOtp(email);
		const res = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(res.status).toBe(200);
		expect(res.body.user.emailVerified).toBe(true);
		expect((await whoami(cookie)).body).toBeNull();
		expect((await post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
	});
});

describe('sign-in by magic link', () => {
	async function requestLink(email: string, body: Record<string, unknown> = {}, path = '/api/auth/sign-in/magic-link') {
		const since = smtp.messages.length;
		const res = await post(path, { email, ...body });
		expect(res.status, res.text).toBe(200);
		expect(res.body).toEqual({ status: true });
		const mail = await smtp.next(email, since);
		return { mail, link: linkFrom(mail) };
	}

	it('signs in once and lands on the relative callback', async () => {
		const { email } = await signUp();
		const { mail, link } = await requestLink(email, { callbackURL: '/tai-khoan?tab=don-hang' });
		expect(mail.subject).toBe('Liên kết đăng nhập hoclieu');
		expect(mail.html).toContain('Đăng nhập');
		expect(link.origin).toBe(server.url);
		expect(link.pathname).toBe('/api/auth/sign-in/magic-link');

		const res = await get(link.pathname + link.search);
		expect(res.status).toBe(303);
		// The account was registered with a password and never proven, so the link dropped that password
		// (README "Sign-up and verification"): the landing says why first, then offers the callback.
		expect(res.headers.get('location')).toBe(`/tai-khoan?mat-khau-da-go=1&tiep=${encodeURIComponent('/tai-khoan?tab=don-hang')}#mat-khau`);
		const cookie = cookieHeader(res);
		expect((await whoami(cookie)).body.user).toMatchObject({ email, emailVerified: true });

		const again = await get(link.pathname + link.search);
		expect(again.status).toBe(400);
		expect(again.body.error).toMatchObject({ code: 'invalid_token', details: { reason: 'used' } });
		const browser = await get(link.pathname + link.search, { accept: 'text/html,application/xhtml+xml' });
		expect(browser.status).toBe(303);
		expect(browser.headers.get('location')).toBe('/dang-nhap?cach=lien-ket&loi=invalid_token&ly-do=used');
	});

	it('creates the account for a new address and lands on / by default (UI wrapper)', async () => {
		const email = freshEmail();
		const { link } = await requestLink(email, {}, '/api/internal/auth/magic');
		const res = await get(link.pathname + link.search);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/');
		expect((await whoami(cookieHeader(res))).body.user.email).toBe(email);
	});

	it('lets exactly one of several simultaneous clicks sign in', async () => {
		const { link } = await requestLink(freshEmail());
		const results = await Promise.all(Array.from({ length: 5 }, () => get(link.pathname + link.search)));
		expect(results.map((r) => r.status).sort()).toEqual([303, 400, 400, 400, 400]);
		cookieHeader(results.find((r) => r.status === 303)!);
	});

	it('rejects an expired link', async () => {
		const { link } = await requestLink(freshEmail());
		await advanceClock(server.url, 15 * 60_000 + 1_000);
		const res = await get(link.pathname + link.search);
		expect(res.status).toBe(400);
		expect(res.body.error).toMatchObject({ code: 'invalid_token', details: { reason: 'expired' } });
	});

	it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'evil.example'])(
		'refuses the open-redirect target %j',
		async (target) => {
			const ask = await post('/api/auth/sign-in/magic-link', { email: freshEmail(), callbackURL: target });
			expect(ask.status).toBe(400);
			expect(ask.body.error.code).toBe('validation_error');
			expect(ask.body.error.details.fields[0].path).toBe('callbackURL');
		}
	);

	it('refuses a foreign callback on the link itself before spending it', async () => {
		const { link } = await requestLink(freshEmail());
		for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
			const res = await get(`${link.pathname}?token=${link.searchParams.get('token')}&callbackURL=${encodeURIComponent(target)}`);
			expect(res.status).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(res.headers.get('location')).toBeNull();
			const viaReturnTo = await get(`${link.pathname}?token=${link.searchParams.get('token')}&returnTo=${encodeURIComponent(target)}`);
			expect(viaReturnTo.status).toBe(400);
		}
		const ok = await get(link.pathname + link.search);
		expect(ok.status).toBe(303);
		expect(ok.headers.get('location')).toBe('/');
	});

	it('answers the request identically for existing and unknown addresses', async () => {
		const { email } = await signUp();
		const a = await post('/api/auth/sign-in/magic-link', { email });
		const b = await post('/api/auth/sign-in/magic-link', { email: freshEmail() });
		expect(a.status).toBe(200);
		expect(a.text).toBe(b.text);
	});
});

describe('forgotten password', () => {
	async function requestReset(email: string) {
		const since = smtp.messages.length;
		const res = await post('/api/auth/forget-password', { email });
		expect(res.status).toBe(200);
		const mail = await smtp.next(email, since);
		return { res, mail, token: linkFrom(mail).searchParams.get('token')! };
	}

	it('answers the same for existing and unknown addresses, and mails only existing ones', async () => {
		const { email } = await signUp();
		const unknownEmail = freshEmail();
		const since = smtp.messages.length;
		const existing = await post('/api/auth/forget-password', { email });
		const unknown = await post('/api/auth/forget-password', { email: unknownEmail });
		expect(existing.status).toBe(200);
		expect(unknown.status).toBe(200);
		expect(existing.text).toBe(unknown.text);
		const mail = await smtp.next(email, since);
		linkFrom(mail);
		expect(mail.subject).toBe('Đặt lại mật khẩu hoclieu');
		// Delivery to a known address has arrived; nothing was sent to the unknown one.
		expect(smtp.messages.some((m) => m.to.includes(unknownEmail))).toBe(false);
	});

	it('resets once, ends every session of the account, and the new password works', async () => {
		const { email, cookie: laptop } = await signUp();
		const phone = cookieHeader(await post('/api/auth/sign-in/email', { email, password: PASSWORD }));
		const { mail, token } = await requestReset(email);
		const link = linkFrom(mail);
		expect(link.pathname).toBe('/dat-lai-mat-khau');

		const newPassword = 'Mật khẩu mới của cô Lan';
		secrets.add(newPassword);
		const res = await post('/api/auth/reset-password', { token, newPassword }, { cookie: laptop });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ status: true });
		expect(sessionCookie(res)!.attributes.get('max-age')).toBe('0');
		expect((await whoami(laptop)).body).toBeNull();
		expect((await whoami(phone)).body).toBeNull();

		expect((await post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
		const signedIn = await post('/api/auth/sign-in/email', { email, password: newPassword });
		expect(signedIn.status).toBe(200);
		expect(signedIn.body.user.emailVerified).toBe(true);

		const reuse = await post('/api/auth/reset-password', { token, newPassword: 'lại một mật khẩu khác' });
		expect(reuse.status).toBe(400);
		expect(reuse.body.error).toMatchObject({ code: 'invalid_token', details: { reason: 'used' } });
	});

	it('rejects an expired reset link and a weak new password without spending the link', async () => {
		const { email } = await signUp();
		const { token } = await requestReset(email);
		const weak = await post('/api/auth/reset-password', { token, newPassword: '12345678' });
		expect(weak.status).toBe(400);
		expect(weak.body.error.details.fields[0].path).toBe('newPassword');
		await advanceClock(server.url, 60 * 60_000 + 1_000);
		const late = await post('/api/auth/reset-password', { token, newPassword: 'đủ dài và không phổ biến' });
		expect(late.status).toBe(400);
		expect(late.body.error).toMatchObject({ code: 'invalid_token', details: { reason: 'expired' } });
		const unknown = await post('/api/auth/reset-password', { token: 'không-tồn-tại', newPassword: 'đủ dài và không phổ biến' });
		expect(unknown.body.error).toMatchObject({ code: 'invalid_token', details: { reason: 'unknown' } });
	});

	it('limits reset requests per address', async () => {
		const { email } = await signUp();
		for (let i = 0; i < 5; i++) expect((await post('/api/auth/forget-password', { email })).status).toBe(200);
		const res = await post('/api/auth/forget-password', { email });
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
	});
});

describe('same-origin check on auth mutations', () => {
	it('refuses a foreign Origin or cross-site fetch with 403 forbidden, allows own origin and header-less clients', async () => {
		const { email, password, cookie } = await signUp();
		for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
			const res = await post('/api/auth/sign-in/email', { email, password }, headers);
			expect(res.status).toBe(403);
			expect(res.body.error.code).toBe('forbidden');
			const out = await post('/api/auth/sign-out', undefined, { ...headers, cookie });
			expect(out.status).toBe(403);
		}
		expect((await whoami(cookie)).body).not.toBeNull();
		expect((await post('/api/auth/sign-in/email', { email, password }, { origin: server.url })).status).toBe(200);
		expect((await post('/api/auth/sign-in/email', { email, password }, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
		expect((await post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
	});
});

describe('storefront pages', () => {
	/** A plain (no-JavaScript) browser form post: the answer is the page, or a redirect. */
	function submit(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
		return request(server.url, path, { method: 'POST', body: new URLSearchParams(fields), headers: { accept: 'text/html', ...headers } });
	}

	it('render the sign-in tabs, sign-up, forgotten-password and reset forms with labels', async () => {
		for (const [path, text] of [
			['/dang-nhap', 'Mật khẩu'],
			['/dang-nhap?cach=ma', 'Gửi mã đăng nhập'],
			['/dang-nhap?cach=lien-ket', 'Gửi liên kết đăng nhập'],
			['/dang-ky', 'Nhập lại mật khẩu'],
			['/quen-mat-khau', 'Gửi liên kết đặt lại'],
			['/dat-lai-mat-khau?token=abc', 'Mật khẩu mới'],
			['/dat-lai-mat-khau', 'không đầy đủ']
		]) {
			const res = await get(path!);
			expect(res.status, path).toBe(200);
			expect(res.text).toContain(text);
			expect(res.text).toMatch(/<html lang="vi">/);
		}
		const page = await get('/dang-nhap');
		expect(page.text).toMatch(/<label for="field-email"[^>]*>Email<\/label>/);
		expect(page.text).toMatch(/<input id="field-email" name="email"[^>]*type="email"/);
		expect(page.text).toMatch(/<a href="\/dang-ky"[^>]*>Đăng ký<\/a>/);
	});

	it('sign up by form, then the header shows who is signed in, and sign out by form', async () => {
		const email = freshEmail();
		const mismatch = await submit('/dang-ky', { name: 'Thầy Minh', email, password: PASSWORD, confirmPassword: 'khác hẳn mà' });
		expect(mismatch.status).toBe(400);
		expect(mismatch.text).toContain('Mật khẩu nhập lại không khớp.');
		expect(mismatch.text).toContain(`value="${email}"`);
		expect(mismatch.text).not.toContain(PASSWORD);

		const res = await submit('/dang-ky', { name: 'Thầy Minh', email, password: PASSWORD, confirmPassword: PASSWORD });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/');
		const cookie = cookieHeader(res);
		const home = await get('/', { cookie });
		expect(pageText(home.text)).toContain('Xin chào, Thầy Minh');
		expect(home.text).toContain('Đăng xuất');
		expect((await get('/')).text).not.toContain('Xin chào');

		const out = await submit('/dang-xuat', {}, { cookie });
		expect(out.status).toBe(303);
		expect(sessionCookie(out)!.attributes.get('max-age')).toBe('0');
		expect((await whoami(cookie)).body).toBeNull();
	});

	it('sign in by password form: clear errors, safe returnTo only', async () => {
		const { email } = await signUp();
		const wrong = await submit('/dang-nhap?/password', { email, password: 'không đúng đâu' });
		expect(wrong.status).toBe(401);
		expect(wrong.text).toContain('Email hoặc mật khẩu không đúng.');
		expect(wrong.text).toContain('role="alert"');
		const missing = await submit('/dang-nhap?/password', { email: '', password: '' });
		expect(missing.status).toBe(400);
		expect(missing.text).toContain('Vui lòng nhập email.');
		expect(missing.text).toContain('Vui lòng nhập mật khẩu.');
		const evil = await submit('/dang-nhap?/password', { email, password: PASSWORD, returnTo: '//evil.example' });
		expect(evil.status).toBe(400);
		expect(sessionCookie(evil)).toBeUndefined();
		const ok = await submit('/dang-nhap?/password', { email, password: PASSWORD, returnTo: '/vi' });
		expect(ok.status).toBe(303);
		expect(ok.headers.get('location')).toBe('/vi');
		cookieHeader(ok);
	});

	it('sign in by emailed code through the page', async () => {
		const email = freshEmail();
		const since = smtp.messages.length;
		const sent = await submit('/dang-nhap?cach=ma&/sendCode', { email, returnTo: '/don-hang' });
		expect(sent.status).toBe(200);
		expect(pageText(sent.text)).toContain(`Đã gửi mã 6 chữ số tới ${email}`);
		expect(sent.text).toContain('autocomplete="one-time-code"');
		expect(sent.text).toContain('name="returnTo" value="/don-hang"'); // kept without JavaScript
		const code = codeFrom(await smtp.next(email, since));
		const wrong = await submit('/dang-nhap?cach=ma&/verifyCode', { email, otp: code === '000000' ? '111111' : '000000', step: 'verify' });
		expect(wrong.status).toBe(400);
		expect(wrong.text).toContain('Bạn còn 4 lần thử.');
		expect(wrong.text).toContain('autocomplete="one-time-code"'); // still on the code step
		const ok = await submit('/dang-nhap?cach=ma&/verifyCode', { email, otp: code, step: 'verify', returnTo: '/don-hang' });
		expect(ok.status).toBe(303);
		expect(ok.headers.get('location')).toBe('/don-hang');
		cookieHeader(ok);
	});

	it('magic link through the page, and a spent link lands on the sign-in page with the reason', async () => {
		const email = freshEmail();
		const since = smtp.messages.length;
		const sent = await submit('/dang-nhap?cach=lien-ket&/magicLink', { email, returnTo: '/am-nhac' });
		expect(sent.status).toBe(200);
		expect(pageText(sent.text)).toContain(`Đã gửi liên kết đăng nhập tới ${email}`);
		const link = linkFrom(await smtp.next(email, since));
		expect(link.searchParams.get('callbackURL')).toBe('/am-nhac');
		const html = { accept: 'text/html' };
		const first = await get(link.pathname + link.search, html);
		expect(first.headers.get('location')).toBe('/am-nhac');
		const second = await get(link.pathname + link.search, html);
		const page = await get(second.headers.get('location')!);
		expect(page.text).toContain('đã được sử dụng');
	});

	it('forgotten and reset password through the pages', async () => {
		const { email } = await signUp();
		const since = smtp.messages.length;
		const asked = await submit('/quen-mat-khau', { email });
		expect(asked.status).toBe(200);
		expect(pageText(asked.text)).toContain(`Nếu ${email} đã có tài khoản`);
		const unknown = await submit('/quen-mat-khau', { email: freshEmail() });
		expect(unknown.status).toBe(200);
		const token = linkFrom(await smtp.next(email, since)).searchParams.get('token')!;
		const weak = await submit('/dat-lai-mat-khau', { token, newPassword: 'password1', confirmPassword: 'password1' });
		expect(weak.status).toBe(400);
		expect(weak.text).toContain('quá phổ biến');
		const newPassword = 'mật khẩu mới đủ dài';
		secrets.add(newPassword);
		const done = await submit('/dat-lai-mat-khau', { token, newPassword, confirmPassword: newPassword });
		expect(done.status).toBe(303);
		expect(done.headers.get('location')).toBe('/dang-nhap?da-dat-lai=1');
		expect((await get('/dang-nhap?da-dat-lai=1')).text).toContain('Đã đặt lại mật khẩu');
		const again = await submit('/dat-lai-mat-khau', { token, newPassword, confirmPassword: newPassword });
		expect(again.status).toBe(400);
		expect(again.text).toContain('đã được sử dụng');
		expect((await post('/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
	});

	it('refuses a cross-site form post', async () => {
		const res = await submit('/dang-nhap?/password', { email: freshEmail(), password: PASSWORD }, { origin: 'https://evil.example' });
		expect(res.status).toBe(403);
	});
});

describe('logs', () => {
	it('never contain a password, code, link token or session cookie', async () => {
		expect(secrets.size).toBeGreaterThan(10);
		const logs = server.logs.join('\n');
		expect(logs).toContain('signed in');
		expect(logs).toContain('mail sent');
		for (const secret of secrets) {
			if (/^\d{6}$/.test(secret)) {
				// A code is only a leak as a number of its own, not as six digits inside a UUID.
				expect(new RegExp(`(?<![0-9a-f])${secret}(?![0-9a-f])`).test(logs), 'a code leaked into the logs').toBe(false);
			} else {
				expect(logs.includes(secret), 'a secret leaked into the logs').toBe(false);
				expect(logs.includes(encodeURIComponent(secret))).toBe(false);
			}
		}
		// Addresses are masked.
		expect(logs).not.toMatch(/"to":"gv-[0-9a-f]{8}@/);
	});
});

describe('in production without SMTP', () => {
	let prod: TestServer;
	beforeAll(async () => {
		prod = await startServer({
			env: { ...productionEnv, NODE_ENV: 'production', SMTP_URL: undefined }
		});
	});
	afterAll(async () => {
		await prod?.stop();
	});

	it('marks the cookie Secure, hides traces, and suppresses mail without logging the code or link', async () => {
		const email = freshEmail();
		const res = await request(prod.url, '/api/auth/sign-up/email', { method: 'POST', json: { email, password: PASSWORD } });
		expect(res.status).toBe(200);
		expect(sessionCookie(res)!.attributes.has('secure')).toBe(true);
		const wrong = await request(prod.url, '/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'sai rồi đó nha' } });
		expect(wrong.body.error).toEqual({ code: 'invalid_credentials', message: 'Email hoặc mật khẩu không đúng.' });

		for (const [path, body] of [
			['/api/auth/sign-in/email-otp', { email }],
			['/api/auth/sign-in/magic-link', { email }],
			['/api/auth/forget-password', { email }]
		] as const) {
			const sent = await request(prod.url, path, { method: 'POST', json: body });
			expect(sent.status).toBe(200);
		}
		const lines = () => prod.logs.filter((l) => l.includes('mail delivery suppressed'));
		await expect.poll(() => lines().length).toBe(3);
		for (const line of lines()) {
			const entry = JSON.parse(line);
			expect(Object.keys(entry).sort()).toEqual(['kind', 'level', 'msg', 'requestId', 'time', 'to']);
			expect(entry.to).toMatch(/^g\*\*\*@truong\.edu\.vn$/);
		}
		expect(prod.logs.join('\n')).not.toMatch(/token=|\b\d{6}\b(?!-)/);
	});
});

describe('guest orders join the account', () => {
	async function guestOrder(email: string, priceVnd: string, pay: boolean) {
		const product = await sellable(server.url, { priceVnd });
		const res = await checkout(server.url, { productId: product.id, paymentMethod: 'qr_direct', guest: { email }, consent: true });
		expect(res.status, res.text).toBe(200);
		if (pay) expect((await payReference(server.url, res.body.data.paymentRef, Number(priceVnd))).body.status).toBe('matched');
		return { orderId: res.body.data.id as string, productId: product.id };
	}
	const ownerOf = async (orderId: string) => (await sql<{ user_id: string | null }>(server.url, 'SELECT user_id FROM orders WHERE id = $1', [orderId]))[0]!.user_id;
	const myOrders = async (cookie: string) => ((await get('/api/v1/checkout', { cookie })).body.data as { id: string; status: string }[]).map((o) => `${o.id}:${o.status}`).sort();
	const library = async (cookie: string) =>
		(await get(`/api/trpc/storefront.library?input=${encodeURIComponent(JSON.stringify({}))}`, { cookie })).body.result.data.items.map((i: { productId: string }) => i.productId).sort();

	it('an unproven address joins nothing; the proof (a code sign-in) joins paid and pending guest orders, and a later sign-in the newer ones', async () => {
		const email = freshEmail();
		// Typed at checkout in capitals: stored lower-case, as the account's address is.
		const paid = await guestOrder(email.toUpperCase(), '25000', true);
		const pending = await guestOrder(email, '18000', false);
		const strangers = await guestOrder(freshEmail(), '15000', true);

		// Someone registers the address with a password without proving it: nothing joins, at sign-up or sign-in.
		const claimed = await signUp(email);
		expect(await ownerOf(paid.orderId)).toBeNull();
		expect(await myOrders(claimed.cookie)).toEqual([]);
		const again = await post('/api/auth/sign-in/email', { email, password: claimed.password });
		expect(again.status, again.text).toBe(200);
		expect(await myOrders(cookieHeader(again))).toEqual([]);

		// The address's owner proves it by code: both orders are the account's, the paid one in the library.
		const code = await requestOtp(email);
		const proved = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(proved.status, proved.text).toBe(200);
		const cookie = cookieHeader(proved);
		const userId = proved.body.user.id as string;
		expect(await ownerOf(paid.orderId)).toBe(userId);
		expect(await ownerOf(pending.orderId)).toBe(userId);
		expect(await ownerOf(strangers.orderId)).toBeNull();
		expect(await myOrders(cookie)).toEqual([`${paid.orderId}:PAID`, `${pending.orderId}:PENDING`].sort());
		expect(await library(cookie)).toEqual([paid.productId]);
		const owned = await get(`/api/trpc/storefront.ownedDownload?input=${encodeURIComponent(JSON.stringify({ productId: paid.productId }))}`, { cookie });
		expect(owned.status, owned.text).toBe(200);
		const [ownership] = await sql<{ source: string; order_id: string }>(server.url, 'SELECT source, order_id FROM product_ownerships WHERE user_id = $1', [userId]);
		expect(ownership).toEqual({ source: 'purchase', order_id: paid.orderId });

		// A guest order made later with the same address joins at the next sign-in.
		const later = await guestOrder(email, '12000', true);
		expect(await ownerOf(later.orderId)).toBeNull();
		const next = await post('/api/auth/sign-in/email-otp', { email, otp: await requestOtp(email) });
		expect(next.status, next.text).toBe(200);
		expect(await ownerOf(later.orderId)).toBe(userId);
		expect(await library(cookieHeader(next))).toEqual([paid.productId, later.productId].sort());
	});
});
