/**
 * Start-up sequence, run once per process from hooks.server.ts `init`:
 * migrate, seed an empty embedded database, start background jobs.
 *
 * The port opens at once: migrations and the first seed (minutes on a small
 * machine) run in the background while `preparing` is set, and hooks.server.ts
 * answers 503 "đang chuẩn bị dữ liệu" meanwhile. An unreachable database does
 * not stop the process either: the probe reports `degraded`, requests fail
 * fast with 503, and migration is retried in the background until the
 * database answers.
 */
import cluster from 'node:cluster';
import { startCatalogInvalidation } from './catalog/invalidation';
import { refreshStatistics, seedCatalog, storeSeedFiles } from './catalog/seed';
import { config, ConfigError } from './config';
import { closeDatabase } from './db/client';
import { DEMO_ACCOUNT, seedDemoAccount } from './demo-account';
import { runMigrations } from './db/migrate';
import { isUnavailable } from './errors/classify';
import { inFlightSettled } from './http/in-flight';
import { log } from './platform/logger';
import { electJobLeader, leadAlone } from './platform/job-leader';
import { startJobs, stopJobs } from './platform/jobs';
import { isWorkerProcess } from './platform/process-role';
import { previewJobsSettled, releasePreviewJobs, stopClaiming } from './previews/worker';
import { rateLimitStore } from './platform/ratelimit';
import { installRateLimitStore } from './platform/ratelimit/install';
import { markStartup, startupState } from './startup-state';

export type StartupHook = () => Promise<void>;

const afterMigrationHooks: StartupHook[] = [];
const RETRY_MS = 2_000;
let stopElection: (() => Promise<void>) | undefined;
let stopCatalogInvalidation: (() => Promise<void>) | undefined;

/** Domains register work that needs a migrated database (seeding, store set-up). */
export function afterMigration(hook: StartupHook): void {
	afterMigrationHooks.push(hook);
}

/** First start of an empty (embedded, by default) database: a small demo catalog. */
afterMigration(async () => {
	const cfg = config();
	// The web process seeds; a worker beside it only migrates (both under the migration lock).
	if (!cfg.seedOnEmpty || isWorkerProcess()) return;
	const outcome = await seedCatalog({ products: cfg.seedProducts, seed: cfg.seedValue });
	if (!outcome.seeded) return;
	await refreshStatistics(false);
	await storeSeedFiles(outcome.files);
	const demoAccount = await seedDemoAccount();
	log.info('seeded the demo catalog into an empty database', { ...outcome.counts, ...(demoAccount ? { demoAccount: DEMO_ACCOUNT.email } : {}) });
});

/** TEST_HOLD_STARTUP: the first preparation waits here until a test releases it, so "before ready" is not a race. */
let releaseHold: (() => void) | undefined;
const held = new Promise<void>((resolve) => (releaseHold = resolve));

export function releaseStartupHold(): void {
	releaseHold?.();
}

async function migrateAndPrepare(): Promise<void> {
	await runMigrations();
	// Every process (cluster worker, instance) hears catalog changes itself (catalog/invalidation.ts).
	stopCatalogInvalidation ??= startCatalogInvalidation();
	if (config().testHoldStartup) {
		log.info('start-up held until released (TEST_HOLD_STARTUP)');
		await held;
	}
	for (const hook of afterMigrationHooks) await hook();
	markStartup({ migrated: true });
	log.info('database ready');
}

function retryInBackground(): void {
	const timer = setTimeout(async () => {
		try {
			await migrateAndPrepare();
		} catch (error) {
			log.warn('database still unavailable, retrying', { error });
			retryInBackground();
		}
	}, RETRY_MS);
	timer.unref();
}

/**
 * adapter-node answers SIGTERM/SIGINT by closing the HTTP server: no new
 * connections, in-flight requests run to the end (at most SHUTDOWN_TIMEOUT
 * seconds, 30 by default), then it emits this. A handler whose client went
 * away is still running then (its connection ended): wait for those too, as
 * long again at most. Only then stop the jobs and let go of Redis and the
 * database, so the process exits 0 on its own.
 */
function releaseOnShutdown(): void {
	(process as NodeJS.EventEmitter).once('sveltekit:shutdown', () => {
		stopJobs();
		void inFlightSettled(config().shutdownTimeoutMs)
			.then((left) => {
				if (left > 0) log.warn('shutting down with requests still running', { requests: left });
				return Promise.allSettled([stopElection?.(), stopCatalogInvalidation?.(), rateLimitStore().close?.(), closeDatabase()]);
			})
			.then(() => {
				log.info('shut down: jobs stopped, database closed');
				// A cluster worker keeps its channel to the primary open: let go of it so the process ends.
				if (cluster.isWorker) cluster.worker?.disconnect();
			});
	});
}

async function firstPreparation(): Promise<void> {
	markStartup({ preparing: true });
	try {
		await migrateAndPrepare();
	} catch (error) {
		// A broken migration is a bug to surface at once; only an unreachable database is waited out.
		if (!isUnavailable(error)) {
			log.error('start-up failed: migrations or the first seed broke; stopping', { error });
			process.exit(1);
		}
		log.error('database unavailable at start-up; serving degraded and retrying', { error });
		retryInBackground();
	} finally {
		markStartup({ preparing: false });
	}
}

/** A configuration the process cannot run with: say what to fix, plainly, and exit non-zero before listening. */
export function configOrExit(): void {
	try {
		config();
	} catch (error) {
		if (!(error instanceof ConfigError)) throw error;
		console.error(error.message);
		process.exit(1);
	}
	if (isWorkerProcess() && !config().databaseUrl) {
		console.error(
			'The worker process (node build/worker.js) needs DATABASE_URL (PostgreSQL): the embedded database opens in one process only, and `npm start` already runs the background jobs and previews in it.'
		);
		process.exit(1);
	}
}

/** Returns at once: the server listens while the database is prepared (see `preparing`). */
export function startServer(): void {
	if (startupState().started) return;
	markStartup({ started: true });
	const cfg = config();
	log.info(`starting in ${cfg.mode} mode`, {
		mode: cfg.mode,
		...(cfg.mode === 'demo' ? { note: 'demo data, demo account and public demo payment keys; never expose this to the internet' } : {})
	});
	releaseOnShutdown();
	installRateLimitStore();
	if (!cfg.jobs) {
		// On the embedded database no worker process can open it: nothing would ever run them.
		if (cfg.databaseUrl) log.info('background jobs and previews off in this process (JOBS=off): worker processes run them');
		else log.warn('JOBS=off on the embedded database: no process runs the background jobs or previews (a worker process needs PostgreSQL)');
	} else {
		// One process runs the jobs: the embedded database has only this one; on PostgreSQL, the elected one.
		const jobs = { lead: () => startJobs(), standBy: () => stopJobs() };
		stopElection = cfg.databaseUrl ? electJobLeader(cfg.databaseUrl, jobs) : leadAlone(jobs);
	}
	void firstPreparation();
}

/**
 * `node build/worker.js`: the jobs without HTTP. Sweeps stay with the elected leader; preview
 * jobs run here whether or not this process leads. It needs PostgreSQL (configOrExit refuses
 * without): the embedded database opens in one process only, and `npm start` runs the jobs there.
 */
export function startWorker(): void {
	if (startupState().started) return;
	markStartup({ started: true });
	const cfg = config();
	log.info(`worker process starting in ${cfg.mode} mode`, { mode: cfg.mode, pid: process.pid, previewConcurrency: cfg.previews.concurrency });
	installRateLimitStore();
	// configOrExit has refused to start a worker without DATABASE_URL.
	stopElection = electJobLeader(cfg.databaseUrl!, { lead: () => startJobs(['leader']), standBy: () => stopJobs(['leader']) });
	startJobs(['every-worker']);
	for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stopWorker(signal));
	void firstPreparation().then(() => {
		if (startupState().migrated) log.info('worker ready', { pid: process.pid, previewConcurrency: cfg.previews.concurrency });
	});
}

/** SIGTERM/SIGINT: claim nothing more, finish the jobs in hand within SHUTDOWN_TIMEOUT, hand back what is left, exit 0. */
async function stopWorker(signal: NodeJS.Signals): Promise<void> {
	const cfg = config();
	log.info('worker stopping: finishing the preview jobs in hand', { signal, withinMs: cfg.shutdownTimeoutMs });
	stopJobs();
	stopClaiming();
	if (!(await previewJobsSettled(cfg.shutdownTimeoutMs))) await releasePreviewJobs();
	await Promise.allSettled([stopElection?.(), stopCatalogInvalidation?.(), rateLimitStore().close?.()]);
	await closeDatabase().catch(() => {});
	log.info('worker stopped');
	process.exit(0);
}
