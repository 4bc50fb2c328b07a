/**
 * Social sign-in (ADR 019) over real HTTP: the built server against two real
 * OpenID Connect servers started here (one as `google` through GOOGLE_ISSUER,
 * one as the generic `oidc` provider found by discovery). The browser's part
 * is played step by step: start, follow the provider's redirect, return to
 * the callback with the state cookie.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, sql, type JsonResponse } from '../helpers/http';
import { startOidcServer, type TestOidcServer } from '../helpers/oidc-server';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { trpcMutation, trpcQuery } from '../helpers/trpc';

let server: TestServer;
let google: TestOidcServer;
let school: TestOidcServer;
let smtp: SmtpReceiver;

beforeAll(async () => {
	[google, school, smtp] = await Promise.all([startOidcServer(), startOidcServer(), startSmtpReceiver()]);
	server = await startServer({
		env: {
			SMTP_URL: smtp.url,
			GOOGLE_CLIENT_ID: 'hoclieu-google-client',
			GOOGLE_CLIENT_SECRET: 'google-secret',
			GOOGLE_ISSUER: google.issuer,
			OIDC_ISSUER: school.issuer,
			OIDC_CLIENT_ID: 'hoclieu-school-client',
			OIDC_CLIENT_SECRET: 'school-secret',
			OIDC_LABEL: 'Tài khoản Sở GD&ĐT'
		}
	});
});
afterAll(async () => {
	await server?.stop();
	await Promise.all([google?.stop(), school?.stop(), smtp?.stop()]);
});
beforeEach(async () => {
	await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
});

type Provider = 'google' | 'oidc';
const freshEmail = () => `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;
const freshSub = () => `sub-${randomUUID()}`;

function cookieFrom(res: JsonResponse | Response, name: string): string | undefined {
	const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
	const value = raw?.split(';')[0]!.slice(name.length + 1);
	return value ? `${name}=${value}` : undefined;
}

interface Started {
	/** The provider's redirect back to the app (absolute URL with code and state). */
	callback: URL;
	/** `auth.oauth_state=…` as the browser would send it to the callback. */
	stateCookie: string;
}

/** The browser's first two steps: ask the app to start, let the provider redirect back. */
async function startAt(provider: Provider, opts: { callbackURL?: string; cookie?: string } = {}): Promise<Started> {
	const start = await request<{ url: string; redirect: boolean }>(server.url, '/api/auth/sign-in/social', {
		method: 'POST',
		json: { provider, ...(opts.callbackURL ? { callbackURL: opts.callbackURL } : {}) },
		headers: opts.cookie ? { cookie: opts.cookie } : {}
	});
	expect(start.status, start.text).toBe(200);
	return follow(start.body.url, start);
}

async function follow(url: string, start: JsonResponse): Promise<Started> {
	const authorize = new URL(url);
	expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
	expect(authorize.searchParams.get('nonce')).toBeTruthy();
	const stateCookie = cookieFrom(start, 'auth.oauth_state');
	expect(stateCookie).toBeDefined();
	const atProvider = await fetch(authorize, { redirect: 'manual' });
	expect(atProvider.status).toBe(302);
	return { callback: new URL(atProvider.headers.get('location')!), stateCookie: stateCookie! };
}

async function returnTo(callback: URL, cookie: string, accept = 'application/json') {
	return request(server.url, callback.pathname + callback.search, { headers: { cookie, accept } });
}

async function sessionOf(res: JsonResponse) {
	const cookie = cookieFrom(res, 'auth.session_data');
	if (!cookie) return null;
	const me = await request<{ user: { id: string; email: string; emailVerified: boolean } } | null>(server.url, '/api/auth/session', { headers: { cookie } });
	return me.body ? { ...me.body.user, cookie } : null;
}

async function signInWith(provider: Provider, who: { sub: string; email?: string; email_verified?: boolean; name?: string }, callbackURL?: string) {
	(provider === 'google' ? google : school).nextUser(who);
	const { callback, stateCookie } = await startAt(provider, { callbackURL });
	return returnTo(callback, stateCookie);
}

async function identities(userId: string) {
	return sql<{ provider: string; subject: string }>(server.url, 'SELECT provider, subject FROM provider_identities WHERE user_id = $1 ORDER BY provider', [userId]);
}

/** An account opened by an emailed code, so its address is proven (the code is read from the mail). */
async function verifiedAccount(email: string) {
	const since = smtp.messages.length;
	expect((await request(server.url, '/api/auth/sign-in/email-otp', { method: 'POST', json: { email } })).status).toBe(200);
	const code = /\b(\d{6})\b/.exec((await smtp.next(email, since)).text)![1];
	const verified = await request(server.url, '/api/auth/sign-in/email-otp', { method: 'POST', json: { email, otp: code } });
	expect(verified.status, verified.text).toBe(200);
	return (await sessionOf(verified))!;
}

describe('the full redirect flow', () => {
	for (const provider of ['oidc', 'google'] as const) {
		it(`${provider}: a new teacher lands back on the page they came from, signed in with a new verified account`, async () => {
			const email = freshEmail();
			const sub = freshSub();
			const res = await signInWith(provider, { sub, email, email_verified: true, name: 'Cô Hạnh' }, '/san-pham/toan-6?tab=mo-ta');
			expect(res.status, res.text).toBe(303);
			expect(res.headers.get('location')).toBe('/san-pham/toan-6?tab=mo-ta');
			expect(res.headers.get('referrer-policy')).toBe('no-referrer');
			const me = await sessionOf(res);
			expect(me).toMatchObject({ email, emailVerified: true });
			expect(await identities(me!.id)).toEqual([{ provider, subject: sub }]);

			// The same person again: the same account, found by the provider's subject even with a new address.
			const again = await signInWith(provider, { sub, email: freshEmail(), email_verified: true });
			expect(again.status, again.text).toBe(303);
			expect(again.headers.get('location')).toBe('/');
			expect((await sessionOf(again))!.id).toBe(me!.id);
		});
	}

	it('answers the provider authorization URL with PKCE, state and nonce, and the state cookie scoped to the callback', async () => {
		const start = await request<{ url: string; redirect: boolean }>(server.url, '/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google' } });
		expect(start.status).toBe(200);
		expect(start.body.redirect).toBe(true);
		const url = new URL(start.body.url);
		expect(url.origin).toBe(google.issuer);
		expect(url.searchParams.get('client_id')).toBe('hoclieu-google-client');
		expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`);
		expect(url.searchParams.get('scope')).toBe('openid email profile');
		const raw = start.headers.getSetCookie().find((c) => c.startsWith('auth.oauth_state='))!;
		expect(raw).toMatch(/Path=\/api\/auth\/callback/);
		expect(raw).toMatch(/HttpOnly/);
		expect(raw).toMatch(/SameSite=Lax/i);
		expect(raw.split(';')[0]).toBe(`auth.oauth_state=${url.searchParams.get('state')}`);
	});

	it('refuses a provider that is not configured, with nothing started', async () => {
		const res = await request(server.url, '/api/auth/sign-in/social', { method: 'POST', json: { provider: 'zalo' } });
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe('not_found');
		expect(cookieFrom(res, 'auth.oauth_state')).toBeUndefined();
	});
});

describe('refusals: no session is ever set', () => {
	async function expectRefused(res: JsonResponse<any>, status: number, reason: string) {
		expect(res.status, res.text).toBe(status);
		expect(res.body.error.details.reason).toBe(reason);
		expect(cookieFrom(res, 'auth.session_data')).toBeUndefined();
	}

	it('a tampered state', async () => {
		school.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		const { callback, stateCookie } = await startAt('oidc');
		callback.searchParams.set('state', callback.searchParams.get('state')!.slice(0, -2) + 'xx');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'state');
		// The genuine state with a cookie that was never set for it (another browser's callback).
		const other = await startAt('oidc');
		const forged = `auth.oauth_state=${'a'.repeat(43)}`;
		await expectRefused(await returnTo(other.callback, forged), 400, 'state');
	});

	it('a replayed code', async () => {
		const who = { sub: freshSub(), email: freshEmail(), email_verified: true };
		school.nextUser(who);
		const { callback, stateCookie } = await startAt('oidc');
		const first = await returnTo(callback, stateCookie);
		expect(first.status, first.text).toBe(303);
		await expectRefused(await returnTo(callback, stateCookie), 400, 'state');
	});

	it('a code replayed into a fresh flow is refused by the code exchange (PKCE verifier of another flow)', async () => {
		const who = { sub: freshSub(), email: freshEmail(), email_verified: true };
		school.nextUser(who);
		const used = await startAt('oidc');
		expect((await returnTo(used.callback, used.stateCookie)).status).toBe(303);
		const fresh = await startAt('oidc');
		fresh.callback.searchParams.set('code', used.callback.searchParams.get('code')!);
		await expectRefused(await returnTo(fresh.callback, fresh.stateCookie), 400, 'provider_response');
	});

	it('a wrong nonce', async () => {
		school.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		school.tamperNextIdToken((p) => {
			p.nonce = 'nonce-of-another-sign-in';
		});
		const { callback, stateCookie } = await startAt('oidc');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'provider_response');
	});

	it('an ID token signed by another key', async () => {
		google.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		google.signNextIdTokenWithForeignKey();
		const { callback, stateCookie } = await startAt('google');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'provider_response');
		expect(server.logs.some((l) => l.includes('token_rejected'))).toBe(true);
	});

	it('an expired ID token', async () => {
		google.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		google.tamperNextIdToken((p) => {
			p.iat = Math.floor(Date.now() / 1000) - 7200;
			p.nbf = p.iat;
			p.exp = Math.floor(Date.now() / 1000) - 3600;
		});
		const { callback, stateCookie } = await startAt('google');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'provider_response');
	});

	it('an ID token for another client (audience)', async () => {
		google.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		google.tamperNextIdToken((p) => {
			p.aud = 'some-other-app';
		});
		const { callback, stateCookie } = await startAt('google');
		await expectRefused(await returnTo(callback, stateCookie), 400, 'provider_response');
	});

	it('a foreign callbackURL is refused before anything starts', async () => {
		for (const callbackURL of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
			const res = await request(server.url, '/api/auth/sign-in/social', { method: 'POST', json: { provider: 'oidc', callbackURL } });
			expect(res.status, callbackURL).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(cookieFrom(res, 'auth.oauth_state')).toBeUndefined();
		}
	});

	it('the provider reporting a refusal (the person pressed cancel)', async () => {
		const start = await request<{ url: string }>(server.url, '/api/auth/sign-in/social', { method: 'POST', json: { provider: 'oidc' } });
		const state = new URL(start.body.url).searchParams.get('state')!;
		const cancelled = await returnTo(new URL(`${server.url}/api/auth/callback/oidc?error=access_denied&state=${state}`), cookieFrom(start, 'auth.oauth_state')!);
		await expectRefused(cancelled, 400, 'denied');
	});

	it('a browser lands on the sign-in page with the reason instead of an error body', async () => {
		school.nextUser({ sub: freshSub(), email: freshEmail(), email_verified: true });
		const { callback } = await startAt('oidc');
		const res = await returnTo(callback, 'auth.oauth_state=nope', 'text/html');
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/dang-nhap?mxh-loi=invalid_token&ly-do=state');
		expect(cookieFrom(res, 'auth.session_data')).toBeUndefined();
	});
});

describe('linking to existing accounts', () => {
	it('joins the account whose address is proven and equal to the provider\'s verified address', async () => {
		const email = freshEmail();
		const account = await verifiedAccount(email);
		const res = await signInWith('google', { sub: freshSub(), email: email.toUpperCase(), email_verified: true });
		expect(res.status, res.text).toBe(303);
		expect((await sessionOf(res))!.id).toBe(account.id);
		expect((await identities(account.id)).map((i) => i.provider)).toEqual(['google']);
	});

	it('pre-account-takeover: never joins an account whose address was never proven, until the owner proves it', async () => {
		const email = freshEmail();
		// Someone registers the teacher's address with a password of their own and never proves it.
		const squatter = await request(server.url, '/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'mật khẩu của kẻ khác 1' } });
		expect(squatter.status).toBe(200);
		const sub = freshSub();
		const refused = await signInWith('oidc', { sub, email, email_verified: true });
		expect(refused.status).toBe(409);
		expect(refused.body.error.details.reason).toBe('account_unverified');
		expect(cookieFrom(refused, 'auth.session_data')).toBeUndefined();
		expect(await sql(server.url, 'SELECT 1 FROM provider_identities WHERE subject = $1', [sub])).toEqual([]);

		// The owner proves the address by emailed code (which drops the unproven password), then signs in with the provider.
		const since = smtp.messages.length;
		await request(server.url, '/api/auth/sign-in/email-otp', { method: 'POST', json: { email } });
		const code = /\b(\d{6})\b/.exec((await smtp.next(email, since)).text)![1];
		const owner = await sessionOf(await request(server.url, '/api/auth/sign-in/email-otp', { method: 'POST', json: { email, otp: code } }));
		const linked = await signInWith('oidc', { sub, email, email_verified: true });
		expect(linked.status, linked.text).toBe(303);
		expect((await sessionOf(linked))!.id).toBe(owner!.id);
		const squatterPassword = await request(server.url, '/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'mật khẩu của kẻ khác 1' } });
		expect(squatterPassword.status).toBe(401);
	});

	it('an address the provider does not vouch for creates and joins nothing', async () => {
		const email = freshEmail();
		const res = await signInWith('oidc', { sub: freshSub(), email, email_verified: false });
		expect(res.status).toBe(409);
		expect(res.body.error.details.reason).toBe('provider_email_unverified');
		expect(await sql(server.url, 'SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
	});
});

describe('the account page: linked providers', () => {
	it('links another provider to the signed-in account, lists it and unlinks it', async () => {
		const account = await verifiedAccount(freshEmail());
		const sub = freshSub();
		const start = await trpcMutation<{ url: string }>(server.url, 'auth.uiLinkProvider', { provider: 'oidc' }, { cookie: account.cookie });
		expect(start.status, JSON.stringify(start.error)).toBe(200);
		school.nextUser({ sub, email: 'dia-chi-khac@so.edu.vn', email_verified: true });
		const stateCookie = cookieFrom(new Response(null, { headers: start.headers }), 'auth.oauth_state')!;
		const atProvider = await fetch(start.data.url, { redirect: 'manual' });
		const back = await returnTo(new URL(atProvider.headers.get('location')!), `${stateCookie}; ${account.cookie}`);
		expect(back.status, back.text).toBe(303);
		expect(back.headers.get('location')).toBe('/tai-khoan?da-lien-ket=oidc');
		expect(cookieFrom(back, 'auth.session_data')).toBeUndefined();

		const listed = await trpcQuery<{ provider: string; email: string }[]>(server.url, 'auth.linkedProviders', undefined, { cookie: account.cookie });
		expect(listed.data).toMatchObject([{ provider: 'oidc', email: 'dia-chi-khac@so.edu.vn' }]);
		// Signing in with it now enters this account, although its address differs.
		const viaSchool = await signInWith('oidc', { sub, email: 'dia-chi-khac@so.edu.vn', email_verified: true });
		expect((await sessionOf(viaSchool))!.id).toBe(account.id);

		const unlink = await trpcMutation(server.url, 'auth.uiUnlinkProvider', { provider: 'oidc' }, { cookie: account.cookie });
		expect(unlink.status).toBe(200);
		expect(await identities(account.id)).toEqual([]);
	});

	it('/tai-khoan shows each enabled provider with a link button that starts linking, and says when it is done', async () => {
		const account = await verifiedAccount(freshEmail());
		const page = await request(server.url, '/tai-khoan', { headers: { cookie: account.cookie, accept: 'text/html' } });
		expect(page.status).toBe(200);
		expect(page.text).toContain('href="/dang-nhap/voi/google?lien-ket"');
		expect(page.text).toContain('Liên kết Tài khoản Sở GD&amp;ĐT');
		const sub = freshSub();
		google.nextUser({ sub, email: freshEmail(), email_verified: true });
		const start = await request(server.url, '/dang-nhap/voi/google?lien-ket', { headers: { cookie: account.cookie, 'sec-fetch-site': 'same-origin' } });
		expect(start.status, start.text).toBe(303);
		const { callback, stateCookie } = await follow(start.headers.get('location')!, start);
		const back = await returnTo(callback, `${stateCookie}; ${account.cookie}`, 'text/html');
		expect(back.headers.get('location')).toBe('/tai-khoan?da-lien-ket=google');
		const after = await request(server.url, '/tai-khoan?da-lien-ket=google', { headers: { cookie: account.cookie, accept: 'text/html' } });
		expect(after.text).toContain('Đã liên kết Google.');
		expect(after.text).toContain('Huỷ liên kết Google');
		expect(await identities(account.id)).toEqual([{ provider: 'google', subject: sub }]);
	});

	it('refuses to link an identity that belongs to another account', async () => {
		const sub = freshSub();
		expect((await signInWith('google', { sub, email: freshEmail(), email_verified: true })).status).toBe(303);
		const account = await verifiedAccount(freshEmail());
		const start = await trpcMutation<{ url: string }>(server.url, 'auth.uiLinkProvider', { provider: 'google' }, { cookie: account.cookie });
		google.nextUser({ sub, email: freshEmail(), email_verified: true });
		const stateCookie = cookieFrom(new Response(null, { headers: start.headers }), 'auth.oauth_state')!;
		const atProvider = await fetch(start.data.url, { redirect: 'manual' });
		const back = await returnTo(new URL(atProvider.headers.get('location')!), `${stateCookie}; ${account.cookie}`, 'text/html');
		expect(back.status).toBe(303);
		expect(back.headers.get('location')).toBe('/tai-khoan?mxh-loi=conflict&ly-do=identity_taken');
		expect(await identities(account.id)).toEqual([]);
	});

	it('refuses to unlink the last way to sign in', async () => {
		// An account that only the provider opens: no password and an address never proven (set up directly).
		const sub = freshSub();
		const first = await signInWith('oidc', { sub, email: freshEmail(), email_verified: true });
		const me = (await sessionOf(first))!;
		await sql(server.url, 'UPDATE users SET email_verified_at = NULL, password_hash = NULL WHERE id = $1', [me.id]);
		const unlink = await trpcMutation(server.url, 'auth.uiUnlinkProvider', { provider: 'oidc' }, { cookie: me.cookie });
		expect(unlink.status).toBe(409);
		expect(unlink.error!.data.details).toMatchObject({ reason: 'last_sign_in_method' });
		expect(await identities(me.id)).toHaveLength(1);
	});
});

describe('the storefront and the documents name exactly the enabled providers', () => {
	it('/dang-nhap offers a button for each enabled provider and none for Zalo', async () => {
		const page = await request(server.url, '/dang-nhap?returnTo=%2Fsan-pham%2Ftoan-6', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(200);
		expect(page.text).toContain('Đăng nhập với Google');
		expect(page.text).toContain('Đăng nhập với Tài khoản Sở GD&amp;ĐT');
		expect(page.text).not.toContain('Zalo');
		expect(page.text).toContain('href="/dang-nhap/voi/oidc?returnTo=%2Fsan-pham%2Ftoan-6"');
	});

	it('the button starts the flow and the teacher lands back on the product page, signed in', async () => {
		const email = freshEmail();
		school.nextUser({ sub: freshSub(), email, email_verified: true });
		const start = await request(server.url, '/dang-nhap/voi/oidc?returnTo=%2Fsan-pham%2Ftoan-6', { headers: { 'sec-fetch-site': 'same-origin' } });
		expect(start.status, start.text).toBe(303);
		const { callback, stateCookie } = await follow(start.headers.get('location')!, start);
		const back = await returnTo(callback, stateCookie, 'text/html');
		expect(back.status).toBe(303);
		expect(back.headers.get('location')).toBe('/san-pham/toan-6');
		expect((await sessionOf(back))!.email).toBe(email);

		// Signed in, the sign-in and sign-up pages send the person on to where they were going.
		const cookie = cookieFrom(back, 'auth.session_data')!;
		for (const path of ['/dang-nhap?returnTo=%2Fthu-vien', '/dang-ky?returnTo=%2Fthu-vien']) {
			const page = await request(server.url, path, { headers: { cookie, accept: 'text/html' } });
			expect(page.status, path).toBe(303);
			expect(page.headers.get('location')).toBe('/thu-vien');
		}
		const evil = await request(server.url, '/dang-nhap?returnTo=%2F%2Fevil.example', { headers: { cookie, accept: 'text/html' } });
		expect(evil.headers.get('location')).toBe('/');
	});

	it('a start from another site is refused', async () => {
		const res = await request(server.url, '/dang-nhap/voi/google', { headers: { 'sec-fetch-site': 'cross-site' } });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/dang-nhap?mxh-loi=forbidden');
		expect(cookieFrom(res, 'auth.oauth_state')).toBeUndefined();
	});

	it('/auth.md, /llms.txt, the developer hub and the protected-resource metadata list google and oidc only', async () => {
		const authMd = await request(server.url, '/auth.md');
		expect(authMd.text).toContain('enabled providers are `google` (Google), `oidc` (Tài khoản Sở GD&ĐT)');
		expect(authMd.text).not.toContain('`zalo`');
		expect((await request(server.url, '/llms.txt')).text).toContain('enabled providers are `google` (Google), `oidc` (Tài khoản Sở GD&ĐT)');
		const hub = await request(server.url, '/developers', { headers: { accept: 'text/html' } });
		// What a reader sees: tags and Svelte's comment markers dropped.
		const hubText = hub.text.replace(/<!--.*?-->/gs, '').replace(/<[^>]+>/g, '');
		expect(hubText).toContain('google (Google), oidc (Tài khoản Sở GD&amp;ĐT).');
		expect(hubText).not.toContain('zalo (');
		const prm = await request(server.url, '/.well-known/oauth-protected-resource');
		expect(prm.body).toMatchObject({ social_sign_in_providers: ['google', 'oidc'] });
		expect(prm.body.authorization_servers).toBeUndefined();
	});
});
