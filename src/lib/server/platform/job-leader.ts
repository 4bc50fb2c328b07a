/**
 * One process runs the background jobs at a time, across cluster workers and
 * instances: the holder of a session advisory lock on a connection of its own
 * (docs/decisions/007-web-concurrency.md). Every CHECK_MS each process asks
 * whether its connection still holds the lock, or tries to take it, and runs
 * the jobs while the answer is yes. A lost connection loses the lock with it:
 * the next check answers no (or fails), the jobs stop here, and a process
 * whose check succeeds takes over. The jobs themselves stay safe to overlap
 * (they lock rows with SKIP LOCKED), so the moment between two checks where a
 * deposed leader still runs costs nothing but duplicate work.
 */
import postgres from 'postgres';
import { log } from './logger';

/** Two-key advisory lock (objsubid 2 in pg_locks), apart from the migration lock's bigint key. */
const LOCK_CLASS = 0x686c; // "hl"
const LOCK_ID = 1;
export const JOB_LEADER_CHECK_MS = 5_000;

export type JobRole = 'leader' | 'standby';

let role: JobRole = 'standby';
/** Why the last check could not tell (the lock's connection failed), for the health probe. */
let problem: string | undefined;

export function jobRole(): JobRole {
	return role;
}

export function jobLeaderProblem(): string | undefined {
	return problem;
}

export interface LeaderCallbacks {
	lead(): void;
	standBy(): void;
}

/** The embedded database serves one process: it always leads. */
export function leadAlone(callbacks: LeaderCallbacks): () => Promise<void> {
	role = 'leader';
	callbacks.lead();
	return async () => {
		role = 'standby';
		callbacks.standBy();
	};
}

export function electJobLeader(databaseUrl: string, callbacks: LeaderCallbacks, checkMs = JOB_LEADER_CHECK_MS): () => Promise<void> {
	const client = postgres(databaseUrl, {
		max: 1,
		// The lock lives as long as this one connection: never recycle it on purpose.
		idle_timeout: 0,
		max_lifetime: 0,
		connect_timeout: 5,
		fetch_types: false,
		onnotice: () => {}
	});
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;
	// Undecided until the first check answers: health stays degraded for those few milliseconds.
	problem = 'the process that runs background jobs is not elected yet';

	const become = (next: JobRole, detail: Record<string, unknown> = {}) => {
		if (next === role) return;
		role = next;
		log.info(next === 'leader' ? 'this process now runs the background jobs' : 'background jobs stopped here: another process runs them', {
			pid: process.pid,
			...detail
		});
		if (next === 'leader') callbacks.lead();
		else callbacks.standBy();
	};

	const check = async () => {
		try {
			const [row] = await client<{ leader: boolean }[]>`
				SELECT CASE WHEN EXISTS (
					SELECT 1 FROM pg_locks
					WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted
						AND classid = ${LOCK_CLASS} AND objid = ${LOCK_ID} AND objsubid = 2
				) THEN true ELSE pg_try_advisory_lock(${LOCK_CLASS}, ${LOCK_ID}) END AS leader`;
			problem = undefined;
			if (!stopped) become(row?.leader ? 'leader' : 'standby');
		} catch (error) {
			problem = `cannot elect the process that runs background jobs: ${error instanceof Error ? error.message : String(error)}`;
			// Unsure whether the lock is still ours: stop rather than risk two leaders for long.
			if (!stopped) become('standby', { error: problem });
		}
		if (!stopped) {
			timer = setTimeout(check, checkMs);
			timer.unref();
		}
	};
	void check();

	return async () => {
		stopped = true;
		clearTimeout(timer);
		if (role === 'leader') {
			role = 'standby';
			callbacks.standBy();
		}
		// Closing the connection releases the lock at once, so another process leads on its next check.
		await client.end({ timeout: 5 }).catch(() => {});
	};
}
