/**
 * Start-up sequence, run once per process from hooks.server.ts `init`:
 * migrate, seed an empty embedded database, start background jobs.
 *
 * An unreachable database does not stop the process: the probe reports
 * `degraded`, requests fail fast with 503, and migration is retried in the
 * background until the database answers.
 */
import { refreshStatistics, seedCatalog, storeSeedFiles } from './catalog/seed';
import { config } from './config';
import { closeDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { isUnavailable } from './errors/classify';
import { log } from './platform/logger';
import { startJobs, stopJobs } from './platform/jobs';
import { rateLimitStore } from './platform/ratelimit';
import { installRateLimitStore } from './platform/ratelimit/install';

export type StartupHook = () => Promise<void>;

const state = { migrated: false, started: false };
const afterMigrationHooks: StartupHook[] = [];
const RETRY_MS = 2_000;

export function startupState(): Readonly<typeof state> {
	return state;
}

/** Domains register work that needs a migrated database (seeding, store set-up). */
export function afterMigration(hook: StartupHook): void {
	afterMigrationHooks.push(hook);
}

/** First start of an empty (embedded, by default) database: a small demo catalog. */
afterMigration(async () => {
	const cfg = config();
	if (!cfg.seedOnEmpty) return;
	const outcome = await seedCatalog({ products: cfg.seedProducts, seed: cfg.seedValue });
	if (!outcome.seeded) return;
	await refreshStatistics(false);
	await storeSeedFiles(outcome.files);
	log.info('seeded the demo catalog into an empty database', outcome.counts);
});

async function migrateAndPrepare(): Promise<void> {
	await runMigrations();
	for (const hook of afterMigrationHooks) await hook();
	state.migrated = true;
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

/** adapter-node emits this once the HTTP server has closed: let go of Redis and the database so the process can exit. */
function releaseOnShutdown(): void {
	(process as NodeJS.EventEmitter).once('sveltekit:shutdown', () => {
		stopJobs();
		void Promise.allSettled([rateLimitStore().close?.(), closeDatabase()]);
	});
}

export async function startServer(): Promise<void> {
	if (state.started) return;
	state.started = true;
	releaseOnShutdown();
	installRateLimitStore();
	startJobs();
	try {
		await migrateAndPrepare();
	} catch (error) {
		// A broken migration is a bug to surface at once; only an unreachable database is waited out.
		if (!isUnavailable(error)) throw error;
		log.error('database unavailable at start-up; serving degraded and retrying', { error });
		retryInBackground();
	}
}
