/**
 * Social sign-in's two steps (ADR 019). `startSocialSignIn` keeps the PKCE
 * verifier and nonce in `oauth_flows` under the hash of a fresh `state`, sets
 * that state in a short cookie scoped to the callback path, and answers the
 * provider's authorization URL. `completeSocialSignIn` requires the returning
 * `state` to equal this browser's cookie (a callback started in another
 * browser is refused: login CSRF), deletes the flow row as it reads it (a
 * replayed callback finds nothing), and lets openid-client exchange the code
 * with the verifier and check the ID token's signature, issuer, audience,
 * expiry and nonce (Zalo, which is OAuth 2 without ID tokens: zalo.ts). Only then is an account chosen and a session started,
 * the same session cookie as every other sign-in.
 */
import type { Cookies } from '@sveltejs/kit';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { config } from '../../config';
import { db } from '../../db/client';
import { oauthFlows, type SocialProvider } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { now, nowMs } from '../../platform/clock';
import { log } from '../../platform/logger';
import { safeEqual } from '../../platform/signing';
import { startSession, type SignedIn } from '../accounts';
import { authLimits } from '../limits';
import type { AuthRequest } from '../request';
import { accountForSignIn, linkToAccount, type ProviderClaims } from './identities';
import { clientFor, isEnabled, providerOff, redirectUri } from './providers';
import { zaloAuthorizationUrl, zaloConfig, zaloIdentity } from './zalo';

export const OAUTH_STATE_COOKIE = 'auth.oauth_state';
const CALLBACK_PATH = '/api/auth/callback';
/** Long enough to choose an account and approve on a phone, short enough that a stray row does not linger. */
const FLOW_TTL_MS = 10 * 60_000;

function hashState(state: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(state)));
}

export interface StartInput {
	provider: SocialProvider;
	/** A path of this site (checked by the contract) to land on afterwards. */
	callbackURL: string;
	/** The signed-in account linking another provider from its account page. */
	linkUserId?: string;
}

export async function startSocialSignIn(input: StartInput, cookies: Cookies, req: AuthRequest): Promise<string> {
	await authLimits.social(req);
	if (!isEnabled(input.provider)) throw providerOff();
	const zalo = input.provider === 'zalo' ? zaloConfig() : undefined;
	const client = zalo ? null : await clientFor(input.provider);
	const state = oidc.randomState();
	const nonce = oidc.randomNonce();
	const codeVerifier = oidc.randomPKCECodeVerifier();
	const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
	const at = now();
	await db().delete(oauthFlows).where(lt(oauthFlows.expiresAt, at));
	await db()
		.insert(oauthFlows)
		.values({
			stateHash: hashState(state),
			provider: input.provider,
			codeVerifier,
			nonce,
			callbackUrl: input.callbackURL,
			linkUserId: input.linkUserId ?? null,
			expiresAt: new Date(nowMs() + FLOW_TTL_MS),
			createdAt: at
		});
	cookies.set(OAUTH_STATE_COOKIE, state, {
		path: CALLBACK_PATH,
		httpOnly: true,
		// Lax: the provider's redirect back is a top-level GET navigation, which carries it.
		sameSite: 'lax',
		secure: config().isProduction,
		maxAge: FLOW_TTL_MS / 1000
	});
	// Zalo has no ID token, so the stored nonce is never sent nor checked there.
	if (zalo) return zaloAuthorizationUrl(zalo, redirectUri(input.provider), state, codeChallenge);
	const parameters: Record<string, string> = {
		redirect_uri: redirectUri(input.provider),
		scope: 'openid email profile',
		state,
		nonce,
		code_challenge: codeChallenge,
		code_challenge_method: 'S256'
	};
	// A teacher with a personal and a school Google account picks one instead of getting whichever is signed in.
	if (input.provider === 'google') parameters.prompt = 'select_account';
	return oidc.buildAuthorizationUrl(client!, parameters).href;
}

export interface CallbackQuery {
	code?: string;
	state?: string;
	iss?: string;
	error?: string;
}

export interface Completed {
	/** A new session, or none when an already signed-in account linked a provider. */
	session: SignedIn | null;
	callbackURL: string;
}

const badState = () =>
	new AppError('invalid_token', 'Phiên đăng nhập đã hết hạn hoặc không khớp. Vui lòng bấm nút đăng nhập lại.', { reason: 'state' });

export async function completeSocialSignIn(
	provider: SocialProvider,
	query: CallbackQuery,
	cookies: Cookies,
	req: AuthRequest,
	currentUserId: string | null
): Promise<Completed> {
	await authLimits.social(req);
	const expected = cookies.get(OAUTH_STATE_COOKIE);
	// Spent whatever happens next: a second callback in this browser starts over.
	cookies.delete(OAUTH_STATE_COOKIE, { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure: config().isProduction });
	if (!query.state || !expected || !safeEqual(expected, query.state)) {
		log.info('social sign-in refused', { provider, reason: 'state_mismatch' });
		throw badState();
	}
	const [flow] = await db()
		.delete(oauthFlows)
		.where(and(eq(oauthFlows.stateHash, hashState(query.state)), eq(oauthFlows.provider, provider)))
		.returning();
	if (!flow || flow.expiresAt.getTime() <= nowMs()) {
		log.info('social sign-in refused', { provider, reason: flow ? 'state_expired' : 'state_unknown' });
		throw badState();
	}
	const linkTo = flow.linkUserId;
	const returnTo = linkTo ? '/tai-khoan' : undefined;
	if (query.error) {
		log.info('social sign-in refused', { provider, reason: 'provider_error', error: query.error.slice(0, 64) });
		throw new AppError('invalid_token', 'Bạn đã huỷ đăng nhập hoặc nhà cung cấp đã từ chối. Bạn có thể thử lại hoặc chọn cách đăng nhập khác.', {
			reason: 'denied',
			...(returnTo ? { returnTo } : {})
		});
	}
	if (linkTo && linkTo !== currentUserId) {
		log.info('social sign-in refused', { provider, reason: 'link_session_changed' });
		throw badState();
	}
	const zalo = provider === 'zalo' ? zaloConfig() : undefined;
	if (provider === 'zalo' && !zalo) throw providerOff();
	const client = zalo ? null : await clientFor(provider);
	const current = new URL(redirectUri(provider));
	for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
	let claims: ProviderClaims;
	try {
		if (zalo) {
			claims = await zaloIdentity(zalo, current, flow.codeVerifier, query.state);
		} else {
			claims = await oidcIdentity(client!, current, query.state, flow.nonce, flow.codeVerifier);
		}
	} catch (error) {
		// The library's message says which check failed (signature, nonce, exp…); never the token itself.
		log.info('social sign-in refused', { provider, reason: 'token_rejected', error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
		throw new AppError('invalid_token', 'Không xác thực được phản hồi của nhà cung cấp đăng nhập. Vui lòng thử lại.', {
			reason: 'provider_response',
			...(returnTo ? { returnTo } : {})
		});
	}
	if (linkTo) {
		await onceMoreIfRaced(() => db().transaction((tx) => linkToAccount(provider, claims, linkTo, tx)));
		return { session: null, callbackURL: flow.callbackUrl };
	}
	const user = await onceMoreIfRaced(() => db().transaction((tx) => accountForSignIn(provider, claims, tx)));
	return { session: await startSession(user, req, `social_${provider}`), callbackURL: flow.callbackUrl };
}

async function oidcIdentity(client: oidc.Configuration, current: URL, state: string, nonce: string, codeVerifier: string): Promise<ProviderClaims> {
	const tokens = await oidc.authorizationCodeGrant(client, current, {
		pkceCodeVerifier: codeVerifier,
		expectedState: state,
		expectedNonce: nonce,
		idTokenExpected: true
	});
	const idToken = tokens.claims();
	if (!idToken) throw new Error('no ID token');
	return {
		subject: idToken.sub,
		email: typeof idToken.email === 'string' ? idToken.email : null,
		emailVerified: idToken.email_verified === true,
		name: typeof idToken.name === 'string' ? idToken.name : null
	};
}

/** PostgreSQL's unique_violation, wherever the driver or drizzle put it. */
function isUniqueViolation(error: unknown): boolean {
	for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
		if ((e as { code?: unknown }).code === '23505') return true;
	}
	return false;
}

/**
 * Two first sign-ins of one new identity at once (a double-clicked consent,
 * two tabs) both find no identity and both insert; the later insert waits for
 * the earlier transaction and then breaks the (provider, subject) or address
 * key. Running the loser once more finds the winner's identity, so both end
 * in the same account instead of one answering 500.
 */
async function onceMoreIfRaced<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (!isUniqueViolation(error)) throw error;
		log.info('social sign-in raced another for the same identity; reading it again');
		return work();
	}
}
