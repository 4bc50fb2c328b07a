/**
 * In-process background jobs (expiry sweeps and the like). Each job runs on its
 * own interval; the scheduler's heartbeat feeds /api/health. Jobs must be safe
 * on several instances at once (they lock rows with SKIP LOCKED themselves).
 *
 * Two scopes: `leader` jobs (the sweeps) run in the one elected process
 * (job-leader.ts); `every-worker` jobs (preview rendering, whose queue is
 * claimed with SKIP LOCKED and leased) run in every worker process at once, so
 * more worker processes render more previews. In a web process that runs jobs
 * (JOBS=on) both scopes follow the election, as they did before workers existed.
 */
import { jobLeaderProblem, jobRole, type JobRole } from './job-leader';
import { log } from './logger';
import { recordJobRun } from './metrics';

export type JobScope = 'leader' | 'every-worker';

interface Job {
	name: string;
	scope: JobScope;
	intervalMs: number;
	run: () => Promise<unknown>;
	timer?: NodeJS.Timeout;
	running: boolean;
	/** When the scheduler started it (its first run is one interval later). */
	startedAt?: number;
	lastSuccessAt?: number;
	lastError?: string;
}

const jobs = new Map<string, Job>();
const HEARTBEAT_MS = 1_000;
let heartbeatTimer: NodeJS.Timeout | undefined;
let lastHeartbeat = 0;

const started = new Set<JobScope>();

export function registerJob(name: string, intervalMs: number, run: () => Promise<unknown>, scope: JobScope = 'leader'): void {
	if (jobs.has(name)) return;
	const job: Job = { name, scope, intervalMs, run, running: false };
	jobs.set(name, job);
	if (started.has(scope)) schedule(job);
}

function schedule(job: Job): void {
	job.startedAt = Date.now();
	job.timer = setInterval(async () => {
		if (job.running) return; // never overlap a slow run with the next tick
		job.running = true;
		const started = performance.now();
		try {
			await job.run();
			job.lastSuccessAt = Date.now();
			job.lastError = undefined;
			recordJobRun(job.name, 'success', (performance.now() - started) / 1000);
		} catch (error) {
			job.lastError = error instanceof Error ? error.message : String(error);
			recordJobRun(job.name, 'failure', (performance.now() - started) / 1000);
			log.warn('background job failed', { job: job.name, error });
		} finally {
			job.running = false;
		}
	}, job.intervalMs);
	job.timer.unref();
}

/** Starts the jobs of the given scopes (both by default) that are not running yet. */
export function startJobs(scopes: JobScope[] = ['leader', 'every-worker']): void {
	if (!heartbeatTimer) {
		lastHeartbeat = Date.now();
		heartbeatTimer = setInterval(() => (lastHeartbeat = Date.now()), HEARTBEAT_MS);
		heartbeatTimer.unref();
	}
	for (const scope of scopes) {
		if (started.has(scope)) continue;
		started.add(scope);
		for (const job of jobs.values()) if (job.scope === scope) schedule(job);
	}
}

/** Stops the given scopes' schedules (both by default); a run in progress finishes on its own. */
export function stopJobs(scopes: JobScope[] = ['leader', 'every-worker']): void {
	for (const scope of scopes) {
		started.delete(scope);
		for (const job of jobs.values()) if (job.scope === scope) clearInterval(job.timer);
	}
	if (started.size > 0) return;
	clearInterval(heartbeatTimer);
	heartbeatTimer = undefined;
}

export interface JobStatus {
	name: string;
	intervalMs: number;
	lastSuccessAt: string | null;
	lastError: string | null;
	/** No successful run for three intervals (plus a grace period) since it started or last succeeded. */
	stale: boolean;
}

export interface WorkerStatus {
	ok: boolean;
	/** Whether this process runs the jobs (one process does, see job-leader.ts). */
	role: JobRole;
	/** Set when the process cannot tell whether it should run them. */
	problem?: string;
	heartbeatAgeMs: number | null;
	jobs: JobStatus[];
}

const JOB_GRACE_MS = 10_000;

/**
 * Healthy when the scheduler has ticked within a few heartbeats (an
 * event-loop stall shows here) and no job has gone three intervals without
 * succeeding (a sweep failing on every run shows here).
 */
export function workerStatus(): WorkerStatus {
	const at = Date.now();
	const role = jobRole();
	if (role === 'standby') {
		const problem = jobLeaderProblem();
		return { ok: !problem, role, ...(problem ? { problem } : {}), heartbeatAgeMs: null, jobs: [] };
	}
	const age = heartbeatTimer ? at - lastHeartbeat : null;
	const list = [...jobs.values()].map((j) => {
		const since = j.lastSuccessAt ?? j.startedAt;
		return {
			name: j.name,
			intervalMs: j.intervalMs,
			lastSuccessAt: j.lastSuccessAt ? new Date(j.lastSuccessAt).toISOString() : null,
			lastError: j.lastError ?? null,
			stale: since !== undefined && at - since > j.intervalMs * 3 + JOB_GRACE_MS
		};
	});
	return { ok: age !== null && age < HEARTBEAT_MS * 5 && list.every((j) => !j.stale), role, heartbeatAgeMs: age, jobs: list };
}
