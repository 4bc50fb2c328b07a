/** What /openapi.json says about the routes of ./auth.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouteDocs, RouterDocs } from '../../rest/meta';

const tags = ['Auth'];

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

/** Every sign-in answers the session (and sets its cookie, ./auth.ts `signedIn`). */
const signedInDocs = { tags, example: exampleSession } satisfies Partial<RouteDocs>;

/** Every call that only emails answers the same, whether or not the account exists. */
const mailSentDocs = { tags, example: { status: true } } satisfies Partial<RouteDocs>;

const mailErrors = { 400: ['validation_error'], 429: ['rate_limited'], 503: ['service_unavailable'] } satisfies RouteDocs['errors'];

export const docs = {
	signUp: {
		...signedInDocs,
		summary: 'Create an account and sign in',
		description:
			'Creates the account and signs in at once: sets the `auth.session_data` cookie and answers the session. A taken address answers 409 `email_taken`; an IP that has used up its "address taken" answers gets 429 for every sign-up until the window ends (ADR 005).',
		errors: { 400: ['validation_error'], 409: ['email_taken'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	signIn: {
		...signedInDocs,
		summary: 'Sign in with email and password',
		description: 'Sets the `auth.session_data` cookie (a new session; the one the request carried ends) and answers the session. Wrong email or password: 401 `invalid_credentials`, the same for both.',
		errors: { 400: ['validation_error'], 401: ['invalid_credentials'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	emailOtp: {
		...signedInDocs,
		summary: 'Sign in with an emailed code',
		description:
			'First call `{ email }`: emails a 6-digit code valid 10 minutes and answers `{ status: true }` whether or not the account exists. Second call `{ email, otp }`: verifies the code, sets the `auth.session_data` cookie and answers the session.',
		errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	requestMagicLink: {
		...mailSentDocs,
		summary: 'Email a sign-in link',
		description: 'Emails a one-time sign-in link; the same answer whether or not the account exists. `callbackURL` (a path of this site) is where the link lands.',
		errors: mailErrors
	},

	magicLinkSignIn: {
		tags,
		summary: 'Open an emailed sign-in link',
		description:
			'Signs in once (sets the `auth.session_data` cookie) and answers 303 to `callbackURL` (or `returnTo`, or `/`), a path of this site. A foreign `callbackURL` is refused before the link is spent. When it fails, browsers (`Accept: text/html`) get 303 to the sign-in page with the reason; other clients get the error envelope.',
		errors: { 400: ['validation_error', 'invalid_token'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	socialSignIn: {
		tags,
		summary: 'Start a sign-in with an external identity provider',
		description:
			'Answers `{ url, redirect: true }`: send the browser to `url`, the provider\'s authorization page (OpenID Connect with PKCE, `state` and `nonce` for `google` and `oidc`; Zalo\'s OAuth v4 with PKCE and `state` for `zalo`; ADR 019). The provider returns the browser to `GET /api/auth/callback/{provider}`, which sets the `auth.session_data` cookie and redirects to `callbackURL` (a path of this site; default `/`). Sets a short-lived `auth.oauth_state` cookie that binds the return to this browser. A provider this server is not configured for answers 404 `not_found`; `/auth.md` lists the enabled ones.',
		errors: { 400: ['validation_error'], 404: ['not_found'], 429: ['rate_limited'], 503: ['service_unavailable'] },
		example: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=1234.apps.googleusercontent.com&response_type=code&scope=openid+email+profile&state=Zm9v&nonce=YmFy&code_challenge=YmF6&code_challenge_method=S256', redirect: true }
	},

	socialCallback: {
		tags,
		summary: 'Return from an external identity provider',
		description:
			'Where the provider sends the browser back. Requires the `state` of this browser\'s `auth.oauth_state` cookie (single use), exchanges the code with the PKCE verifier and verifies the ID token (signature, issuer, audience, expiry, nonce), or for `zalo` reads the Zalo profile (Zalo gives no email address: a new Zalo identity gets an account of its own, with `emailVerified: false`, until the person adds an address on the account page); then sets the `auth.session_data` cookie and answers 303 to the `callbackURL` given at the start. A new identity whose verified address belongs to an account whose own address was never proven is refused (409 `conflict`, reason `account_unverified`): the person proves the address by email code first (ADR 019). When it fails, browsers (`Accept: text/html`) get 303 to the sign-in page with the reason; other clients get the error envelope; no session is set.',
		errors: {
			400: ['validation_error', 'invalid_token'],
			401: ['unauthenticated'],
			403: ['forbidden'],
			404: ['not_found'],
			409: ['conflict'],
			429: ['rate_limited'],
			503: ['service_unavailable']
		}
	},

	sendVerificationEmail: {
		tags,
		summary: 'Email a new verification code and link',
		description:
			'For the signed-in account\'s own address (sign-up already sent one): a 6-digit code valid 10 minutes, to send to `POST /api/auth/email-otp/verify-email`, and a link valid 24 hours (`GET /api/auth/verify-email`) that lands on `callbackURL`, a path of this site. Older codes and links stop working. Limited like every auth mail, per address and per IP. An address already proven answers 409 `conflict` (reason `already_verified`).',
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 409: ['conflict'], 429: ['rate_limited'], 503: ['service_unavailable'] },
		example: { status: true }
	},

	verifyEmailOtp: {
		tags,
		summary: 'Prove the account\'s address with the emailed code',
		description:
			'The code of the verification mail, from the account\'s own session: the address is proven and the password and sessions stay as they are. Answers the session with `emailVerified: true` (also when it already was). Wrong code: 400 `invalid_otp` with `details.attemptsLeft`; spent, replaced or expired: 400 `otp_expired`.',
		errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 401: ['unauthenticated'], 429: ['rate_limited'], 503: ['service_unavailable'] },
		example: { ...exampleSession, user: { ...exampleSession.user, emailVerified: true } }
	},

	verifyEmail: {
		tags,
		summary: 'Open an emailed verification link',
		description:
			'In the session of the account the link was sent to: proves its address (password and sessions stay) and answers 303 to `callbackURL` (default `/tai-khoan`) with `da-xac-minh=1` added. Without a session the link is not spent: 303 to the sign-in page, which comes back here afterwards. In another account\'s session: 403 `forbidden` (reason `other_account`). When it fails, browsers (`Accept: text/html`) get 303 to the account page with the reason; other clients get the error envelope.',
		errors: { 400: ['validation_error', 'invalid_token'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	forgetPassword: {
		...mailSentDocs,
		summary: 'Email a password reset link',
		description: 'Always the same 200, whether or not the account exists.',
		errors: mailErrors
	},

	resetPassword: {
		...mailSentDocs,
		summary: 'Set a new password with a reset link',
		description: 'Single use; every session of the account ends, including the caller\'s if it was one (its cookie is cleared).',
		errors: { 400: ['validation_error', 'invalid_token'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	session: {
		tags,
		summary: 'The current session',
		description: '`{ user, session: { expiresAt } }` for a valid `auth.session_data` cookie, otherwise `null`.',
		errors: {},
		example: exampleSession
	},

	signOut: {
		tags,
		summary: 'Sign out',
		description: 'Ends the session and clears its cookie; signing out twice (or without a session) is harmless.',
		errors: {},
		example: { status: true }
	},

	uiOtpSend: {
		...mailSentDocs,
		summary: 'Email a sign-in code (storefront wrapper)',
		description: 'The first call of `POST /api/auth/sign-in/email-otp` on its own: emails a 6-digit code valid 10 minutes; the same answer whether or not the account exists.',
		errors: mailErrors
	},

	uiOtpVerify: {
		...signedInDocs,
		summary: 'Sign in with an emailed code (storefront wrapper)',
		description: 'The second call of `POST /api/auth/sign-in/email-otp` on its own: verifies the code, sets the `auth.session_data` cookie and answers the session.',
		errors: { 400: ['validation_error', 'invalid_otp', 'otp_expired'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] }
	},

	uiMagicLink: {
		...mailSentDocs,
		summary: 'Email a sign-in link (storefront wrapper)',
		description: 'The same as `POST /api/auth/sign-in/magic-link`: emails a one-time sign-in link; the same answer whether or not the account exists.',
		errors: mailErrors
	}
} satisfies RouterDocs;
