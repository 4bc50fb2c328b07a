/** Social sign-in providers (ADR 019): each is on only when its id and secret are set. */
import { z } from 'zod';
import { ConfigError, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

const SOCIAL = '[Social sign-in](#social-sign-in-google-zalo-a-schools-identity-provider)';

export const socialVariables = {
	GOOGLE_CLIENT_ID: setting(z.string().min(1).optional(), `turn on "Đăng nhập với Google" (with \`GOOGLE_CLIENT_SECRET\`: both or neither); see ${SOCIAL}`, 'unset (off)'),
	GOOGLE_CLIENT_SECRET: setting(z.string().min(1).optional(), "the Google client's secret", 'unset (off)'),
	GOOGLE_ISSUER: setting(
		z.url().optional(),
		"outside production only: discover this issuer instead of Google's endpoints (the tests' OpenID Connect server)",
		'unset'
	),
	OIDC_ISSUER: setting(z.url().optional(), "a school's or province's OpenID Connect provider (discovery; `https://` in production)", 'unset (off)'),
	OIDC_CLIENT_ID: setting(z.string().min(1).optional(), 'its client id (with `OIDC_CLIENT_SECRET`: both or neither)', 'unset (off)'),
	OIDC_CLIENT_SECRET: setting(z.string().min(1).optional(), 'its client secret', 'unset (off)'),
	OIDC_LABEL: setting(z.string().trim().min(1).max(60).default('Tài khoản trường học'), "that provider's button name"),
	ZALO_APP_ID: setting(
		z.string().min(1).optional(),
		`turn on "Đăng nhập với Zalo" (with \`ZALO_APP_SECRET\`: both or neither; developers.zalo.me); see ${SOCIAL}`,
		'unset (off)'
	),
	ZALO_APP_SECRET: setting(z.string().min(1).optional(), "the Zalo app's secret key", 'unset (off)'),
	ZALO_OAUTH_URL: setting(
		z.url().optional(),
		"outside production only: the origin standing in for `oauth.zaloapp.com` (the tests' Zalo-shaped server; Zalo has no discovery document to point at instead)",
		"unset (Zalo's)"
	),
	ZALO_GRAPH_URL: setting(z.url().optional(), 'outside production only: the origin standing in for `graph.zalo.me`', "unset (Zalo's)")
};

export interface SocialProviderConfig {
	clientId: string;
	clientSecret: string;
	/** Discovered at first use; undefined = Google's fixed endpoints. */
	issuer: string | undefined;
	label: string;
}

/** Zalo is plain OAuth 2 (no OpenID Connect): its own endpoints, no ID token, no email. */
export interface ZaloConfig {
	appId: string;
	appSecret: string;
	/** Serves /v4/permission and /v4/access_token. */
	oauthUrl: string;
	/** Serves /v2.0/me. */
	graphUrl: string;
	label: string;
}

export interface SocialConfig {
	google?: SocialProviderConfig;
	oidc?: SocialProviderConfig & { issuer: string };
	zalo?: ZaloConfig;
	/** Plain-http issuers are accepted outside production only (the tests' server). */
	allowInsecureIssuers: boolean;
}

/** Half a pair is a mistake worth stopping for. */
export function socialSettings(env: EnvOf<typeof socialVariables>, { isProduction }: ConfigContext): { social: SocialConfig } {
	const pair = (name: string, id: string | undefined, secret: string | undefined) => {
		if (Boolean(id) !== Boolean(secret)) throw new ConfigError(`Set both ${name}_CLIENT_ID and ${name}_CLIENT_SECRET, or neither.`);
		return id && secret ? { clientId: id, clientSecret: secret } : undefined;
	};
	const google = pair('GOOGLE', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
	const oidc = pair('OIDC', env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET);
	if (oidc && !env.OIDC_ISSUER) throw new ConfigError('OIDC_CLIENT_ID is set but OIDC_ISSUER is not: set the issuer URL of the identity provider.');
	if (isProduction && env.GOOGLE_ISSUER) throw new ConfigError('GOOGLE_ISSUER is for tests only and is refused in production.');
	for (const [name, url] of [['OIDC_ISSUER', env.OIDC_ISSUER], ['GOOGLE_ISSUER', env.GOOGLE_ISSUER]] as const) {
		if (isProduction && url && !url.startsWith('https://')) throw new ConfigError(`${name} must be an https:// URL in production.`);
	}
	if (Boolean(env.ZALO_APP_ID) !== Boolean(env.ZALO_APP_SECRET)) throw new ConfigError('Set both ZALO_APP_ID and ZALO_APP_SECRET, or neither.');
	if (isProduction && (env.ZALO_OAUTH_URL || env.ZALO_GRAPH_URL)) throw new ConfigError('ZALO_OAUTH_URL and ZALO_GRAPH_URL are for tests only and are refused in production.');
	const zalo: ZaloConfig | undefined =
		env.ZALO_APP_ID && env.ZALO_APP_SECRET
			? {
					appId: env.ZALO_APP_ID,
					appSecret: env.ZALO_APP_SECRET,
					oauthUrl: (env.ZALO_OAUTH_URL ?? 'https://oauth.zaloapp.com').replace(/\/+$/, ''),
					graphUrl: (env.ZALO_GRAPH_URL ?? 'https://graph.zalo.me').replace(/\/+$/, ''),
					label: 'Zalo'
				}
			: undefined;
	return {
		social: {
			google: google ? { ...google, issuer: env.GOOGLE_ISSUER, label: 'Google' } : undefined,
			oidc: oidc && env.OIDC_ISSUER ? { ...oidc, issuer: env.OIDC_ISSUER, label: env.OIDC_LABEL } : undefined,
			zalo,
			allowInsecureIssuers: !isProduction
		}
	};
}
