/** The process itself: where it listens, how many workers, limits of a request, logs and health. */
import { resolve } from 'node:path';
import { z } from 'zod';
import { bool, positiveInt, secret, setting, type EnvOf } from './kit';
import { resolveWebConcurrency } from './web-concurrency';

export const serverVariables = {
	NODE_ENV: setting(
		z.enum(['development', 'test', 'production']).optional(),
		'`production` requires `AUTH_SECRET`, `SIGNING_SECRET`, `ORIGIN` and the `PAYMENT_*` account and key; `development` is the demo (see "Modes")',
		'unset → `production` (`npm start`: `development`)'
	),
	PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000), 'where the server listens'),
	HOST: setting(z.string().default('0.0.0.0'), 'the address it listens on'),
	ORIGIN: setting(z.url().optional(), 'public origin: links, same-origin checks, OpenAPI `servers`', '`http://localhost:$PORT`'),
	DATA_DIR: setting(z.string().default('.data'), 'embedded database, stored files, development secrets'),
	WEB_CONCURRENCY: setting(
		positiveInt.max(64).optional(),
		'HTTP worker processes of `node build` (node:cluster, one port); more than 1 is refused without PostgreSQL and Redis/Upstash',
		'cores in production with `DATABASE_URL` and a shared rate-limit store, else `1`'
	),
	JOBS: setting(
		z.enum(['on', 'off']).default('on'),
		'`off`: this process runs no background jobs and no previews — a web process beside `node build/worker.js` workers (see "Worker processes"); `on`: it runs them (elected among processes on PostgreSQL)'
	),
	WORKER_HEAP_MB: setting(
		positiveInt.min(128).max(16_384).default(512),
		"V8 heap limit (`--max-old-space-size`) of each worker the primary forks, unless `NODE_OPTIONS` sets one: with V8's default limit (a share of the machine's memory) the heap grows lazily far past what the bounded caches hold (ADR 016)"
	),
	NODE_OPTIONS: setting(z.string().optional(), "Node's own; read only to tell whether the operator chose a heap limit", 'unset'),
	TRUST_PROXY: setting(bool.default(false), 'take the client IP from the last `X-Forwarded-For` hop (only behind your own proxy)'),
	BODY_LIMIT_BYTES: setting(positiveInt.default(64 * 1024), 'larger request bodies get 413 (and the connection closes when more than 8× this is left unread)'),
	REQUEST_TIMEOUT_MS: setting(positiveInt.default(10_000), 'an API call that takes longer answers 503 instead of hanging (e.g. a black-holed database)'),
	SHUTDOWN_TIMEOUT: setting(
		z.coerce.number().int().min(0).max(3600).default(30),
		'seconds SIGTERM waits for in-flight requests: adapter-node for their connections (then it closes the rest), the app for handlers still running after their client went away (then it closes the database anyway, with a warning)'
	),
	HEALTH_CHECK_TIMEOUT_MS: setting(positiveInt.default(1_000), 'bound of each health check'),
	HEALTH_TOKEN: setting(secret.optional(), 'callers sending it as `X-Health-Token` see per-check health detail', 'unset'),
	METRICS_TOKEN: setting(
		secret.optional(),
		'Prometheus scrapes `GET /metrics` with `Authorization: Bearer $METRICS_TOKEN` (≥ 32 characters); see [Metrics](#metrics)',
		'unset → no `/metrics` (404)'
	),
	LOG_LEVEL: setting(
		z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
		'`debug`, `info`, `warn`, `error`, `silent`; one JSON object per line, `requestId` on every line written while serving a request, the per-request access line at `debug` (5xx at `info`) — see [Logs](#logs)'
	),
	CPU_PROFILE_DIR: setting(
		z.string().min(1).optional(),
		'set: `SIGUSR2` to a serving process starts a CPU profile and the next `SIGUSR2` writes it here as `cpu-<pid>-<time>.cpuprofile` (`npm run bench` profiles every scenario this way); unset: no handler',
		'unset'
	),
	TEST_HOOKS: setting(
		bool.default(false),
		'test-only endpoints (clock, SQL); refused in production, and absent from a production build (`npm run build`) whatever it says'
	),
	TEST_HOLD_STARTUP: setting(
		bool.default(false),
		'with `TEST_HOOKS`: the first start waits after the migrations until `POST /api/internal/test/release-startup` (tests of the 503 while preparing)'
	)
};

export type Mode = 'development' | 'test' | 'production';

/** What other features' settings depend on: the mode, where data lives, the public origin. */
export interface ConfigContext {
	mode: Mode;
	isProduction: boolean;
	dataDir: string;
	origin: string;
}

export function configContext(env: EnvOf<typeof serverVariables>, mode: Mode): ConfigContext {
	return {
		mode,
		isProduction: mode === 'production',
		dataDir: resolve(env.DATA_DIR),
		origin: (env.ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
	};
}

type ServerEnv = EnvOf<typeof serverVariables> & { DATABASE_URL?: string; REDIS_URL?: string; UPSTASH_REDIS_REST_URL?: string };

export function serverSettings(env: ServerEnv, ctx: ConfigContext) {
	return {
		env: ctx.mode,
		/** What the operator sees (first log line, /api/health detail): the embedded demo, tests, or production. */
		mode: (ctx.mode === 'development' ? 'demo' : ctx.mode) as 'demo' | 'test' | 'production',
		isProduction: ctx.isProduction,
		/** Development: request ids in bodies, per-check health detail. */
		isDevelopment: ctx.mode === 'development',
		port: env.PORT,
		host: env.HOST,
		origin: ctx.origin,
		/**
		 * The origin adapter-node builds every request's URL from: ORIGIN's when set,
		 * otherwise each request's Host header (undefined here). The same-origin check
		 * compares against it, so the front answers writes only when it is known (../http/front.ts).
		 */
		requestOrigin: env.ORIGIN === undefined ? undefined : new URL(env.ORIGIN.trim()).origin,
		dataDir: ctx.dataDir,
		/** HTTP worker processes (node:cluster); 1 = this process serves. */
		webConcurrency: resolveWebConcurrency(env.WEB_CONCURRENCY, {
			production: ctx.isProduction,
			postgres: Boolean(env.DATABASE_URL),
			sharedRateLimitStore: Boolean(env.REDIS_URL || env.UPSTASH_REDIS_REST_URL)
		}),
		/** Null when NODE_OPTIONS already sets the limit (the workers inherit it). */
		workerHeapMb: /--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '') ? null : env.WORKER_HEAP_MB,
		trustProxy: env.TRUST_PROXY,
		bodyLimitBytes: env.BODY_LIMIT_BYTES,
		/** An API call that takes longer answers 503 instead of hanging (e.g. a black-holed database). */
		requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
		healthCheckTimeoutMs: env.HEALTH_CHECK_TIMEOUT_MS,
		/** Lets internal callers see per-check health detail outside development. */
		healthToken: env.HEALTH_TOKEN,
		/** Bearer token a Prometheus scraper sends to /metrics; undefined → no metrics endpoint at all. */
		metricsToken: env.METRICS_TOKEN,
		logLevel: env.LOG_LEVEL,
		/** Where SIGUSR2-triggered CPU profiles go (platform/cpu-profile.ts); undefined: no profiling on signal. */
		cpuProfileDir: env.CPU_PROFILE_DIR ? resolve(env.CPU_PROFILE_DIR) : undefined,
		testHooks: env.TEST_HOOKS,
		/** How long a shutdown waits for request handlers still running (../http/in-flight.ts), and a worker for its preview jobs. */
		shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
		/** Whether this process runs background jobs and previews (JOBS). */
		jobs: env.JOBS === 'on',
		/** Tests only: the first seed waits for a release, so "still preparing" can be observed without racing. */
		testHoldStartup: env.TEST_HOOKS && env.TEST_HOLD_STARTUP
	};
}
