/**
 * Verifying the account's own address without traps (README "Sign-up and verification"):
 * the sign-up mail's code and link keep the password, "Gửi lại mã xác minh" is limited like
 * every code mail, the pre-registration defence drops a password only for an address nobody
 * had proven (and says so on screen and by mail), the expired download link page signs in by
 * a code to the order's address and lands on the order, and sign-in entries come back to the
 * page they were on. Mail goes over real SMTP to the receiver in tests/helpers/smtp.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessCookie, checkout, getOrder, sellable, tokenOf } from '../helpers/checkout';
import { advanceClock, clearOfWindowEdge, QUARTER_HOUR_WINDOW, request, sql, type JsonResponse } from '../helpers/http';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'hoclieu <no-reply@test.hoclieu.vn>' } });
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

const PASSWORD = 'Lớp học mùa thu 2025';
const freshEmail = () => `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;

const post = (path: string, json: unknown, headers: Record<string, string> = {}) => request(server.url, path, { method: 'POST', json, headers });
const get = (path: string, headers: Record<string, string> = {}) => request(server.url, path, { headers });
/** A plain (no-JavaScript) browser form post: the answer is the page, or a redirect. */
const submit = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
	request(server.url, path, { method: 'POST', body: new URLSearchParams(fields), headers: { accept: 'text/html', ...headers } });

function cookieOf(res: JsonResponse): string {
	const raw = res.headers.getSetCookie().find((c) => c.startsWith('auth.session_data=') && !/max-age=0/i.test(c));
	if (!raw) throw new Error(`no session cookie in ${res.status} ${res.text}`);
	return raw.split(';')[0]!;
}

const codeFrom = (mail: ReceivedMail) => /\b(\d{6})\b/.exec(mail.text)![1]!;
const linkFrom = (mail: ReceivedMail) => new URL(/(https?:\/\/\S*verify-email\S*)/.exec(mail.text)![1]!);
const pageText = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
const whoami = async (cookie: string) => (await get('/api/auth/session', { cookie })).body as { user: { emailVerified: boolean; id: string } } | null;
const passwordWorks = async (email: string) => (await post('/api/auth/sign-in/email', { email, password: PASSWORD })).status === 200;
const mailsOfKind = (to: string, subject: RegExp) => smtp.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));

/** Signs up with a password; the verification mail is on its way when sign-up answers. */
async function signUp(email = freshEmail(), body: Record<string, unknown> = {}) {
	const since = smtp.messages.length;
	const res = await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Cô Hoa', ...body });
	expect(res.status, res.text).toBe(200);
	const mail = await smtp.next(email, since);
	return { email, cookie: cookieOf(res), mail, userId: res.body.user.id as string };
}

describe('the sign-up verification mail', () => {
	it('carries a code and a link, in Vietnamese', async () => {
		const { mail } = await signUp(freshEmail(), { callbackURL: '/tac-gia/dang-ky' });
		expect(mail.subject).toMatch(/^Mã xác minh email hoclieu: \d{6}$/);
		expect(mail.text).toContain('Mã xác minh email hoclieu của bạn là:');
		const link = linkFrom(mail);
		expect(link.pathname).toBe('/api/auth/verify-email');
		expect(link.searchParams.get('callbackURL')).toBe('/tac-gia/dang-ky');
		expect(mail.html).toContain('Xác minh email');
	});

	it('verified by code from the account\'s own session: the password and the session stay', async () => {
		const { email, cookie, mail } = await signUp();
		expect((await whoami(cookie))!.user.emailVerified).toBe(false);
		const wrong = await post('/api/auth/email-otp/verify-email', { otp: codeFrom(mail) === '000000' ? '111111' : '000000' }, { cookie });
		expect(wrong.status).toBe(400);
		expect(wrong.body.error).toMatchObject({ code: 'invalid_otp', details: { attemptsLeft: 4 } });
		const ok = await post('/api/auth/email-otp/verify-email', { otp: codeFrom(mail) }, { cookie });
		expect(ok.status, ok.text).toBe(200);
		expect(ok.body.user.emailVerified).toBe(true);
		expect((await whoami(cookie))!.user.emailVerified).toBe(true);
		expect(await passwordWorks(email)).toBe(true);
		// Nothing was taken away, so no "your password was removed" mail.
		expect(mailsOfKind(email, /gỡ bỏ/)).toHaveLength(0);
		// The code is spent with the proof; a second verification of a proven address is harmless.
		const again = await post('/api/auth/email-otp/verify-email', { otp: codeFrom(mail) }, { cookie });
		expect(again.status).toBe(200);
	});

	it('needs a session: 401 without one', async () => {
		const res = await post('/api/auth/email-otp/verify-email', { otp: '123456' });
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe('unauthenticated');
		expect((await post('/api/auth/send-verification-email', {})).status).toBe(401);
	});

	it('verified by the link in the account\'s session: lands on the callback, password kept', async () => {
		const { email, cookie, mail } = await signUp(freshEmail(), { callbackURL: '/tac-gia/dang-ky' });
		const link = linkFrom(mail);
		const res = await get(link.pathname + link.search, { cookie, accept: 'text/html' });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/tac-gia/dang-ky?da-xac-minh=1');
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect((await whoami(cookie))!.user.emailVerified).toBe(true);
		expect(await passwordWorks(email)).toBe(true);
		// Spent with the proof: opening it again, already verified, just lands again.
		const again = await get(link.pathname + link.search, { cookie, accept: 'text/html' });
		expect(again.status).toBe(303);
	});

	it('opened signed out, the link is not spent: sign in with the password, come back, verified, password kept', async () => {
		const { email, mail } = await signUp();
		const link = linkFrom(mail);
		const out = await get(link.pathname + link.search, { accept: 'text/html' });
		expect(out.status).toBe(303);
		const signInPage = new URL(out.headers.get('location')!, server.url);
		expect(signInPage.pathname).toBe('/dang-nhap');
		expect(signInPage.searchParams.get('xac-minh')).toBe('1');
		const returnTo = signInPage.searchParams.get('returnTo')!;
		expect(returnTo).toBe(link.pathname + link.search);
		const page = await get(signInPage.pathname + signInPage.search);
		expect(pageText(page.text)).toContain('Đăng nhập để hoàn tất xác minh email; mật khẩu của bạn được giữ nguyên.');

		const signedIn = await submit('/dang-nhap?/password', { email, password: PASSWORD, returnTo });
		expect(signedIn.status).toBe(303);
		expect(signedIn.headers.get('location')).toBe(returnTo);
		const cookie = cookieOf(signedIn);
		const back = await get(returnTo, { cookie, accept: 'text/html' });
		expect(back.status).toBe(303);
		expect(back.headers.get('location')).toBe('/tai-khoan?da-xac-minh=1');
		expect((await whoami(cookie))!.user.emailVerified).toBe(true);
		expect(await passwordWorks(email)).toBe(true);
		const account = await get('/tai-khoan?da-xac-minh=1', { cookie });
		expect(pageText(account.text)).toContain(`Đã xác minh email ${email}. Mật khẩu và các thiết bị đăng nhập của bạn được giữ nguyên.`);
	});

	it('opened in another account\'s session: refused with the reason, nothing changes', async () => {
		const { mail, userId } = await signUp();
		const other = await signUp();
		const link = linkFrom(mail);
		const api = await get(link.pathname + link.search, { cookie: other.cookie });
		expect(api.status).toBe(403);
		expect(api.body.error).toMatchObject({ code: 'forbidden', details: { reason: 'other_account' } });
		const browser = await get(link.pathname + link.search, { cookie: other.cookie, accept: 'text/html' });
		expect(browser.status).toBe(303);
		const location = browser.headers.get('location')!;
		expect(location).toBe('/tai-khoan?xac-minh-loi=forbidden&ly-do=other_account#xac-minh');
		expect(pageText((await get(location, { cookie: other.cookie })).text)).toContain('Liên kết xác minh đó dành cho một tài khoản khác.');
		const [row] = await sql<{ verified: boolean }>(server.url, 'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [userId]);
		expect(row!.verified).toBe(false);
	});

	it('"Gửi lại mã xác minh" sends a new code (the old one stops working), limited like every code mail', async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		const { email, cookie, mail } = await signUp();
		const first = codeFrom(mail);
		const since = smtp.messages.length;
		const res = await post('/api/auth/send-verification-email', { callbackURL: '/tai-khoan' }, { cookie });
		expect(res.status, res.text).toBe(200);
		expect(res.body).toEqual({ status: true });
		const second = codeFrom(await smtp.next(email, since));
		if (first !== second) {
			const stale = await post('/api/auth/email-otp/verify-email', { otp: first }, { cookie });
			expect(stale.status).toBe(400);
		}
		// The sign-up mail spent nothing; the one above and four more fit the per-address mail budget
		// (AUTH_MAIL_PER_EMAIL, 5), shared with sign-in codes and links: the next is 429.
		for (let i = 0; i < 3; i++) expect((await post('/api/auth/send-verification-email', {}, { cookie })).status).toBe(200);
		expect((await post('/api/auth/sign-in/email-otp', { email })).status).toBe(200);
		const limited = await post('/api/auth/send-verification-email', {}, { cookie });
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
		expect((await post('/api/auth/sign-in/email-otp', { email })).status).toBe(429);
	});

	it('an address already proven answers 409 conflict', async () => {
		const { cookie, mail } = await signUp();
		expect((await post('/api/auth/email-otp/verify-email', { otp: codeFrom(mail) }, { cookie })).status).toBe(200);
		const res = await post('/api/auth/send-verification-email', {}, { cookie });
		expect(res.status).toBe(409);
		expect(res.body.error).toMatchObject({ code: 'conflict', details: { reason: 'already_verified' } });
	});
});

describe('pages that need a proven address', () => {
	it('the author application offers "Gửi lại mã xác minh" and the code field in place; the code there keeps the password', async () => {
		const { email, cookie } = await signUp();
		const page = await get('/tac-gia/dang-ky', { cookie });
		const text = pageText(page.text);
		expect(text).toContain('Bạn cần xác minh địa chỉ email trước khi đăng ký bán học liệu');
		expect(text).toContain('Gửi lại mã xác minh');
		expect(page.text).toContain('autocomplete="one-time-code"');

		const since = smtp.messages.length;
		const sent = await submit('/tac-gia/dang-ky?/sendVerification', {}, { cookie });
		expect(sent.status).toBe(200);
		expect(pageText(sent.text)).toContain(`Đã gửi mã 6 chữ số và liên kết xác minh tới ${email}`);
		const mail = await smtp.next(email, since);
		// The link lands back on the page the person asked from.
		expect(linkFrom(mail).searchParams.get('callbackURL')).toBe('/tac-gia/dang-ky');

		const wrong = await submit('/tac-gia/dang-ky?/verifyEmail', { otp: '12ab' }, { cookie });
		expect(wrong.status).toBe(400);
		expect(pageText(wrong.text)).toContain('Mã xác nhận gồm 6 chữ số.');
		const ok = await submit('/tac-gia/dang-ky?/verifyEmail', { otp: codeFrom(mail) }, { cookie });
		expect(ok.status).toBe(200);
		expect(pageText(ok.text)).toContain(`Đã xác minh email ${email}.`);
		expect(await passwordWorks(email)).toBe(true);

		const applied = await submit(
			'/tac-gia/dang-ky?/apply',
			{ displayName: 'Cô Hoa', bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI HOA' },
			{ cookie }
		);
		expect(applied.status).toBe(303);
	});

	it('the account page shows the same section while the address is unproven, and not after', async () => {
		const { cookie, mail } = await signUp();
		expect(pageText((await get('/tai-khoan', { cookie })).text)).toContain('Gửi lại mã xác minh');
		const ok = await submit('/tai-khoan?/verifyEmail', { otp: codeFrom(mail) }, { cookie });
		expect(ok.status).toBe(200);
		expect(pageText((await get('/tai-khoan', { cookie })).text)).not.toContain('Gửi lại mã xác minh');
	});
});

describe('the pre-registration defence', () => {
	it('drops the password of an address nobody proved, tells the owner by mail and on screen', async () => {
		// Someone registers the owner's address with a password they chose, without proving it.
		const claimant = await signUp();
		const email = claimant.email;
		// The owner signs in by an emailed code through the sign-in page, coming from a product page.
		const since = smtp.messages.length;
		expect((await submit('/dang-nhap?cach=ma&/sendCode', { email, returnTo: '/am-nhac' })).status).toBe(200);
		const code = codeFrom(await smtp.next(email, since));
		const mailsBefore = smtp.messages.length;
		const res = await submit('/dang-nhap?cach=ma&/verifyCode', { email, otp: code, step: 'verify', returnTo: '/am-nhac' });
		expect(res.status).toBe(303);
		const location = res.headers.get('location')!;
		expect(location).toBe('/tai-khoan?mat-khau-da-go=1&tiep=%2Fam-nhac#mat-khau');
		const cookie = cookieOf(res);

		const notice = pageText((await get(location, { cookie })).text);
		expect(notice).toContain('Mật khẩu cũ của tài khoản này đã được gỡ bỏ.');
		expect(notice).toContain('đã được đăng ký kèm một mật khẩu nhưng chưa từng xác minh email');
		expect(notice).toContain('Tiếp tục đến trang bạn đang xem');
		expect(notice).toContain('Đặt mật khẩu');

		const told = await smtp.waitFor((m) => smtp.messages.indexOf(m) >= mailsBefore && m.to.includes(email) && /gỡ bỏ/.test(m.subject));
		expect(told.subject).toBe('Mật khẩu tài khoản hoclieu của bạn đã được gỡ bỏ');
		expect(told.text).toContain('chưa từng được xác minh');
		expect(told.text).toContain(`${server.url}/tai-khoan#mat-khau`);
		expect(told.text).toContain(`${server.url}/quen-mat-khau`);

		// The claimant's password and session are gone; the owner's session works.
		expect(await whoami(claimant.cookie)).toBeNull();
		expect(await passwordWorks(email)).toBe(false);
		expect((await whoami(cookie))!.user.emailVerified).toBe(true);
	});

	it('answers passwordRemoved on the JSON sign-in too', async () => {
		const { email } = await signUp();
		const since = smtp.messages.length;
		expect((await post('/api/auth/sign-in/email-otp', { email })).status).toBe(200);
		const code = codeFrom(await smtp.next(email, since));
		const res = await post('/api/auth/sign-in/email-otp', { email, otp: code });
		expect(res.status).toBe(200);
		expect(res.body.passwordRemoved).toBe(true);
	});

	it('leaves a proven address\'s password alone, and a code entered in the account\'s own session too', async () => {
		// Proven first (by the sign-up code), then a sign-in by code elsewhere: nothing is dropped.
		const proven = await signUp();
		expect((await post('/api/auth/email-otp/verify-email', { otp: codeFrom(proven.mail) }, { cookie: proven.cookie })).status).toBe(200);
		let since = smtp.messages.length;
		expect((await post('/api/auth/sign-in/email-otp', { email: proven.email })).status).toBe(200);
		let res = await post('/api/auth/sign-in/email-otp', { email: proven.email, otp: codeFrom(await smtp.next(proven.email, since)) });
		expect(res.status).toBe(200);
		expect(res.body.passwordRemoved).toBeUndefined();
		expect(await passwordWorks(proven.email)).toBe(true);

		// Unproven, but the sign-in code is entered from the account's own session: the password stays.
		const own = await signUp();
		since = smtp.messages.length;
		expect((await post('/api/auth/sign-in/email-otp', { email: own.email }, { cookie: own.cookie })).status).toBe(200);
		res = await post('/api/auth/sign-in/email-otp', { email: own.email, otp: codeFrom(await smtp.next(own.email, since)) }, { cookie: own.cookie });
		expect(res.status).toBe(200);
		expect(res.body.passwordRemoved).toBeUndefined();
		expect(res.body.user.emailVerified).toBe(true);
		expect(await passwordWorks(own.email)).toBe(true);
		expect(mailsOfKind(proven.email, /gỡ bỏ/)).toHaveLength(0);
		expect(mailsOfKind(own.email, /gỡ bỏ/)).toHaveLength(0);
	});
});

describe('the expired download link page', () => {
	it('"Gửi mã đến email này" signs the buyer in by a code to the order\'s address and lands on the order, which joined the account', async () => {
		const email = freshEmail();
		const product = await sellable(server.url, { priceVnd: '21000' });
		const created = await checkout(server.url, { productId: product.id, paymentMethod: 'qr_direct', guest: { email }, consent: true });
		expect(created.status, created.text).toBe(200);
		const orderId = created.body.data.id as string;
		expect((await payReference(server.url, created.body.data.paymentRef, 21000)).body.status).toBe('matched');
		const paid = await getOrder(server.url, orderId, accessCookie(created));
		const token = tokenOf(paid.body.data.downloadUrl);

		// The link expires (DOWNLOAD_TOKEN_TTL_HOURS, 72 h).
		await advanceClock(server.url, 73 * 3_600_000);
		expect((await post('/api/v1/downloads/by-token', { token })).status).toBe(403);
		const page = `/tai-ve?token=${encodeURIComponent(token)}`;
		const shown = await get(page);
		expect(shown.status).toBe(200);

		const since = smtp.messages.length;
		const sent = await submit(`${page}&/sendCode`, { token });
		expect(sent.status).toBe(200);
		const masked = `${email[0]}***@truong.edu.vn`;
		const text = pageText(sent.text);
		expect(text).toContain(`Đã gửi mã 6 chữ số tới ${masked}`);
		expect(text).not.toContain(email);
		expect(sent.text).toContain('autocomplete="one-time-code"');
		const code = codeFrom(await smtp.next(email, since));

		const wrong = await submit(`${page}&/verifyCode`, { token, otp: code === '000000' ? '111111' : '000000', step: 'verify' });
		expect(wrong.status).toBe(400);
		expect(pageText(wrong.text)).toContain('Bạn còn 4 lần thử.');
		const ok = await submit(`${page}&/verifyCode`, { token, otp: code, step: 'verify' });
		expect(ok.status).toBe(303);
		expect(ok.headers.get('location')).toBe(`/thanh-toan/${orderId}`);
		const cookie = cookieOf(ok);
		const order = await getOrder(server.url, orderId, cookie);
		expect(order.status).toBe(200);
		expect(order.body.data.status).toBe('PAID');
		const [row] = await sql<{ user_id: string }>(server.url, 'SELECT user_id::text FROM orders WHERE id = $1', [orderId]);
		expect(row!.user_id).toBe((await whoami(cookie))!.user.id);
		const orderPage = await get(`/thanh-toan/${orderId}`, { cookie });
		expect(orderPage.status).toBe(200);
	});

	it('refuses a forged token, and limits the codes like every sign-in code', async () => {
		const forged = await submit('/tai-ve?token=abc.def&/sendCode', { token: 'abc.def' });
		expect(forged.status).toBe(404);
		expect(pageText(forged.text)).toContain('Liên kết này không gắn với địa chỉ email nào còn dùng được.');
		const email = freshEmail();
		const product = await sellable(server.url, { priceVnd: '19000' });
		const created = await checkout(server.url, { productId: product.id, paymentMethod: 'qr_direct', guest: { email }, consent: true });
		expect((await payReference(server.url, created.body.data.paymentRef, 19000)).body.status).toBe('matched');
		const token = tokenOf((await getOrder(server.url, created.body.data.id, accessCookie(created))).body.data.downloadUrl);
		const page = `/tai-ve?token=${encodeURIComponent(token)}`;
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		for (let i = 0; i < 5; i++) expect((await submit(`${page}&/sendCode`, { token })).status).toBe(200);
		const limited = await submit(`${page}&/sendCode`, { token });
		expect(limited.status).toBe(429);
		expect(pageText(limited.text)).toMatch(/thử lại|quá nhiều/);
	});
});

describe('return paths', () => {
	it('every sign-in entry of a product page, the music page and "Hỏi tác giả" come back to where they were', async () => {
		const product = await sellable(server.url, { priceVnd: '30000' });
		const [row] = await sql<{ full_path: string }>(
			server.url,
			`SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`,
			[product.id]
		);
		const path = `/san-pham/${row!.full_path}`;
		const html = (await get(path)).text;
		const back = encodeURIComponent(path);
		// The buy box, the wishlist toggle and the review entry.
		expect(html).toContain(`href="/dang-nhap?returnTo=${back}"`);
		expect(html).toContain(`href="/dang-nhap?returnTo=${encodeURIComponent(`${path}#reviews-title`)}"`);
		const music = (await get('/am-nhac?q=h%C3%A1t')).text;
		expect(music).toContain(`/dang-nhap?returnTo=${encodeURIComponent('/am-nhac?q=h%C3%A1t')}`);
		const ask = await get(`/tin-nhan/hoi?sp=${product.id}`, { accept: 'text/html' });
		expect(ask.status).toBe(303);
		expect(ask.headers.get('location')).toBe(`/dang-nhap?returnTo=${encodeURIComponent(`/tin-nhan/hoi?sp=${product.id}`)}`);
	});

	it('signed-in visitors of /dang-nhap and /dang-ky go on to their returnTo, same-origin only', async () => {
		const { cookie } = await signUp();
		for (const page of ['/dang-nhap', '/dang-ky']) {
			const ok = await get(`${page}?returnTo=${encodeURIComponent('/yeu-thich?x=1')}`, { cookie, accept: 'text/html' });
			expect(ok.status, page).toBe(303);
			expect(ok.headers.get('location')).toBe('/yeu-thich?x=1');
			for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
				const res = await get(`${page}?returnTo=${encodeURIComponent(evil)}`, { cookie, accept: 'text/html' });
				expect(res.status).toBe(303);
				expect(res.headers.get('location')).toBe('/');
			}
		}
	});
});
