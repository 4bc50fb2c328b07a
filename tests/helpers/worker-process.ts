/**
 * Starts `node build/worker.js` beside a test server: the same database and
 * data directory (so the same stored files), no port. Resolves once the worker
 * says it claims preview jobs; its log lines are kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestServer } from './server';
import { TEST_NODE_FLAGS } from './node-flags';

export interface WorkerProcess {
	child: ChildProcess;
	pid: number;
	logs: string[];
	/** Resolves with the exit code (null when a signal ended it). */
	exited: Promise<number | null>;
	/** SIGTERM, then SIGKILL after 10 s; safe to call on a worker already gone. */
	stop(): Promise<void>;
}

export async function startWorkerProcess(server: TestServer, env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
	const child = spawn(process.execPath, [...TEST_NODE_FLAGS, resolve('build/worker.js')], {
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			NODE_ENV: 'test',
			ORIGIN: server.url,
			DATA_DIR: server.dataDir,
			MIGRATIONS_DIR: resolve('drizzle'),
			LOG_LEVEL: 'info',
			SEED_ON_EMPTY: 'false',
			...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const logs: string[] = [];
	const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
	child.stdout!.on('data', collect);
	child.stderr!.on('data', collect);
	const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
	const gone = () => child.exitCode !== null || child.signalCode !== null;
	const stop = async () => {
		if (gone()) return;
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
		await exited;
		clearTimeout(timer);
	};
	const deadline = Date.now() + timeoutMs;
	while (!logs.some((line) => line.includes('worker ready'))) {
		if (gone()) throw new Error(`worker exited (${child.exitCode}) before it was ready:\n${logs.join('\n')}`);
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`worker not ready after ${timeoutMs} ms:\n${logs.join('\n')}`);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	return { child, pid: child.pid!, logs, exited, stop };
}
