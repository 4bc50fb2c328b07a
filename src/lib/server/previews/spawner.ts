/**
 * Starts the preview tools from a small helper process instead of from the
 * server itself. Node's spawn forks the calling process synchronously, and a
 * fork costs time in proportion to the caller's memory: from a server holding
 * a few hundred MB (the catalog in memory, PGlite's WASM heap) each spawn
 * stopped the event loop for 65–150 ms on a 2-core host, and a preview job
 * spawns several tools. The helper is a bare Node process of a few tens of
 * MB, started once; the server sends it what to run over IPC and gets back
 * the pid, the output and the exit. Kills stay with the caller (a process
 * group can be signalled from any process of the same user). When the server
 * goes away, even by SIGKILL, the helper kills the groups it started and exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { toolEnvironment } from '../config';

export interface SpawnRequest {
	command: string;
	args: string[];
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Own session and process group (the sandbox kills the group). */
	detached?: boolean;
	/** Bytes kept of each of stdout and stderr. */
	maxOutputBytes: number;
	/** For short probes: SIGKILL after this long (sandboxed runs time out on their own terms). */
	timeoutMs?: number;
	/** Called once the program has started, with its pid. */
	onStart?: (pid: number) => void;
}

export interface SpawnOutcome {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	/** The program could not be started (ENOENT, EACCES). */
	startError?: { code: string | undefined; message: string };
}

/** The helper's whole program (CommonJS, run with `node -e`): no bundler sees it, nothing of the app is loaded. */
const HELPER = `
const { spawn } = require('node:child_process');
const groups = new Set();
process.on('message', (m) => {
	let child;
	try {
		child = spawn(m.command, m.args, { cwd: m.cwd, env: m.env, detached: m.detached, stdio: ['ignore', 'pipe', 'pipe'] });
	} catch (e) {
		process.send({ id: m.id, type: 'close', code: null, signal: null, stdout: '', stderr: '', startError: { code: e.code, message: e.message } });
		return;
	}
	const out = [[], []];
	const size = [0, 0];
	const keep = (i) => (chunk) => {
		if (size[i] >= m.maxOutputBytes) return;
		out[i].push(chunk);
		size[i] += chunk.length;
	};
	child.stdout.on('data', keep(0));
	child.stderr.on('data', keep(1));
	const timer = m.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), m.timeoutMs) : undefined;
	let startError;
	child.once('spawn', () => {
		if (m.detached) groups.add(child.pid);
		process.send({ id: m.id, type: 'start', pid: child.pid });
	});
	child.once('error', (e) => (startError = { code: e.code, message: e.message }));
	child.once('close', (code, signal) => {
		clearTimeout(timer);
		groups.delete(child.pid);
		const text = (i) => Buffer.concat(out[i]).subarray(0, m.maxOutputBytes).toString('utf8');
		process.send({ id: m.id, type: 'close', code, signal, stdout: text(0), stderr: text(1), startError });
	});
});
process.on('disconnect', () => {
	for (const pid of groups) {
		try { process.kill(-pid, 'SIGKILL'); } catch {}
	}
	process.exit(0);
});
`;

interface Pending {
	request: SpawnRequest;
	resolve: (outcome: SpawnOutcome) => void;
}

type HelperMessage = { id: number; type: 'start'; pid: number } | ({ id: number; type: 'close' } & SpawnOutcome);

let helper: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function startHelper(): ChildProcess {
	// Only what Node needs to start: the tools' environments travel with each request.
	const child = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { PATH: toolEnvironment().PATH ?? '' } });
	child.on('message', (message: HelperMessage) => {
		const job = pending.get(message.id);
		if (!job) return;
		if (message.type === 'start') return job.request.onStart?.(message.pid);
		pending.delete(message.id);
		job.resolve(message);
		if (pending.size === 0) idle(child);
	});
	child.once('exit', () => {
		if (helper === child) helper = undefined;
		// A helper that died takes its answers with it: its runs end as failures, never hang.
		for (const [id, job] of pending) {
			pending.delete(id);
			job.resolve({ code: null, signal: null, stdout: '', stderr: '', startError: { code: 'EHELPER', message: 'tool helper process exited' } });
		}
	});
	return child;
}

/** An idle helper must not keep the server alive at shutdown; a busy one must keep its channel open. */
function idle(child: ChildProcess): void {
	child.unref();
	child.channel?.unref();
}

export function spawnInHelper(request: SpawnRequest): Promise<SpawnOutcome> {
	helper ??= startHelper();
	helper.ref();
	helper.channel?.ref();
	const id = ++nextId;
	const { command, args, cwd, env, detached, maxOutputBytes, timeoutMs } = request;
	return new Promise((resolve) => {
		pending.set(id, { request, resolve });
		helper!.send({ id, command, args, cwd, env, detached, maxOutputBytes, timeoutMs });
	});
}
