/**
 * CPU time per request, by who spent it: the server under test (the floor, or
 * the app's processes), PostgreSQL, and this harness (autocannon runs in it).
 *
 * Throughput on a shared 2-core host moves with the host (the checkout floor
 * gave 432 to 1 262 orders/s on different days); CPU spent per request moves
 * much less, and says where a gap to the floor is: in the server's own work or
 * in the database's. Read from /proc (Linux only; elsewhere the columns show
 * `?`), so it counts processes alive at the second reading: PostgreSQL
 * backends of the pools under test stay open for the whole run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime, in clock ticks, from /proc/<pid>/stat; undefined once the process is gone. */
function ticksOf(pid: number): number | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command may contain spaces and parentheses: fields are counted after its closing one.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return Number(fields[11]) + Number(fields[12]);
	} catch {
		return undefined;
	}
}

function commandOf(pid: number): string | undefined {
	try {
		return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
	} catch {
		return undefined;
	}
}

function postgresPids(): number[] {
	try {
		return readdirSync('/proc')
			.filter((d) => /^\d+$/.test(d))
			.map(Number)
			.filter((pid) => commandOf(pid) === 'postgres');
	} catch {
		return [];
	}
}

/** A process and its children (the app's cluster primary and workers). */
export function withChildren(pid: number): number[] {
	try {
		const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
		return [pid, ...children];
	} catch {
		return [pid];
	}
}

const TICKS_PER_SECOND = (() => {
	const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
	return Number(r.stdout?.trim()) || 100;
})();

type Reading = { server: Map<number, number>; postgres: Map<number, number>; harnessMicros: number };

function read(serverPids: number[]): Reading {
	const ticks = (pids: number[]) => {
		const byPid = new Map<number, number>();
		for (const pid of pids) {
			const t = ticksOf(pid);
			if (t !== undefined) byPid.set(pid, t);
		}
		return byPid;
	};
	const usage = process.cpuUsage();
	return { server: ticks(serverPids), postgres: ticks(postgresPids()), harnessMicros: usage.user + usage.system };
}

/** Milliseconds of CPU per request; null where /proc could not be read. */
export interface CpuPerRequest {
	server: number | null;
	postgres: number | null;
	harness: number;
}

/** Starts counting; the returned function stops and divides by the requests answered meanwhile. */
export function countCpu(serverPids: () => number[]): (requests: number) => CpuPerRequest {
	const before = read(serverPids());
	return (requests) => {
		const after = read(serverPids());
		// A process that started in between counts whole; one that ended in between is lost.
		const spent = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((sum, [pid, t]) => sum + t - (a.get(pid) ?? 0), 0);
		const perRequest = (ticks: number, seen: boolean) => (seen && requests > 0 ? round((ticks * 1000) / TICKS_PER_SECOND / requests) : null);
		return {
			server: perRequest(spent(before.server, after.server), after.server.size > 0),
			postgres: perRequest(spent(before.postgres, after.postgres), after.postgres.size > 0),
			harness: requests > 0 ? round((after.harnessMicros - before.harnessMicros) / 1000 / requests) : 0
		};
	};
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function formatCpu(c: CpuPerRequest): string {
	const ms = (v: number | null) => (v === null ? '?' : v.toFixed(2));
	return `${ms(c.server)} · ${ms(c.postgres)} · ${ms(c.harness)}`;
}
