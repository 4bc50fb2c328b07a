/**
 * The two HMAC keys. Production refuses to start without them; development and
 * test generate random ones once and keep them under the data directory, so
 * sessions survive restarts without anything secret ever being committed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { secret, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

export const secretVariables = {
	AUTH_SECRET: setting(secret.optional(), 'HMAC key of the session cookie (≥ 32 characters)', 'generated in development'),
	SIGNING_SECRET: setting(
		secret.optional(),
		'HMAC key of cursors, order-access cookies, download tokens, file links and gift-code lookup hashes (rotating it makes existing gift codes unredeemable)',
		'generated in development'
	)
};

export interface Secrets {
	/** HMAC key for session cookies. */
	authSecret: string;
	/** HMAC key for cursors, order-access cookies, download tokens and file links. */
	signingSecret: string;
}

/** Development secrets: random, generated once, stored under the data directory. */
function loadOrCreateDevSecrets(dataDir: string): Secrets {
	const file = join(dataDir, 'dev-secrets.json');
	if (existsSync(file)) {
		const parsed = z.object({ authSecret: secret, signingSecret: secret }).safeParse(JSON.parse(readFileSync(file, 'utf8')));
		if (parsed.success) return parsed.data;
	}
	const fresh: Secrets = {
		authSecret: randomBytes(32).toString('base64url'),
		signingSecret: randomBytes(32).toString('base64url')
	};
	mkdirSync(dataDir, { recursive: true });
	writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
	return fresh;
}

export function secretSettings(env: EnvOf<typeof secretVariables>, ctx: ConfigContext): { secrets: Secrets } {
	const dev = ctx.isProduction ? undefined : loadOrCreateDevSecrets(ctx.dataDir);
	return {
		secrets: {
			authSecret: env.AUTH_SECRET ?? dev!.authSecret,
			signingSecret: env.SIGNING_SECRET ?? dev!.signingSecret
		}
	};
}
