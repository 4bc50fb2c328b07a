/**
 * The only reader of the environment (README "Configuration").
 *
 * Each feature owns its variables, their defaults and README words in a file of
 * its own (config/<feature>.ts) and turns them into its part of `Config`; this
 * file joins them. Everything is validated by zod once, at first use, and
 * production's refusals are reported in the same message as malformed values.
 * The `Config` type is what the features' settings functions return.
 */
import { z } from 'zod';
import { authSettings } from './auth';
import { cartSettings } from './cart';
import { catalogSettings } from './catalog';
import { checkoutSettings } from './checkout';
import { communitySettings } from './community';
import { databaseSettings } from './database';
import { envSchema, type Env } from './features';
import { ConfigError } from './kit';
import { musicSettings } from './music';
import { notifySettings } from './notify';
import { paymentSettingsOf } from './payments';
import { previewSettings } from './previews';
import { productionProblems, refuseProduction } from './production';
import { rateLimitSettings } from './rate-limit';
import { secretSettings } from './secrets';
import { configContext, serverSettings, type Mode } from './server';
import { socialSettings } from './social';
import { storageSettings } from './storage';
import { studioSettings } from './studio';
import { walletSettings } from './wallet';

export { ConfigError } from './kit';
export { FEATURES, type Env } from './features';
export { resolveWebConcurrency } from './web-concurrency';
export { adapterBodyLimit, type StorageConfig } from './storage';
export { DEMO_PAYMENT_ACCOUNT, type PaymentAccount, type PaymentSettings, type WebhookKey } from './payments';
export type { Secrets } from './secrets';
export type { MusicConfig } from './music';
export type { SocialConfig, SocialProviderConfig, ZaloConfig } from './social';
export type { RateLimitConfig } from './rate-limit';
export type { CheckoutConfig } from './checkout';
export { toolEnvironment, type PreviewConfig } from './previews';


function settings(env: Env, mode: Mode) {
	const ctx = configContext(env, mode);
	return {
		...serverSettings(env, ctx),
		...databaseSettings(env, ctx),
		...secretSettings(env, ctx),
		...authSettings(env, ctx),
		...socialSettings(env, ctx),
		...rateLimitSettings(env),
		...catalogSettings(env),
		...storageSettings(env, ctx),
		...musicSettings(env),
		...paymentSettingsOf(env, ctx),
		...cartSettings(env),
		...checkoutSettings(env),
		...walletSettings(env),
		...communitySettings(env),
		...notifySettings(env),
		...studioSettings(env),
		...previewSettings(env)
	};
}

export type Config = ReturnType<typeof settings>;

type Source = Record<string, string | undefined>;

/** The server's rule: an unset NODE_ENV is production, so a bare `node build` can never run on demo keys. */
let modeWhenUnset: (source: Source) => Mode = () => 'production';
let cached: Config | undefined;

/**
 * The tsx tools (`npm run ops`, `seed`, `db:migrate`) call this first: with
 * NODE_ENV unset they follow the database — none configured means the
 * embedded demo database (demo mode), a DATABASE_URL means production.
 */
export function useToolDefaults(): void {
	modeWhenUnset = (source) => (source.DATABASE_URL ? 'production' : 'development');
	cached = undefined;
}

/** Back to the server's rule (tests of both rules in one process). */
export function resetDefaultMode(): void {
	modeWhenUnset = () => 'production';
	cached = undefined;
}

function resolveMode(source: Source): Mode {
	const raw = source.NODE_ENV;
	if (raw === undefined || raw === '') return modeWhenUnset(source);
	return raw === 'production' || raw === 'test' || raw === 'development' ? raw : 'production';
}

function formatIssues(error: z.ZodError): string {
	return error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}

export function loadConfig(source: Source = process.env): Config {
	const mode = resolveMode(source);
	const parsed = envSchema.safeParse(source);
	const refusals = mode === 'production' ? productionProblems(source) : [];
	if (!parsed.success) {
		const extra = refusals.length > 0 ? `\nProduction also needs:\n${refusals.map((p) => `  - ${p}`).join('\n')}` : '';
		throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}${extra}`);
	}
	if (refusals.length > 0) refuseProduction(refusals);
	return settings(parsed.data, mode);
}

/** The process-wide configuration, validated on first use. */
export function config(): Config {
	cached ??= loadConfig();
	return cached;
}
