/**
 * The health probe's checks (GET /api/health): database, cache (the rate-limit store),
 * background workers and file storage (every purchase ends in a download).
 * Each check is bounded by a timeout so the probe answers in about a second
 * even when a dependency hangs.
 */
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { db } from '../db/client';
import { rateLimitStore } from '../platform/ratelimit';
import { workerStatus, type WorkerStatus } from '../platform/jobs';
import { storage } from '../platform/storage';
import { startupState } from '../startup-state';

export interface CheckResult {
	ok: boolean;
	latencyMs: number;
	error?: string;
}

export interface WorkersCheck extends CheckResult {
	role: WorkerStatus['role'];
	/** This process, so a cluster's workers can be told apart. */
	pid: number;
	heartbeatAgeMs: number | null;
	jobs: WorkerStatus['jobs'];
}

export interface HealthReport {
	status: 'ok' | 'degraded';
	/** Which mode the process runs in, so nobody mistakes the demo for production. */
	mode: 'demo' | 'test' | 'production';
	checks: Record<'database' | 'cache' | 'storage', CheckResult> & { workers: WorkersCheck };
}

async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
	const started = performance.now();
	let timer: NodeJS.Timeout | undefined;
	try {
		await Promise.race([
			check(),
			new Promise((_, reject) => {
				timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
			})
		]);
		return { ok: true, latencyMs: Math.round(performance.now() - started) };
	} catch (error) {
		return {
			ok: false,
			latencyMs: Math.round(performance.now() - started),
			error: error instanceof Error ? error.message : String(error)
		};
	} finally {
		clearTimeout(timer);
	}
}

export async function checkHealth(): Promise<HealthReport> {
	const timeout = config().healthCheckTimeoutMs;
	const [database, cache, files] = await Promise.all([
		timed(async () => {
			if (!startupState().migrated) throw new Error('migrations not applied yet');
			await db().execute(sql`select 1`);
		}, timeout),
		timed(() => rateLimitStore().ping(), timeout),
		// FsStorage: the directory is writable; S3: HeadBucket.
		timed(() => storage().ping(), timeout)
	]);
	const w = workerStatus();
	const stale = w.jobs.filter((j) => j.stale).map((j) => j.name);
	const problem = w.ok
		? undefined
		: (w.problem ?? (stale.length ? `jobs not succeeding: ${stale.join(', ')}` : 'worker heartbeat is stale'));
	const workers: WorkersCheck = {
		ok: w.ok,
		latencyMs: 0,
		...(problem ? { error: problem } : {}),
		role: w.role,
		pid: process.pid,
		heartbeatAgeMs: w.heartbeatAgeMs,
		jobs: w.jobs
	};
	const ok = database.ok && cache.ok && workers.ok && files.ok;
	return { status: ok ? 'ok' : 'degraded', mode: config().mode, checks: { database, cache, workers, storage: files } };
}
