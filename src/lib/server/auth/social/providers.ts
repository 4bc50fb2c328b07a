/**
 * The OpenID Connect providers social sign-in can use (ADR 019), each enabled
 * only when configured: `google` (Google's fixed endpoints) and `oidc` (any
 * issuer, found by discovery: a school's or a province's identity provider).
 * `zalo` is plain OAuth 2 with Zalo's own names (zalo.ts).
 * openid-client does the protocol: authorization URL with PKCE, state and
 * nonce, the code exchange, and the ID token's signature and claims.
 */
import * as oidc from 'openid-client';
import { config, type SocialProviderConfig } from '../../config';
import type { SocialProvider } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { log } from '../../platform/logger';

export interface EnabledProvider {
	id: SocialProvider;
	/** What the button says after "Đăng nhập với". */
	label: string;
}

/** Google's published endpoints (its discovery document), so a sign-in needs no discovery round trip. */
const GOOGLE_METADATA: oidc.ServerMetadata = {
	issuer: 'https://accounts.google.com',
	authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
	token_endpoint: 'https://oauth2.googleapis.com/token',
	userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
	jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
	id_token_signing_alg_values_supported: ['RS256'],
	code_challenge_methods_supported: ['S256']
};

function providerConfig(id: SocialProvider): SocialProviderConfig | undefined {
	const social = config().social;
	if (id === 'google') return social.google;
	if (id === 'oidc') return social.oidc;
	return undefined;
}

/** The providers that are on, in the order the sign-in page shows them. */
export function enabledProviders(): EnabledProvider[] {
	const out: EnabledProvider[] = [];
	for (const id of ['google', 'zalo', 'oidc'] as const) {
		const label = id === 'zalo' ? config().social.zalo?.label : providerConfig(id)?.label;
		if (label) out.push({ id, label });
	}
	return out;
}

export function isEnabled(id: SocialProvider): boolean {
	return id === 'zalo' ? config().social.zalo !== undefined : providerConfig(id) !== undefined;
}

const providerOff = () => new AppError('not_found', 'Cách đăng nhập này chưa được bật trên hoclieu.');

const configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

async function build(id: SocialProvider, c: SocialProviderConfig): Promise<oidc.Configuration> {
	const insecure = config().social.allowInsecureIssuers && c.issuer?.startsWith('http://');
	let configuration: oidc.Configuration;
	if (c.issuer === undefined) {
		configuration = new oidc.Configuration(GOOGLE_METADATA, c.clientId, c.clientSecret);
	} else {
		configuration = await oidc.discovery(new URL(c.issuer), c.clientId, c.clientSecret, undefined, {
			execute: insecure ? [oidc.allowInsecureRequests] : []
		});
	}
	// Without this openid-client trusts an ID token from the token endpoint on TLS alone; we also check its signature.
	oidc.enableNonRepudiationChecks(configuration);
	log.info('social sign-in provider ready', { provider: id, issuer: configuration.serverMetadata().issuer });
	return configuration;
}

/** The provider's client configuration, discovered once per process (a failed discovery is retried next time). */
export async function clientFor(id: SocialProvider): Promise<oidc.Configuration> {
	const c = providerConfig(id);
	if (!c) throw providerOff();
	let pending = configurations.get(id);
	if (!pending) {
		pending = build(id, c);
		configurations.set(id, pending);
		pending.catch(() => configurations.delete(id));
	}
	try {
		return await pending;
	} catch (error) {
		log.warn('social sign-in provider unreachable', { provider: id, error: error instanceof Error ? error.message : String(error) });
		throw new AppError('service_unavailable', 'Không kết nối được với nhà cung cấp đăng nhập. Vui lòng thử lại sau ít phút.');
	}
}

export function redirectUri(id: SocialProvider): string {
	return `${config().origin}/api/auth/callback/${id}`;
}

export { providerOff };
