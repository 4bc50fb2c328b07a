/**
 * The /api/auth/* flows (docs/api.md#authentication) as procedures: the REST facade serves them at
 * their historical paths, the storefront's form actions call them through
 * `serverCaller`, and /openapi.json documents them. Wiring only: limits,
 * rotation and mail live in src/lib/server/auth. Their per-address and per-IP
 * limits are declared as `rateLimit: { service: 'auth' }`: the services count
 * them with the `ctx.authRequest` that declaration provides.
 */
import { z } from 'zod';
import {
	Acknowledged,
	AuthUser,
	EmailOtpInput,
	ForgetPasswordInput,
	MagicLinkInput,
	MagicLinkVerifyQuery,
	OtpSendInput,
	OtpVerifyInput,
	ResetPasswordInput,
	OtpCode,
	SendVerificationInput,
	SessionResponse,
	SignedInResponse,
	VerifyEmailCodeInput,
	VerifyEmailQuery,
	LinkedProvider,
	LinkProviderInput,
	SignInInput,
	SignUpInput,
	SocialCallbackQuery,
	SocialSignInInput,
	SocialSignInResponse
} from '../../../contracts/auth';
import { sessionResponse, signInWithPassword, signOut, signUp, toAuthUser, type SignedIn } from '../../auth/accounts';
import { sendVerificationEmail, VERIFY_LINK_PATH, verifyEmailWithCode, verifyEmailWithLink } from '../../auth/email-verification';
import { sendDownloadLinkCode, signInWithDownloadLinkCode } from '../../auth/download-link-sign-in';
import { requestMagicLink, signInWithMagicLink } from '../../auth/magic-link';
import { DownloadByTokenInput } from '../../../contracts/checkout';
import { sendSignInOtp, verifySignInOtp } from '../../auth/otp';
import { requestPasswordReset, resetPassword } from '../../auth/password-reset';
import type { AuthRequest } from '../../auth/request';
import { completeSocialSignIn, startSocialSignIn } from '../../auth/social/flow';
import { linkedProviders, unlinkProvider } from '../../auth/social/identities';
import { enabledProviders } from '../../auth/social/providers';
import { clearSessionCookie, setSessionCookie } from '../../auth/session';
import type { ClassifiedError } from '../../errors/classify';
import { redirectMember, type OpenApiRouteMeta } from '../../rest/meta';
import { toSessionUser } from '../../auth/session';
import { isSafeRedirectPath } from '../../../contracts/auth';
import { paths, signInPath, withQuery } from '../../../paths';
import type { Context } from '../../policies/context';
import { publicProcedure, route, router } from '../init';

const tags = ['Auth'];
const authLimited = { service: 'auth' } as const;

const exampleSession = {
	user: {
		id: '2c9d4f1a-0000-4000-8000-000000000000',
		email: 'co.lan@example.com',
		name: 'Cô Lan',
		emailVerified: true,
		role: 'customer',
		isVip: false,
		vipUntil: null
	},
	session: { expiresAt: '2026-02-14T08:30:00.000Z' }
};

/** What every sign-in answers: the session cookie and the session JSON. */
const signedIn = {
	tags,
	method: 'POST',
	envelope: 'raw',
	auth: 'none',
	rateLimit: authLimited,
	sameOrigin: true,
	setsCookies: ['auth.session_data'],
	example: exampleSession
} satisfies Partial<OpenApiRouteMeta>;

const mailSent = { tags, method: 'POST', envelope: 'raw', auth: 'none', rateLimit: authLimited, sameOrigin: true, example: { status: true } } satisfies Partial<OpenApiRouteMeta>;
const mailErrors = { 400: ['validation_error'], 429: ['rate_limited'], 503: ['service_unavailable'] } satisfies OpenApiRouteMeta['errors'];

/** A route declaring `rateLimit: { service: 'auth' }` always has it; this narrows the type. */
function authRequestOf(ctx: Context & { authRequest: AuthRequest | undefined }): AuthRequest {
	if (!ctx.authRequest) throw new Error('auth procedure without rateLimit: { service: "auth" }');
	return ctx.authRequest;
}

/** The resolver of a call that only emails: the same `{ status: true }` whether or not the account exists. */
function mails<I>(send: (input: I, req: AuthRequest) => Promise<unknown>) {
	return async ({ ctx, input }: { ctx: Context & { authRequest: AuthRequest | undefined }; input: I }) => {
		await send(input, authRequestOf(ctx));
		return { status: true as const };
	};
}

function startSession(ctx: Context, session: SignedIn): SignedInResponse {
	setSessionCookie(ctx.cookies, session.token, session.expiresAt);
	const body = sessionResponse(session.user, session.expiresAt);
	return session.passwordDropped ? { ...body, passwordRemoved: true } : body;
}

/** Browsers that open a spent, broken or someone else's verification link land on the account page with the reason. */
function verifyFailurePage(c: ClassifiedError): string {
	const reason = typeof c.details?.reason === 'string' ? c.details.reason : undefined;
	return withQuery(paths.account, { 'xac-minh-loi': c.code, 'ly-do': reason }) + '#xac-minh';
}

/** `path` with one more query parameter (a redirect path is already checked same-site). */
function addQuery(path: string, name: string, value: string): string {
	const [before, hash] = path.split('#', 2);
	return `${before}${before!.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}${hash === undefined ? '' : `#${hash}`}`;
}

/** Browsers that open a spent or broken emailed link land on the sign-in page with the reason. */
function signInPageFor(c: ClassifiedError): string {
	const page = new URLSearchParams({ cach: 'lien-ket', loi: c.code });
	if (typeof c.details?.reason === 'string') page.set('ly-do', c.details.reason);
	return `/dang-nhap?${page}`;
}

/**
 * A failed return from a provider lands on the sign-in page with the reason, or on the account
 * page (a same-site path the flow stored) when the person was linking a provider from there.
 */
function socialFailurePage(c: ClassifiedError): string {
	const reason = typeof c.details?.reason === 'string' ? c.details.reason : undefined;
	const back = typeof c.details?.returnTo === 'string' ? c.details.returnTo : undefined;
	const page = new URLSearchParams({ 'mxh-loi': c.code, ...(reason ? { 'ly-do': reason } : {}) });
	const base = back ?? '/dang-nhap';
	return `${base}${base.includes('?') ? '&' : '?'}${page}`;
}

export const authRouter = router({
	/** The signed-in user, or null; the session is optional. */
	me: publicProcedure.output(AuthUser.nullable()).query(({ ctx }) => (ctx.session ? toAuthUser(ctx.session.user) : null)),

	signUp: route({
		openapi: {
			...signedIn,
			path: '/api/auth/sign-up/email',
			summary: 'Create an account and sign in',
			description:
				'Creates the account and signs in at once: sets the `auth.session_data` cookie and answers the session. A taken address answers 409 `email_taken`; an IP that has used up its "address taken" answers gets 429 for every sign-up until the window ends (ADR 005).',
			errors: { 400: ['validation_error'], 409: ['email_taken'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(SignUpInput)
		.output(SessionResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await signUp(input, authRequestOf(ctx)))),

	signIn: route({
		openapi: {
			...signedIn,
			path: '/api/auth/sign-in/email',
			summary: 'Sign in with email and password',
			description: 'Sets the `auth.session_data` cookie (a new session; the one the request carried ends) and answers the session. Wrong email or password: 401 `invalid_credentials`, the same for both.',
			errors: { 400: ['validation_error'], 401: ['invalid_credentials'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(SignInInput)
		.output(SessionResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await signInWithPassword(input, authRequestOf(ctx)))),

	emailOtp: route({
		openapi: {
			...signedIn,
			path: '/api/auth/sign-in/email-otp',
			summary: 'Sign in with an emailed code',
			description:
				'First call `{ email }`: emails a 6-digit code valid 10 minutes and answers `{ status: true }` whether or not the account exists. Second call `{ email, otp }`: verifies the code, sets the `auth.session_data` cookie and answers the session.',
			errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(EmailOtpInput)
		.output(z.union([SignedInResponse, Acknowledged]))
		.mutation(async ({ ctx, input }) => {
			const req = authRequestOf(ctx);
			if (input.otp === undefined) {
				await sendSignInOtp({ email: input.email }, req);
				return { status: true as const };
			}
			return startSession(ctx, await verifySignInOtp({ email: input.email, otp: input.otp }, req));
		}),

	requestMagicLink: route({
		openapi: {
			...mailSent,
			path: '/api/auth/sign-in/magic-link',
			summary: 'Email a sign-in link',
			description: 'Emails a one-time sign-in link; the same answer whether or not the account exists. `callbackURL` (a path of this site) is where the link lands.',
			errors: mailErrors
		}
	})
		.input(MagicLinkInput)
		.output(Acknowledged)
		.mutation(mails(requestMagicLink)),

	magicLinkSignIn: route({
		openapi: {
			tags,
			method: 'GET',
			path: '/api/auth/sign-in/magic-link',
			summary: 'Open an emailed sign-in link',
			description:
				'Signs in once (sets the `auth.session_data` cookie) and answers 303 to `callbackURL` (or `returnTo`, or `/`), a path of this site. A foreign `callbackURL` is refused before the link is spent. When it fails, browsers (`Accept: text/html`) get 303 to the sign-in page with the reason; other clients get the error envelope.',
			envelope: 'raw',
			auth: 'none',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The link's token must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: signInPageFor,
			setsCookies: ['auth.session_data'],
			errors: { 400: ['validation_error', 'invalid_token'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(MagicLinkVerifyQuery)
		.output(z.object({ redirect: z.string() }))
		.query(async ({ ctx, input }) => {
			const session = await signInWithMagicLink(input.token, authRequestOf(ctx));
			setSessionCookie(ctx.cookies, session.token, session.expiresAt);
			const next = input.callbackURL ?? input.returnTo ?? '/';
			return { redirect: session.passwordDropped ? paths.passwordDropped(next) : next };
		}),

	socialSignIn: route({
		openapi: {
			tags,
			method: 'POST',
			path: '/api/auth/sign-in/social',
			summary: 'Start a sign-in with an external identity provider',
			description:
				'Answers `{ url, redirect: true }`: send the browser to `url`, the provider\'s authorization page (OpenID Connect with PKCE, `state` and `nonce` for `google` and `oidc`; Zalo\'s OAuth v4 with PKCE and `state` for `zalo`; ADR 019). The provider returns the browser to `GET /api/auth/callback/{provider}`, which sets the `auth.session_data` cookie and redirects to `callbackURL` (a path of this site; default `/`). Sets a short-lived `auth.oauth_state` cookie that binds the return to this browser. A provider this server is not configured for answers 404 `not_found`; `/auth.md` lists the enabled ones.',
			envelope: 'raw',
			auth: 'none',
			rateLimit: authLimited,
			sameOrigin: true,
			setsCookies: ['auth.oauth_state'],
			errors: { 400: ['validation_error'], 404: ['not_found'], 429: ['rate_limited'], 503: ['service_unavailable'] },
			example: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=1234.apps.googleusercontent.com&response_type=code&scope=openid+email+profile&state=Zm9v&nonce=YmFy&code_challenge=YmF6&code_challenge_method=S256', redirect: true }
		}
	})
		.input(SocialSignInInput)
		.output(SocialSignInResponse)
		.mutation(async ({ ctx, input }) => {
			const url = await startSocialSignIn({ provider: input.provider, callbackURL: input.callbackURL ?? '/' }, ctx.cookies, authRequestOf(ctx));
			return { url, redirect: true as const };
		}),

	socialCallback: route({
		openapi: {
			tags,
			method: 'GET',
			path: '/api/auth/callback/{provider}',
			summary: 'Return from an external identity provider',
			description:
				'Where the provider sends the browser back. Requires the `state` of this browser\'s `auth.oauth_state` cookie (single use), exchanges the code with the PKCE verifier and verifies the ID token (signature, issuer, audience, expiry, nonce), or for `zalo` reads the Zalo profile (Zalo gives no email address: a new Zalo identity gets an account of its own, with `emailVerified: false`, until the person adds an address on the account page); then sets the `auth.session_data` cookie and answers 303 to the `callbackURL` given at the start. A new identity whose verified address belongs to an account whose own address was never proven is refused (409 `conflict`, reason `account_unverified`): the person proves the address by email code first (ADR 019). When it fails, browsers (`Accept: text/html`) get 303 to the sign-in page with the reason; other clients get the error envelope; no session is set.',
			envelope: 'raw',
			auth: 'optional-session',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The code must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: socialFailurePage,
			setsCookies: ['auth.session_data', 'auth.oauth_state'],
			errors: {
				400: ['validation_error', 'invalid_token'],
				401: ['unauthenticated'],
				403: ['forbidden'],
				404: ['not_found'],
				409: ['conflict'],
				429: ['rate_limited'],
				503: ['service_unavailable']
			}
		}
	})
		.input(SocialCallbackQuery)
		.output(z.object({ redirect: z.string() }))
		.query(async ({ ctx, input }) => {
			const { provider, ...query } = input;
			const done = await completeSocialSignIn(provider, query, ctx.cookies, authRequestOf(ctx), ctx.session?.user.id ?? null);
			if (done.session) setSessionCookie(ctx.cookies, done.session.token, done.session.expiresAt);
			return { redirect: done.callbackURL };
		}),

	/** The providers this server has enabled, for the sign-in buttons (storefront). */
	socialProviders: publicProcedure
		.output(z.array(z.object({ id: z.string(), label: z.string() })))
		.query(() => enabledProviders()),

	/** The account page's list of linked providers (storefront). */
	linkedProviders: route({ policies: { auth: 'session' } })
		.output(z.array(LinkedProvider))
		.query(async ({ ctx }) =>
			(await linkedProviders(ctx.session!.user.id)).map((p) => ({ ...p, linkedAt: p.linkedAt.toISOString() }))
		),

	/** Starts linking another provider to the signed-in account; the provider returns to the account page. */
	uiLinkProvider: route({ policies: { auth: 'session', rateLimit: authLimited, sameOrigin: true } })
		.input(LinkProviderInput)
		.output(SocialSignInResponse)
		.mutation(async ({ ctx, input }) => {
			const url = await startSocialSignIn(
				{ provider: input.provider, callbackURL: '/tai-khoan?da-lien-ket=' + input.provider, linkUserId: ctx.session!.user.id },
				ctx.cookies,
				authRequestOf(ctx)
			);
			return { url, redirect: true as const };
		}),

	/** Unlinks a provider while another way to sign in remains (409 `conflict` otherwise). */
	uiUnlinkProvider: route({ policies: { auth: 'session', sameOrigin: true } })
		.input(LinkProviderInput)
		.output(Acknowledged)
		.mutation(async ({ ctx, input }) => {
			await unlinkProvider(ctx.session!.user.id, input.provider);
			return { status: true as const };
		}),

	sendVerificationEmail: route({
		openapi: {
			tags,
			method: 'POST',
			path: '/api/auth/send-verification-email',
			summary: 'Email a new verification code and link',
			description:
				'For the signed-in account\'s own address (sign-up already sent one): a 6-digit code valid 10 minutes, to send to `POST /api/auth/email-otp/verify-email`, and a link valid 24 hours (`GET /api/auth/verify-email`) that lands on `callbackURL`, a path of this site. Older codes and links stop working. Limited like every auth mail, per address and per IP. An address already proven answers 409 `conflict` (reason `already_verified`).',
			envelope: 'raw',
			auth: 'session',
			rateLimit: authLimited,
			sameOrigin: true,
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 409: ['conflict'], 429: ['rate_limited'], 503: ['service_unavailable'] },
			example: { status: true }
		}
	})
		.input(SendVerificationInput)
		.output(Acknowledged)
		.mutation(async ({ ctx, input }) => {
			await sendVerificationEmail(ctx.session!.user.id, input, authRequestOf(ctx));
			return { status: true as const };
		}),

	verifyEmailOtp: route({
		openapi: {
			tags,
			method: 'POST',
			path: '/api/auth/email-otp/verify-email',
			summary: 'Prove the account\'s address with the emailed code',
			description:
				'The code of the verification mail, from the account\'s own session: the address is proven and the password and sessions stay as they are. Answers the session with `emailVerified: true` (also when it already was). Wrong code: 400 `invalid_otp` with `details.attemptsLeft`; spent, replaced or expired: 400 `otp_expired`.',
			envelope: 'raw',
			auth: 'session',
			rateLimit: authLimited,
			sameOrigin: true,
			errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 401: ['unauthenticated'], 429: ['rate_limited'], 503: ['service_unavailable'] },
			example: { ...exampleSession, user: { ...exampleSession.user, emailVerified: true } }
		}
	})
		.input(VerifyEmailCodeInput)
		.output(SessionResponse)
		.mutation(async ({ ctx, input }) => {
			const user = await verifyEmailWithCode(ctx.session!.user.id, input.otp, authRequestOf(ctx));
			return sessionResponse(toSessionUser(user), ctx.session!.expiresAt);
		}),

	verifyEmail: route({
		openapi: {
			tags,
			method: 'GET',
			path: '/api/auth/verify-email',
			summary: 'Open an emailed verification link',
			description:
				'In the session of the account the link was sent to: proves its address (password and sessions stay) and answers 303 to `callbackURL` (default `/tai-khoan`) with `da-xac-minh=1` added. Without a session the link is not spent: 303 to the sign-in page, which comes back here afterwards. In another account\'s session: 403 `forbidden` (reason `other_account`). When it fails, browsers (`Accept: text/html`) get 303 to the account page with the reason; other clients get the error envelope.',
			envelope: 'raw',
			auth: 'optional-session',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The link's token must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: verifyFailurePage,
			errors: { 400: ['validation_error', 'invalid_token'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(VerifyEmailQuery)
		.output(z.object({ redirect: z.string() }))
		.query(async ({ ctx, input }) => {
			const outcome = await verifyEmailWithLink(input.token, ctx.session, authRequestOf(ctx));
			if ('signInFirst' in outcome) {
				const back = withQuery(VERIFY_LINK_PATH, { token: input.token, callbackURL: input.callbackURL });
				return { redirect: `${signInPath(back)}&xac-minh=1` };
			}
			const next = input.callbackURL && isSafeRedirectPath(input.callbackURL) ? input.callbackURL : paths.account;
			return { redirect: addQuery(next, 'da-xac-minh', '1') };
		}),

	/** "Gửi mã đến email này" on the expired download link page (/tai-ve): a sign-in code to the link's order address. */
	uiDownloadLinkSendCode: route({ policies: { auth: 'optional-session', rateLimit: authLimited, sameOrigin: true } })
		.input(DownloadByTokenInput)
		.output(z.object({ sentTo: z.string() }))
		.mutation(({ ctx, input }) => sendDownloadLinkCode(input.token, authRequestOf(ctx))),

	/** The code sent above: signs in (guest orders of the address join) and says where the order is. */
	uiDownloadLinkVerify: route({ policies: { auth: 'optional-session', rateLimit: authLimited, sameOrigin: true } })
		.input(DownloadByTokenInput.extend({ otp: OtpCode }))
		.output(SignedInResponse.extend({ landing: z.string() }))
		.mutation(async ({ ctx, input }) => {
			const session = await signInWithDownloadLinkCode(input.token, input.otp, authRequestOf(ctx));
			return { ...startSession(ctx, session), landing: session.landing };
		}),

	forgetPassword: route({
		openapi: {
			...mailSent,
			path: '/api/auth/forget-password',
			summary: 'Email a password reset link',
			description: 'Always the same 200, whether or not the account exists.',
			errors: mailErrors
		}
	})
		.input(ForgetPasswordInput)
		.output(Acknowledged)
		.mutation(mails(requestPasswordReset)),

	resetPassword: route({
		openapi: {
			...mailSent,
			path: '/api/auth/reset-password',
			summary: 'Set a new password with a reset link',
			description: 'Single use; every session of the account ends, including the caller\'s if it was one (its cookie is cleared).',
			errors: { 400: ['validation_error', 'invalid_token'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(ResetPasswordInput)
		.output(Acknowledged)
		.mutation(async ({ ctx, input }) => {
			const userId = await resetPassword(input, authRequestOf(ctx));
			if (ctx.session?.user.id === userId) clearSessionCookie(ctx.cookies);
			return { status: true as const };
		}),

	session: route({
		openapi: {
			tags,
			method: 'GET',
			path: '/api/auth/session',
			summary: 'The current session',
			description: '`{ user, session: { expiresAt } }` for a valid `auth.session_data` cookie, otherwise `null`.',
			envelope: 'raw',
			auth: 'optional-session',
			errors: {},
			example: exampleSession
		}
	})
		.input(z.object({}))
		.output(SessionResponse.nullable())
		.query(({ ctx }) => (ctx.session ? sessionResponse(ctx.session.user, ctx.session.expiresAt) : null)),

	signOut: route({
		openapi: {
			tags,
			method: 'POST',
			path: '/api/auth/sign-out',
			summary: 'Sign out',
			description: 'Ends the session and clears its cookie; signing out twice (or without a session) is harmless.',
			envelope: 'raw',
			auth: 'optional-session',
			sameOrigin: true,
			setsCookies: ['auth.session_data'],
			errors: {},
			example: { status: true }
		}
	})
		.output(Acknowledged)
		.mutation(async ({ ctx }) => {
			if (ctx.session) await signOut(ctx.session.id);
			clearSessionCookie(ctx.cookies);
			return { status: true as const };
		}),

	// The storefront's wrappers of the calls above (docs/api.md#authentication): same services, limits and answers, one step each.
	uiOtpSend: route({
		openapi: {
			...mailSent,
			path: '/api/internal/auth/otp/send',
			summary: 'Email a sign-in code (storefront wrapper)',
			description: 'The first call of `POST /api/auth/sign-in/email-otp` on its own: emails a 6-digit code valid 10 minutes; the same answer whether or not the account exists.',
			errors: mailErrors
		}
	})
		.input(OtpSendInput)
		.output(Acknowledged)
		.mutation(mails(sendSignInOtp)),

	uiOtpVerify: route({
		openapi: {
			...signedIn,
			path: '/api/internal/auth/otp/verify',
			summary: 'Sign in with an emailed code (storefront wrapper)',
			description: 'The second call of `POST /api/auth/sign-in/email-otp` on its own: verifies the code, sets the `auth.session_data` cookie and answers the session.',
			errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
		}
	})
		.input(OtpVerifyInput)
		.output(SignedInResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await verifySignInOtp(input, authRequestOf(ctx)))),

	uiMagicLink: route({
		openapi: {
			...mailSent,
			path: '/api/internal/auth/magic',
			summary: 'Email a sign-in link (storefront wrapper)',
			description: 'The same as `POST /api/auth/sign-in/magic-link`: emails a one-time sign-in link; the same answer whether or not the account exists.',
			errors: mailErrors
		}
	})
		.input(MagicLinkInput)
		.output(Acknowledged)
		.mutation(mails(requestMagicLink))
});
