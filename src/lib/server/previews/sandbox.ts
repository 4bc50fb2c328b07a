/**
 * Runs one external program (LibreOffice, poppler, ffmpeg) on an author's file
 * as if the file were hostile (README "Previews", the sandbox):
 * - its own session and process group (`detached`), so a timeout kills every
 *   process it started — LibreOffice's `soffice` is a shell wrapper whose real
 *   `soffice.bin` outlived a kill of the wrapper alone;
 * - SIGTERM at the wall-clock limit, SIGKILL after a grace period;
 * - kernel limits through util-linux `prlimit` (CPU seconds, address space,
 *   output file size, open files), a lower CPU priority (`nice`), and no
 *   network (`unshare --net`, or a user namespace when not root) where the
 *   platform allows it;
 * - after every run, the group is killed until no process of it is left; one
 *   that survives SIGKILL is reported (its pids read from /proc), never ignored.
 * Where a wrapper is missing (not Linux), the program still runs in its own
 * process group with the timeout, and the gap is logged once. Programs are
 * started by a small helper process (spawner.ts), never forked from the server.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { log } from '../platform/logger';
import { spawnInHelper } from './spawner';

export interface SandboxLimits {
	timeoutMs: number;
	killGraceMs: number;
	cpuSeconds: number;
	memoryBytes: number;
	outputFileBytes: number;
	openFiles: number;
}

export interface SandboxRun {
	cwd: string;
	env: NodeJS.ProcessEnv;
	limits: SandboxLimits;
}

export interface SandboxResult {
	stdout: string;
	stderr: string;
	/** Exit code, or null when a signal ended the program. */
	code: number | null;
	signal: NodeJS.Signals | null;
	/** The wall-clock limit ran out and the group was killed. */
	timedOut: boolean;
}

/** Output kept per stream: the tools' useful output (pdfinfo, ffprobe) is a few lines. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

interface Wrappers {
	prlimit: boolean;
	nice: boolean;
	/** How to take the network away: as root a new network namespace, otherwise inside a user namespace. */
	unshare: string[] | null;
}

/** Runs a short command (a probe) and says whether it exited 0. */
export async function succeeds(command: string, args: string[]): Promise<boolean> {
	const outcome = await spawnInHelper({ command, args, maxOutputBytes: 0, timeoutMs: 10_000 });
	return !outcome.startError && outcome.code === 0;
}

let wrappers: Promise<Wrappers> | undefined;

/** Which wrappers this host has, found once per process; what is missing is logged once. */
export function sandboxWrappers(): Promise<Wrappers> {
	wrappers ??= (async () => {
		const [prlimit, nice, netAsRoot, netInUserNs] = await Promise.all([
			succeeds('prlimit', ['--cpu=1', '--', 'true']),
			succeeds('nice', ['-n', '1', 'true']),
			succeeds('unshare', ['--net', '--', 'true']),
			succeeds('unshare', ['--map-root-user', '--net', '--', 'true'])
		]);
		const found: Wrappers = { prlimit, nice, unshare: netAsRoot ? ['--net'] : netInUserNs ? ['--map-root-user', '--net'] : null };
		const missing = [!prlimit && 'resource limits (util-linux prlimit)', !nice && 'lower priority (nice)', !found.unshare && 'no-network namespace (unshare)'].filter(Boolean);
		if (missing.length > 0) log.warn('preview tools run without part of their sandbox', { missing });
		return found;
	})();
	return wrappers;
}

/** The command line that starts `program` inside the wrappers this host has; each wrapper execs the next, so the pid stays the program's. */
export function sandboxCommand(program: string, args: string[], limits: SandboxLimits, have: Wrappers): [string, string[]] {
	const chain: string[] = [];
	if (have.unshare) chain.push('unshare', ...have.unshare, '--');
	if (have.prlimit) {
		chain.push(
			'prlimit',
			`--cpu=${limits.cpuSeconds}`,
			`--as=${limits.memoryBytes}`,
			`--fsize=${limits.outputFileBytes}`,
			`--nofile=${limits.openFiles}`,
			'--'
		);
	}
	if (have.nice) chain.push('nice', '-n', '10');
	chain.push(program, ...args);
	return [chain[0]!, chain.slice(1)];
}

/** Whether any process is still in the group `leader` led (signal 0 tests without signalling). */
function groupAlive(leader: number): boolean {
	try {
		process.kill(-leader, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Pids of /proc (Linux; none elsewhere) for which `matches` holds; a process gone mid-scan does not match. */
async function processesWhere(matches: (pid: string) => Promise<boolean>): Promise<number[]> {
	const pids = (await readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
	const hits = await Promise.all(pids.map((pid) => matches(pid).catch(() => false)));
	return pids.filter((_, i) => hits[i]).map(Number);
}

/** Pids whose process group or session is `leader`: read only to report survivors. */
export function groupMembers(leader: number): Promise<number[]> {
	return processesWhere(async (pid) => {
		const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
		// Fields after "(comm)": state ppid pgrp session …; comm itself may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return Number(fields[2]) === leader || Number(fields[3]) === leader;
	});
}

/** Pids whose working directory is inside `dir`: every tool of a preview job runs there. */
export function processesIn(dir: string): Promise<number[]> {
	return processesWhere(async (pid) => {
		if (Number(pid) === process.pid) return false;
		const cwd = await readlink(`/proc/${pid}/cwd`);
		return cwd === dir || cwd.startsWith(`${dir}/`);
	});
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function signal(target: number, sig: NodeJS.Signals): void {
	try {
		process.kill(target, sig);
	} catch {
		// ESRCH: already gone.
	}
}

/**
 * SIGKILLs what `find` still lists until nothing is left or `withinMs` passes;
 * returns what survived (a process stuck in the kernel). A negative entry is a
 * process group, signalled as a whole.
 */
export async function killUntilGone(find: () => Promise<number[]>, withinMs: number): Promise<number[]> {
	const deadline = Date.now() + withinMs;
	for (;;) {
		const left = await find();
		if (left.length === 0 || Date.now() >= deadline) return left;
		for (const pid of left) signal(pid, 'SIGKILL');
		await pause(50);
	}
}

export async function runSandboxed(program: string, args: string[], run: SandboxRun): Promise<SandboxResult> {
	const [command, argv] = sandboxCommand(program, args, run.limits, await sandboxWrappers());
	let leader: number | undefined;
	let timedOut = false;
	let graceTimer: NodeJS.Timeout | undefined;
	const killGroup = (sig: NodeJS.Signals) => leader !== undefined && signal(-leader, sig);
	const timer = setTimeout(() => {
		timedOut = true;
		killGroup('SIGTERM');
		graceTimer = setTimeout(() => killGroup('SIGKILL'), run.limits.killGraceMs);
	}, run.limits.timeoutMs);
	const outcome = await spawnInHelper({
		command,
		args: argv,
		cwd: run.cwd,
		env: run.env,
		detached: true,
		maxOutputBytes: MAX_OUTPUT_BYTES,
		onStart: (pid) => {
			leader = pid;
			if (timedOut) killGroup('SIGKILL');
		}
	});
	clearTimeout(timer);
	clearTimeout(graceTimer);
	if (outcome.startError) throw new Error(`${program} could not be started: ${outcome.startError.message}`);

	// The leader is gone; what it started may not be (a daemonised helper, or a run that timed out).
	const group = leader;
	if (group !== undefined && (await killUntilGone(async () => (groupAlive(group) ? [-group] : []), run.limits.killGraceMs)).length > 0) {
		log.error('preview tool processes survived SIGKILL', { program, pids: await groupMembers(group) });
	}
	return { stdout: outcome.stdout, stderr: outcome.stderr, code: outcome.code, signal: outcome.signal, timedOut };
}
