/**
 * Every core for `node build` (WEB_CONCURRENCY > 1, docs/decisions/007-web-concurrency.md).
 *
 * SvelteKit's init hook runs before adapter-node listens. In the primary it
 * forks the workers and never finishes, so the primary never listens or opens
 * the database: it only supervises. The workers run the same build from the
 * same entry, and node:cluster hands them connections on the one port. The
 * primary
 * - restarts a worker that dies after it started serving (waiting longer after
 *   each quick death, up to 30 s, so a crash loop does not spin);
 * - stops everything and exits non-zero when a worker dies before it ever
 *   listened (a start-up failure would only repeat);
 * - forwards SIGTERM/SIGINT, lets every worker drain as a single process would,
 *   and exits 0 when the last one has gone;
 * - starts each worker with `--max-old-space-size` (WORKER_HEAP_MB) unless the
 *   operator set one in NODE_OPTIONS or on the primary's command line
 *   (docs/decisions/016-worker-heap-limit.md).
 */
import cluster, { type Worker } from 'node:cluster';
import { log } from './logger';

const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long counts as healthy: the restart delay starts over. */
const STABLE_AFTER_MS = 60_000;

export function shouldSupervise(workers: number): boolean {
	return workers > 1 && cluster.isPrimary;
}

const HEAP_FLAG = '--max-old-space-size';

/** The flags a worker starts with: the primary's, plus the heap limit unless one was chosen (null: in NODE_OPTIONS). */
export function workerExecArgv(primaryArgv: readonly string[], heapMb: number | null): string[] {
	const chosen = heapMb === null || primaryArgv.some((f) => f.startsWith(HEAP_FLAG));
	return chosen ? [...primaryArgv] : [...primaryArgv, `${HEAP_FLAG}=${heapMb}`];
}

export function superviseWorkers(count: number, heapMb: number | null): Promise<never> {
	const listened = new Set<number>();
	const startedAt = new Map<number, number>();
	let restartDelay = FIRST_RESTART_DELAY_MS;
	let stopping = false;
	let exitCode = 0;

	const alive = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

	const fork = () => {
		const worker = cluster.fork();
		startedAt.set(worker.id, Date.now());
		worker.once('listening', () => listened.add(worker.id));
	};

	const stopAll = (signal: NodeJS.Signals) => {
		stopping = true;
		for (const worker of alive()) worker.process.kill(signal);
		if (alive().length === 0) process.exit(exitCode);
	};

	cluster.on('exit', (worker, code, signal) => {
		const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
		startedAt.delete(worker.id);
		if (stopping) {
			if (alive().length === 0) {
				log.info('all workers stopped', { exitStatus: exitCode });
				process.exit(exitCode);
			}
			return;
		}
		if (!listened.has(worker.id)) {
			log.error('a worker stopped before it could serve; stopping the others', { pid: worker.process.pid, exitStatus: code, signal });
			exitCode = code || 1;
			stopAll('SIGTERM');
			return;
		}
		if (lived > STABLE_AFTER_MS) restartDelay = FIRST_RESTART_DELAY_MS;
		const delay = restartDelay;
		restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
		log.warn('a worker died; starting another', { pid: worker.process.pid, exitStatus: code, signal, restartInMs: delay });
		setTimeout(() => {
			if (!stopping) fork();
		}, delay);
	});

	process.on('SIGTERM', () => stopAll('SIGTERM'));
	process.on('SIGINT', () => stopAll('SIGINT'));

	// NODE_OPTIONS reaches the workers through their environment; execArgv adds to it.
	const execArgv = workerExecArgv(process.execArgv, heapMb);
	cluster.setupPrimary({ execArgv });
	log.info(`starting ${count} workers`, { workers: count, primaryPid: process.pid, execArgv });
	for (let i = 0; i < count; i++) fork();
	// Never settles: the primary must not go on to listen (see above).
	return new Promise<never>(() => {});
}
