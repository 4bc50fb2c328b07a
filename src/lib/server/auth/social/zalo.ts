/**
 * Zalo sign-in (ADR 019): Zalo's OAuth v4 with PKCE, which is OAuth 2 with
 * Zalo's own names and no OpenID Connect.
 *
 * - Authorize: `{oauth}/v4/permission?app_id&redirect_uri&code_challenge&state`
 *   (S256 is the only challenge method Zalo knows, so it takes no method parameter).
 * - Token: POST `{oauth}/v4/access_token`, form `code`, `app_id`,
 *   `grant_type=authorization_code`, `code_verifier`, and the app's secret in a
 *   `secret_key` header. openid-client does the exchange and its checks (the
 *   returning `state`, the response's shape); the client authentication below
 *   only puts the app id and secret where Zalo wants them, and the fetch
 *   wrapper only normalises Zalo's answer (no `token_type`; errors as HTTP 200
 *   with a numeric `error`) into the RFC 6749 shape the library checks.
 * - Profile: GET `{graph}/v2.0/me?fields=id,name,picture` with an `access_token`
 *   header. Zalo gives no email address: the account is keyed by `id`.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';
import { config, type ZaloConfig } from '../../config';
import type { ProviderClaims } from './identities';

const PROFILE_TIMEOUT_MS = 10_000;

export function zaloConfig(): ZaloConfig | undefined {
	return config().social.zalo;
}

export function zaloAuthorizationUrl(c: ZaloConfig, redirectUri: string, state: string, codeChallenge: string): string {
	const url = new URL(`${c.oauthUrl}/v4/permission`);
	url.searchParams.set('app_id', c.appId);
	url.searchParams.set('redirect_uri', redirectUri);
	url.searchParams.set('code_challenge', codeChallenge);
	url.searchParams.set('state', state);
	return url.href;
}

/** Zalo reads the app id from the form's `app_id` and its secret from a `secret_key` header. */
function zaloClientAuth(secret: string): oidc.ClientAuth {
	return (_as, client, body, headers) => {
		body.set('app_id', client.client_id);
		headers.set('secret_key', secret);
	};
}

const ZaloError = z.object({ error: z.union([z.number(), z.string()]), error_name: z.string().optional(), error_reason: z.string().optional() });

/** Zalo's token answer in the shape RFC 6749 gives it, so openid-client's checks apply unchanged. */
const zaloTokenFetch: oidc.CustomFetch = async (url, options) => {
	const response = await fetch(url, options as RequestInit);
	if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return response;
	const body = (await response.json()) as Record<string, unknown>;
	const failed = ZaloError.safeParse(body);
	if (typeof body.access_token !== 'string' && failed.success && String(failed.data.error) !== '0') {
		const description = [failed.data.error, failed.data.error_name, failed.data.error_reason].filter(Boolean).join(' ');
		return Response.json({ error: 'invalid_grant', error_description: `Zalo: ${description}`.slice(0, 200) }, { status: 400 });
	}
	if (typeof body.access_token === 'string' && body.token_type === undefined) body.token_type = 'bearer';
	return Response.json(body, { status: response.status });
};

const configurations = new Map<string, oidc.Configuration>();

function configurationFor(c: ZaloConfig): oidc.Configuration {
	const key = `${c.oauthUrl} ${c.appId}`;
	let configuration = configurations.get(key);
	if (!configuration) {
		configuration = new oidc.Configuration(
			{ issuer: c.oauthUrl, authorization_endpoint: `${c.oauthUrl}/v4/permission`, token_endpoint: `${c.oauthUrl}/v4/access_token` },
			c.appId,
			undefined,
			zaloClientAuth(c.appSecret)
		);
		configuration[oidc.customFetch] = zaloTokenFetch;
		// Only the tests' Zalo-shaped server is plain http, and its URL is refused in production (config/social.ts).
		if (c.oauthUrl.startsWith('http://')) oidc.allowInsecureRequests(configuration);
		configurations.set(key, configuration);
	}
	return configuration;
}

const Profile = z.object({
	id: z.string().regex(/^\d{1,32}$/),
	name: z.string().optional(),
	error: z.number().optional()
});

async function profile(c: ZaloConfig, accessToken: string): Promise<z.infer<typeof Profile>> {
	const url = new URL(`${c.graphUrl}/v2.0/me`);
	url.searchParams.set('fields', 'id,name,picture');
	const response = await fetch(url, { headers: { access_token: accessToken, accept: 'application/json' }, signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS) });
	if (!response.ok) throw new Error(`Zalo profile answered ${response.status}`);
	const body: unknown = await response.json();
	const parsed = Profile.safeParse(body);
	// Zalo reports a refused token as HTTP 200 with a non-zero `error` and no `id`.
	if (!parsed.success || (parsed.data.error ?? 0) !== 0) throw new Error(`Zalo profile refused: ${JSON.stringify(body).slice(0, 120)}`);
	return parsed.data;
}

/** Exchanges the returning code (with this flow's verifier) and reads who signed in. */
export async function zaloIdentity(c: ZaloConfig, callback: URL, codeVerifier: string, expectedState: string): Promise<ProviderClaims> {
	const tokens = await oidc.authorizationCodeGrant(configurationFor(c), callback, { pkceCodeVerifier: codeVerifier, expectedState });
	const me = await profile(c, tokens.access_token);
	return { subject: me.id, email: null, emailVerified: false, name: me.name?.trim() || null };
}
