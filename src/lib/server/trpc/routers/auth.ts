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
import { docs } from './auth.docs';

const authLimited = { service: 'auth' } as const;

/** What every sign-in answers: the session cookie and the session JSON. */
const signedIn = { method: 'POST', envelope: 'raw', auth: 'none', rateLimit: authLimited, sameOrigin: true, setsCookies: ['auth.session_data'] } satisfies Partial<OpenApiRouteMeta>;
const mailSent = { method: 'POST', envelope: 'raw', auth: 'none', rateLimit: authLimited, sameOrigin: true } satisfies Partial<OpenApiRouteMeta>;

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

	signUp: route({ openapi: { ...signedIn, path: '/api/auth/sign-up/email', ...docs.signUp } })
		.input(SignUpInput)
		.output(SessionResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await signUp(input, authRequestOf(ctx)))),

	signIn: route({ openapi: { ...signedIn, path: '/api/auth/sign-in/email', ...docs.signIn } })
		.input(SignInInput)
		.output(SessionResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await signInWithPassword(input, authRequestOf(ctx)))),

	emailOtp: route({ openapi: { ...signedIn, path: '/api/auth/sign-in/email-otp', ...docs.emailOtp } })
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

	requestMagicLink: route({ openapi: { ...mailSent, path: '/api/auth/sign-in/magic-link', ...docs.requestMagicLink } })
		.input(MagicLinkInput)
		.output(Acknowledged)
		.mutation(mails(requestMagicLink)),

	magicLinkSignIn: route({
		openapi: {
			method: 'GET',
			path: '/api/auth/sign-in/magic-link',
			envelope: 'raw',
			auth: 'none',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The link's token must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: signInPageFor,
			setsCookies: ['auth.session_data'],
			...docs.magicLinkSignIn
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
			method: 'POST',
			path: '/api/auth/sign-in/social',
			envelope: 'raw',
			auth: 'none',
			rateLimit: authLimited,
			sameOrigin: true,
			setsCookies: ['auth.oauth_state'],
			...docs.socialSignIn
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
			method: 'GET',
			path: '/api/auth/callback/{provider}',
			envelope: 'raw',
			auth: 'optional-session',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The code must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: socialFailurePage,
			setsCookies: ['auth.session_data', 'auth.oauth_state'],
			...docs.socialCallback
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
			method: 'POST',
			path: '/api/auth/send-verification-email',
			envelope: 'raw',
			auth: 'session',
			rateLimit: authLimited,
			sameOrigin: true,
			...docs.sendVerificationEmail
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
			method: 'POST',
			path: '/api/auth/email-otp/verify-email',
			envelope: 'raw',
			auth: 'session',
			rateLimit: authLimited,
			sameOrigin: true,
			...docs.verifyEmailOtp
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
			method: 'GET',
			path: '/api/auth/verify-email',
			envelope: 'raw',
			auth: 'optional-session',
			rateLimit: authLimited,
			redirects: redirectMember,
			redirectStatus: 303,
			// The link's token must not travel on in a Referer header.
			redirectHeaders: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
			browserErrorRedirect: verifyFailurePage,
			...docs.verifyEmail
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

	forgetPassword: route({ openapi: { ...mailSent, path: '/api/auth/forget-password', ...docs.forgetPassword } })
		.input(ForgetPasswordInput)
		.output(Acknowledged)
		.mutation(mails(requestPasswordReset)),

	resetPassword: route({ openapi: { ...mailSent, path: '/api/auth/reset-password', ...docs.resetPassword } })
		.input(ResetPasswordInput)
		.output(Acknowledged)
		.mutation(async ({ ctx, input }) => {
			const userId = await resetPassword(input, authRequestOf(ctx));
			if (ctx.session?.user.id === userId) clearSessionCookie(ctx.cookies);
			return { status: true as const };
		}),

	session: route({ openapi: { method: 'GET', path: '/api/auth/session', envelope: 'raw', auth: 'optional-session', ...docs.session } })
		.input(z.object({}))
		.output(SessionResponse.nullable())
		.query(({ ctx }) => (ctx.session ? sessionResponse(ctx.session.user, ctx.session.expiresAt) : null)),

	signOut: route({
		openapi: {
			method: 'POST',
			path: '/api/auth/sign-out',
			envelope: 'raw',
			auth: 'optional-session',
			sameOrigin: true,
			setsCookies: ['auth.session_data'],
			...docs.signOut
		}
	})
		.output(Acknowledged)
		.mutation(async ({ ctx }) => {
			if (ctx.session) await signOut(ctx.session.id);
			clearSessionCookie(ctx.cookies);
			return { status: true as const };
		}),

	// The storefront's wrappers of the calls above (docs/api.md#authentication): same services, limits and answers, one step each.
	uiOtpSend: route({ openapi: { ...mailSent, path: '/api/internal/auth/otp/send', ...docs.uiOtpSend } })
		.input(OtpSendInput)
		.output(Acknowledged)
		.mutation(mails(sendSignInOtp)),

	uiOtpVerify: route({ openapi: { ...signedIn, path: '/api/internal/auth/otp/verify', ...docs.uiOtpVerify } })
		.input(OtpVerifyInput)
		.output(SignedInResponse)
		.mutation(async ({ ctx, input }) => startSession(ctx, await verifySignInOtp(input, authRequestOf(ctx)))),

	uiMagicLink: route({ openapi: { ...mailSent, path: '/api/internal/auth/magic', ...docs.uiMagicLink } })
		.input(MagicLinkInput)
		.output(Acknowledged)
		.mutation(mails(requestMagicLink))
});
