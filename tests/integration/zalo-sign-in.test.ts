/**
 * Zalo sign-in (ADR 019) over real HTTP: the built server against a real
 * server shaped like Zalo's OAuth v4 and Graph API, started here
 * (tests/helpers/zalo-server.ts, reached through the tests-only
 * ZALO_OAUTH_URL / ZALO_GRAPH_URL). Zalo gives no email address: the account
 * is keyed by Zalo's user id and asks for an address before anything mails.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, sql, type JsonResponse } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { trpcMutation, trpcQuery } from '../helpers/trpc';
import { startZaloServer, type TestZaloServer, type ZaloUser } from '../helpers/zalo-server';

let server: TestServer;
let zalo: TestZaloServer;
let smtp: SmtpReceiver;

beforeAll(async () => {
	[zalo, smtp] = await Promise.all([startZaloServer(), startSmtpReceiver()]);
	server = await startServer({
		env: { SMTP_URL: smtp.url, ZALO_APP_ID: zalo.appId, ZALO_APP_SECRET: zalo.secret, ZALO_OAUTH_URL: zalo.url, ZALO_GRAPH_URL: zalo.url }
	});
});
afterAll(async () => {
	await server?.stop();
	await Promise.all([zalo?.stop(), smtp?.stop()]);
});
beforeEach(async () => {
	await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
});

let counter = 0;
const freshUser = (name = 'Cô Nguyễn Thị Lan'): ZaloUser => ({ id: `${Date.now()}${String(++counter).padStart(4, '0')}`, name });

function cookieFrom(res: JsonResponse | Response, name: string): string | undefined {
	const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
	const value = raw?.split(';')[0]!.slice(name.length + 1);
	return value ? `${name}=${value}` : undefined;
}

interface Started {
	authorize: URL;
	callback: URL;
	stateCookie: string;
}

/** Start at the app, "approve" at Zalo, and hold the redirect back without following it. */
async function startAt(opts: { callbackURL?: string } = {}): Promise<Started> {
	const start = await request<{ url: string; redirect: boolean }>(server.url, '/api/auth/sign-in/social', {
		method: 'POST',
		json: { provider: 'zalo', ...(opts.callbackURL ? { callbackURL: opts.callbackURL } : {}) }
	});
	expect(start.status, start.text).toBe(200);
	const authorize = new URL(start.body.url);
	const stateCookie = cookieFrom(start, 'auth.oauth_state')!;
	expect(stateCookie).toBeDefined();
	const atZalo = await fetch(authorize, { redirect: 'manual' });
	expect(atZalo.status).toBe(302);
	return { authorize, callback: new URL(atZalo.headers.get('location')!), stateCookie };
}

const returnTo = (callback: URL, cookie: string) => request(server.url, callback.pathname + callback.search, { headers: { cookie, accept: 'application/json' } });

async function sessionOf(res: JsonResponse) {
	const cookie = cookieFrom(res, 'auth.session_data');
	if (!cookie) return null;
	const me = await request<{ user: { id: string; email: string; emailVerified: boolean; name: string | null } } | null>(server.url, '/api/auth/session', { headers: { cookie } });
	return me.body ? { ...me.body.user, cookie } : null;
}

async function signIn(who: ZaloUser, callbackURL?: string) {
	zalo.nextUser(who);
	const { callback, stateCookie } = await startAt({ callbackURL });
	return returnTo(callback, stateCookie);
}

async function expectRefused(res: JsonResponse<any>, status: number, reason: string) {
	expect(res.status, res.text).toBe(status);
	expect(res.body.error.details.reason).toBe(reason);
	expect(cookieFrom(res, 'auth.session_data')).toBeUndefined();
}

const identitiesOf = (userId: string) =>
	sql<{ provider: string; subject: string; email: string | null }>(server.url, 'SELECT provider, subject, email FROM provider_identities WHERE user_id = $1', [userId]);

describe('Zalo OAuth v4 with PKCE', () => {
	it('sends the person to Zalo with app_id, redirect_uri, an S256 challenge and state', async () => {
		const { authorize, callback } = await startAt();
		expect(authorize.origin + authorize.pathname).toBe(`${zalo.url}/v4/permission`);
		expect(authorize.searchParams.get('app_id')).toBe(zalo.appId);
		expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/zalo`);
		expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(authorize.searchParams.get('state')).toBeTruthy();
		expect(callback.pathname).toBe('/api/auth/callback/zalo');
	});

	it('a new person lands back where they started, in a new account keyed by their Zalo id, with their Zalo name and no email', async () => {
		const who = freshUser('Thầy Phạm Văn Đức');
		const res = await signIn(who, '/san-pham/toan-6?tab=mo-ta');
		expect(res.status, res.text).toBe(303);
		expect(res.headers.get('location')).toBe('/san-pham/toan-6?tab=mo-ta');
		const me = (await sessionOf(res))!;
		expect(me).toMatchObject({ name: 'Thầy Phạm Văn Đức', emailVerified: false });
		expect(me.email).toMatch(/\.invalid$/);
		expect(await identitiesOf(me.id)).toEqual([{ provider: 'zalo', subject: who.id, email: null }]);
		const profile = await trpcQuery<{ hasEmail: boolean }>(server.url, 'account.profile', undefined, { cookie: me.cookie });
		expect(profile.data.hasEmail).toBe(false);

		// The token request was Zalo's: the secret in the header, the app id and verifier in the form.
		const sent = zalo.tokenRequests.at(-1)!;
		expect(sent.secretKey).toBe(zalo.secret);
		expect(sent.form).toMatchObject({ app_id: zalo.appId, grant_type: 'authorization_code' });
		expect(sent.form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
		expect(sent.form.client_secret).toBeUndefined();

		// Signing in again, even under a new display name, lands in the same account.
		const again = await signIn({ ...who, name: 'Đức Phạm' });
		expect(again.status, again.text).toBe(303);
		expect(again.headers.get('location')).toBe('/');
		expect((await sessionOf(again))!.id).toBe(me.id);
		const counted = await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM provider_identities WHERE provider = 'zalo' AND subject = $1", [who.id]);
		expect(counted[0]!.n).toBe(1);
	});

	it('the test server refuses a token request without a verifier or with a wrong one (so the app passing means it sent the right one)', async () => {
		zalo.nextUser(freshUser());
		const a = await startAt();
		const b = await startAt();
		const post = (form: Record<string, string>) =>
			fetch(`${zalo.url}/v4/access_token`, { method: 'POST', headers: { secret_key: zalo.secret, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }).then((r) => r.json());
		const base = { app_id: zalo.appId, grant_type: 'authorization_code' };
		expect(await post({ ...base, code: a.callback.searchParams.get('code')! })).toMatchObject({ error: -14016, error_name: 'missing_code_verifier' });
		expect(await post({ ...base, code: b.callback.searchParams.get('code')!, code_verifier: 'x'.repeat(43) })).toMatchObject({ error: -14016, error_name: 'invalid_code_verifier' });
	});
});

describe('refusals: no session is ever set', () => {
	it('a tampered state', async () => {
		zalo.nextUser(freshUser());
		const { callback, stateCookie } = await startAt();
		callback.searchParams.set('state', callback.searchParams.get('state')!.slice(0, -2) + 'xx');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'state');
	});

	it('a replayed callback finds its flow gone', async () => {
		zalo.nextUser(freshUser());
		const { callback, stateCookie } = await startAt();
		expect((await returnTo(callback, stateCookie)).status).toBe(303);
		await expectRefused(await returnTo(callback, stateCookie), 400, 'state');
	});

	it('a used code replayed into a fresh flow is refused by Zalo', async () => {
		zalo.nextUser(freshUser());
		const used = await startAt();
		expect((await returnTo(used.callback, used.stateCookie)).status).toBe(303);
		const fresh = await startAt();
		fresh.callback.searchParams.set('code', used.callback.searchParams.get('code')!);
		const before = zalo.refusals.length;
		await expectRefused(await returnTo(fresh.callback, fresh.stateCookie), 400, 'provider_response');
		expect(zalo.refusals.slice(before)).toEqual(['code_already_used']);
	});

	it("another flow's unused code is refused by Zalo: this flow's verifier does not match its challenge", async () => {
		zalo.nextUser(freshUser());
		const other = await startAt();
		const mine = await startAt();
		mine.callback.searchParams.set('code', other.callback.searchParams.get('code')!);
		const before = zalo.refusals.length;
		await expectRefused(await returnTo(mine.callback, mine.stateCookie), 400, 'provider_response');
		expect(zalo.refusals.slice(before)).toEqual(['invalid_code_verifier']);
	});

	it('a foreign callbackURL is refused before anything starts', async () => {
		for (const callbackURL of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
			const res = await request(server.url, '/api/auth/sign-in/social', { method: 'POST', json: { provider: 'zalo', callbackURL } });
			expect(res.status, callbackURL).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(cookieFrom(res, 'auth.oauth_state')).toBeUndefined();
		}
	});
});

describe('two first sign-ins of one new Zalo identity at once', () => {
	it('both end signed in to one account', async () => {
		const who = freshUser('Cô Trần Thị Hoa');
		zalo.nextUser(who);
		const a = await startAt();
		const b = await startAt();
		// Both callbacks reach the account step together: Zalo answers both profile requests only once both are waiting.
		zalo.holdProfiles(2);
		const [ra, rb] = await Promise.all([returnTo(a.callback, a.stateCookie), returnTo(b.callback, b.stateCookie)]);
		expect(ra.status, ra.text).toBe(303);
		expect(rb.status, rb.text).toBe(303);
		const [ma, mb] = [(await sessionOf(ra))!, (await sessionOf(rb))!];
		expect(ma.id).toBe(mb.id);
		const accounts = await sql<{ user_id: string }>(server.url, "SELECT user_id FROM provider_identities WHERE provider = 'zalo' AND subject = $1", [who.id]);
		expect(accounts).toEqual([{ user_id: ma.id }]);
		// The loser's account row was rolled back with its identity: nothing named after her is left over.
		const named = await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM users WHERE name = 'Cô Trần Thị Hoa'");
		expect(named[0]!.n).toBe(1);
	});
});

describe('an account without an email address', () => {
	const application = { displayName: 'Cô Lan dạy Toán', bio: '', bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN' };

	async function codeFor(email: string, since: number) {
		return /\b(\d{6})\b/.exec((await smtp.next(email, since)).text)![1]!;
	}

	it('is asked for an address before the author application (which mails), proves it by code, and keeps signing in with Zalo', async () => {
		const who = freshUser();
		const me = (await sessionOf(await signIn(who)))!;
		const auth = { cookie: me.cookie };

		const refused = await trpcMutation(server.url, 'studio.applyAsAuthor', application, auth);
		expect(refused.status).toBe(409);
		expect(refused.error?.data?.details ?? refused.error?.data).toMatchObject({ reason: 'email_required', returnTo: '/tai-khoan#them-email' });

		// Asking for help is answered by mail too.
		const ticket = await trpcMutation(server.url, 'support.create', { subject: 'Không tải được', message: 'Tôi không tải được giáo án đã mua.' }, auth);
		expect(ticket.status).toBe(409);
		expect(JSON.stringify(ticket.error)).toContain('email_required');

		// The account page offers the step, and its two forms do it.
		const page = await request(server.url, '/tai-khoan', { headers: { ...auth, accept: 'text/html' } });
		expect(page.text).toContain('Thêm địa chỉ email');
		expect(page.text).toContain('Tài khoản chưa có địa chỉ email');
		const post = (action: string, fields: Record<string, string>) =>
			request<any>(server.url, `/tai-khoan?/${action}`, {
				method: 'POST',
				body: new URLSearchParams(fields).toString(),
				headers: { ...auth, origin: server.url, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-sveltekit-action': 'true' }
			});
		const email = `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;
		const since = smtp.messages.length;
		const sent = await post('addEmailSend', { email });
		expect(sent.body.type, sent.text).toBe('success');
		expect(sent.text).toContain('Đã gửi mã xác nhận');
		const mail = await smtp.next(email, since);
		expect(mail.subject).toContain('Mã xác nhận email hoclieu');
		const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

		const wrong = await post('addEmailConfirm', { email, otp: code === '000000' ? '111111' : '000000' });
		expect(wrong.body.type).toBe('failure');
		expect(wrong.text).toContain('Mã xác nhận không đúng. Bạn còn 4 lần thử.');
		expect((await trpcQuery<{ hasEmail: boolean }>(server.url, 'account.profile', undefined, auth)).data.hasEmail).toBe(false);

		const confirmed = await post('addEmailConfirm', { email, otp: code });
		expect(confirmed.body.type, confirmed.text).toBe('success');
		expect(confirmed.text).toContain(`Đã thêm email ${email}`);
		const profile = await trpcQuery<{ hasEmail: boolean; email: string }>(server.url, 'account.profile', undefined, auth);
		expect(profile.data).toMatchObject({ hasEmail: true, email });
		const session = await request<{ user: { email: string; emailVerified: boolean } }>(server.url, '/api/auth/session', { headers: auth });
		expect(session.body.user).toMatchObject({ email, emailVerified: true });

		// Now the application goes through, and Zalo still signs in to this account.
		expect((await trpcMutation(server.url, 'studio.applyAsAuthor', application, auth)).status).toBe(200);
		expect((await sessionOf(await signIn(who)))!.id).toBe(me.id);
		// The same code cannot be used again.
		expect((await trpcMutation(server.url, 'account.addEmailConfirm', { email, otp: code }, auth)).status).toBe(409);
	});

	it("an address that is another account's is not taken over: the code proves it, then the person is told to sign in with it", async () => {
		const owner = `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;
		expect((await request(server.url, '/api/auth/sign-up/email', { method: 'POST', json: { email: owner, password: 'mot-cum-tu-that-dai' } })).status).toBe(200);
		const me = (await sessionOf(await signIn(freshUser())))!;
		const since = smtp.messages.length;
		expect((await trpcMutation(server.url, 'account.addEmailSend', { email: owner }, { cookie: me.cookie })).status).toBe(200);
		const code = await codeFor(owner, since);
		const res = await trpcMutation(server.url, 'account.addEmailConfirm', { email: owner, otp: code }, { cookie: me.cookie });
		expect(res.status).toBe(409);
		expect(JSON.stringify(res.error)).toContain('email_taken');
		expect((await trpcQuery<{ hasEmail: boolean }>(server.url, 'account.profile', undefined, { cookie: me.cookie })).data.hasEmail).toBe(false);
	});

	it('an account that has an address cannot use the add-address step', async () => {
		const email = `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;
		const up = await request(server.url, '/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'mot-cum-tu-that-dai' } });
		const cookie = cookieFrom(up, 'auth.session_data')!;
		const res = await trpcMutation(server.url, 'account.addEmailSend', { email: `khac-${email}` }, { cookie });
		expect(res.status).toBe(409);
		expect(JSON.stringify(res.error)).toContain('email_present');
	});

	it('lists Zalo, and only the enabled providers, everywhere they are listed', async () => {
		const prm = await request<{ social_sign_in_providers: string[] }>(server.url, '/.well-known/oauth-protected-resource');
		expect(prm.body.social_sign_in_providers).toEqual(['zalo']);
		const authMd = await request(server.url, '/auth.md');
		expect(authMd.text).toContain('enabled providers are `zalo` (Zalo).');
		expect(authMd.text).toContain('Zalo gives no email address');
		expect(authMd.text).not.toContain('`google`');
		expect((await request(server.url, '/llms.txt')).text).toContain('enabled providers are `zalo` (Zalo).');
		const hub = await request(server.url, '/developers', { headers: { accept: 'text/html' } });
		expect(hub.text.replace(/<!--.*?-->/gs, '').replace(/<[^>]+>/g, '')).toContain('zalo (Zalo).');
		const page = await request(server.url, '/dang-nhap', { headers: { accept: 'text/html' } });
		expect(page.text).toContain('/dang-nhap/voi/zalo');
		expect(page.text).not.toContain('/dang-nhap/voi/google');
	});
});
