/**
 * Auth limits behind one shared IP (a school or a carrier's NAT) and the
 * enumeration answers of ADR 005, over real HTTP against the built server,
 * with mail delivered over real SMTP.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, HOUR_WINDOW, QUARTER_HOUR_WINDOW, request, sql } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;

const PER_IP = 20;
const TAKEN_PER_IP = 3;
const PASSWORD = 'Lớp học mùa thu 2025';

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({
		env: {
			SMTP_URL: smtp.url,
			MAIL_FROM: 'hoclieu <no-reply@test.hoclieu.vn>',
			// Each test acts from its own client IP through X-Forwarded-For.
			TRUST_PROXY: 'true',
			// Small backstops (defaults 300 and 10) so the tests reach them quickly.
			AUTH_RATE_PER_IP: String(PER_IP),
			SIGNUP_TAKEN_PER_IP: String(TAKEN_PER_IP)
		}
	});
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});

const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const freshEmail = () => `hs-${randomUUID().slice(0, 8)}@truong.edu.vn`;
const post = (path: string, json: unknown, ip: string) => request(server.url, path, { method: 'POST', json, headers: { 'x-forwarded-for': ip } });

async function registered(): Promise<string> {
	const email = freshEmail();
	const res = await post('/api/auth/sign-up/email', { email, password: PASSWORD }, freshIp());
	expect(res.status, res.text).toBe(200);
	return email;
}

describe('sign-in behind a shared IP', () => {
	it("one address's failed burst never blocks other addresses from that IP; the per-IP backstop still trips", async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		const ip = freshIp();
		const lan = await registered();
		const minh = await registered();
		// A script hammers Lan's address from the school's IP: 10 tries, then 429 for Lan only.
		for (let i = 0; i < 10; i++) expect((await post('/api/auth/sign-in/email', { email: lan, password: `đoán ${i}` }, ip)).status).toBe(401);
		for (let i = 0; i < 15; i++) {
			const res = await post('/api/auth/sign-in/email', { email: lan, password: `đoán thêm ${i}` }, ip);
			expect(res.status).toBe(429);
			expect(res.headers.get('ratelimit-limit')).toBe('10');
		}
		// 25 attempts from the IP, yet Minh, on the same IP, signs in: the refused ones spent nothing of the IP's budget.
		const ok = await post('/api/auth/sign-in/email', { email: minh, password: PASSWORD }, ip);
		expect(ok.status, ok.text).toBe(200);
		expect(ok.headers.get('ratelimit-remaining')).toBe('9'); // Minh's own budget is the tightest
		// Spraying many addresses from the IP reaches the backstop: 10 (Lan) + 1 (Minh) + 9 = 20.
		for (let i = 0; i < PER_IP - 11; i++) expect((await post('/api/auth/sign-in/email', { email: freshEmail(), password: 'không có' }, ip)).status).toBe(401);
		const blocked = await post('/api/auth/sign-in/email', { email: freshEmail(), password: 'không có' }, ip);
		expect(blocked.status).toBe(429);
		expect(blocked.body.error.code).toBe('rate_limited');
		expect(blocked.headers.get('ratelimit-limit')).toBe(String(PER_IP));
		expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});

describe('sign-up with a registered address (ADR 005)', () => {
	it('answers 409 within the per-IP budget and mails the owner; after it every sign-up from that IP gets 429', async () => {
		await clearOfWindowEdge(server.url, HOUR_WINDOW);
		const ip = freshIp();
		const owner = await registered();
		for (let i = 0; i < TAKEN_PER_IP; i++) {
			const taken = await post('/api/auth/sign-up/email', { email: owner, password: PASSWORD }, ip);
			expect(taken.status).toBe(409);
			expect(taken.body.error.code).toBe('email_taken');
		}
		const notice = await smtp.waitFor((m) => m.to.includes(owner) && m.subject.includes('thử đăng ký'), 15_000);
		expect(notice.text).toContain('không có tài khoản nào được tạo');

		// Budget used up: a taken address and a NEW one now get the same answer.
		const takenAgain = await post('/api/auth/sign-up/email', { email: owner, password: PASSWORD }, ip);
		const newcomer = freshEmail();
		const fresh = await post('/api/auth/sign-up/email', { email: newcomer, password: PASSWORD }, ip);
		for (const res of [takenAgain, fresh]) {
			expect(res.status).toBe(429);
			expect(res.body.error.code).toBe('rate_limited');
			expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
			expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
		}
		expect(fresh.headers.get('set-cookie')).toBeNull();
		expect(await sql(server.url, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [newcomer])).toEqual([{ n: 0 }]);
		// Another IP is not affected.
		expect((await post('/api/auth/sign-up/email', { email: newcomer, password: PASSWORD }, freshIp())).status).toBe(200);
	});
});

describe('forget-password', () => {
	it('answers known and unknown addresses identically, before a slow mail server answers, and the mail still arrives', async () => {
		const known = await registered();
		const unknown = freshEmail();
		const DELAY_MS = 5_000;
		smtp.delay(DELAY_MS);
		try {
			const since = smtp.messages.length;
			const started = Date.now();
			const a = await post('/api/auth/forget-password', { email: known }, freshIp());
			const knownMs = Date.now() - started;
			const b = await post('/api/auth/forget-password', { email: unknown }, freshIp());
			const bothMs = Date.now() - started;
			console.log(`forget-password: known ${knownMs} ms, both ${bothMs} ms, mail server delay ${DELAY_MS} ms`);
			// Generous: the answers need no mail at all, so even a loaded machine stays far below the delay.
			expect(bothMs).toBeLessThan(DELAY_MS / 2);
			expect(a.status).toBe(200);
			expect(b.status).toBe(a.status);
			expect(b.text).toBe(a.text);
			expect(smtp.messages.length).toBe(since);
			const mail = await smtp.waitFor((m) => m.to.includes(known) && m.subject.includes('Đặt lại mật khẩu'), DELAY_MS + 10_000);
			expect(mail.text).toContain('token=');
			expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
			expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
		} finally {
			smtp.delay(0);
		}
	});
});
