/**
 * Starts the built server (`node build`) as a real child process for HTTP
 * tests. Each server gets its own data directory and, when TEST_DATABASE_URL
 * is set (CI against the machine's PostgreSQL), its own database, so suites
 * never see each other's rows. Both start as a copy of the run's migrated
 * template (database-templates.ts) unless a test asks for an empty one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { TEST_NODE_FLAGS, TEST_PGLITE_ENV } from './node-flags';
import { adminQuery, copyPgliteTemplate, databasePrefix, databaseUrl, type DatabaseTemplates } from './database-templates';

export interface TestServer {
	url: string;
	port: number;
	dataDir: string;
	databaseUrl: string | undefined;
	/** Every line the server wrote to stdout/stderr so far (structured logs). */
	logs: string[];
	/** The `node build` child, for tests of signals and exit codes. */
	child: ChildProcess;
	stop(): Promise<void>;
}

export interface StartOptions {
	env?: Record<string, string | undefined>;
	/**
	 * true (default) = a database of its own, a copy of the run's migrated template;
	 * 'empty' = a database of its own with nothing in it, which the server migrates on
	 * its first start (tests of that first start); false = no database of our own
	 * (e.g. DATABASE_URL pointing at a closed port in env).
	 */
	freshDatabase?: boolean | 'empty';
	/** Rewrites the fresh database's URL, e.g. to go through a fault-injection proxy. */
	databaseUrl?: (url: string) => string;
	/**
	 * Wait for /api/health to answer 200 (default), only for the port to listen,
	 * or for the first start to have prepared the database (routes stop answering
	 * the 503 "preparing" gate) when health stays degraded on purpose, e.g. a dead store.
	 */
	waitFor?: 'healthy' | 'listening' | 'prepared';
}

let databaseCounter = 0;
let serverCounter = 0;
/** Each running server's URL with a number of its own: a port freed by one server is often given to the next. */
const serverKeys = new Map<string, string>();

/**
 * What a helper may key per-server state by (a fixture created once per server): the URL alone is
 * not enough, since the files of a worker share its modules and a later file's server may get the
 * port of an earlier file's, with another database behind it.
 */
export function serverKey(base: string): string {
	return serverKeys.get(base) ?? base;
}

export function freePort(): Promise<number> {
	return new Promise((res, rej) => {
		const srv = createServer();
		srv.on('error', rej);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as { port: number };
			srv.close(() => res(port));
		});
	});
}

/** The integration project's global setup provides them; elsewhere (a script) servers migrate their own. */
export function runTemplates(): DatabaseTemplates | undefined {
	try {
		return inject('databaseTemplates');
	} catch {
		return undefined;
	}
}

/**
 * Gives a data directory the run's migrated embedded database, unless it already holds one (or the
 * run is on PostgreSQL, where there is no PGlite template): a server, the operator CLI or a script
 * started on it then finds the database up to date, as on any start after the first.
 */
export function copyRunDatabaseInto(dataDir: string): void {
	const template = runTemplates()?.pgliteDir;
	if (template && !existsSync(join(dataDir, 'pglite'))) copyPgliteTemplate(template, dataDir);
}

async function createDatabase(from: string | undefined): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
	const base = process.env.TEST_DATABASE_URL;
	if (!base) return undefined;
	const name = `${databasePrefix()}_${process.pid}_${++databaseCounter}_${Date.now().toString(36)}`.toLowerCase();
	await adminQuery(base, from ? `CREATE DATABASE "${name}" TEMPLATE "${from}"` : `CREATE DATABASE "${name}"`);
	return {
		url: databaseUrl(base, name),
		drop: () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
	};
}

/** The port freePort found was taken by another file's server before this one listened on it. */
class PortTaken extends Error {}

/**
 * Waits until `check` passes against a server this child itself listens for: between freePort and
 * the child's listen, another file's server may take the port, and a check would then pass against
 * that server (a /metrics test once read another server's 404). The child says where it listens.
 */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, child: ChildProcess, logs: string[]) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) {
			const message = `server exited (${child.exitCode}) before ${what}:\n${logs.join('\n')}`;
			throw logs.some((line) => line.includes('EADDRINUSE')) ? new PortTaken(message) : new Error(message);
		}
		if (logs.some((line) => line.startsWith('Listening on')) && (await check().catch(() => false))) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`server not ${what} after ${timeoutMs} ms:\n${logs.join('\n')}`);
}

/** Starts the built server on a port of its own, trying another port when the one found was taken meanwhile. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startServerOnce(options);
		} catch (error) {
			if (!(error instanceof PortTaken) || attempt === 3) throw error;
		}
	}
}

async function startServerOnce(options: StartOptions): Promise<TestServer> {
	const port = await freePort();
	const serverNumber = ++serverCounter;
	const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-test-'));
	const templates = options.freshDatabase === 'empty' ? undefined : runTemplates();
	const database = options.freshDatabase === false ? undefined : await createDatabase(templates?.postgresTemplate);
	const url = `http://127.0.0.1:${port}`;
	const env: Record<string, string> = {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? '',
		NODE_ENV: 'test',
		PORT: String(port),
		HOST: '127.0.0.1',
		ORIGIN: url,
		DATA_DIR: dataDir,
		MIGRATIONS_DIR: resolve('drizzle'),
		TEST_HOOKS: 'true',
		LOG_LEVEL: 'info',
		// Suites insert the rows they need; seeding is tested on its own.
		SEED_ON_EMPTY: 'false',
		// No LibreOffice/ffmpeg runs in unrelated suites; the preview tests turn the worker on.
		PREVIEW_CONCURRENCY: '0',
		// One process unless a test asks for workers (production would fork one per core with PostgreSQL and Redis).
		WEB_CONCURRENCY: '1',
		// adapter-node's keep-alive, in seconds (Node's default is 5). A test's fetch reuses a pooled
		// socket the server has already closed when the test process's event loop stalls past the
		// pool's own idle limit (5 s less 1), as on a loaded CI machine: "read ECONNRESET" in the
		// middle of a test. Servers that keep idle sockets longer than any test leaves one idle
		// never close one under a request.
		KEEP_ALIVE_TIMEOUT: '65',
		...TEST_PGLITE_ENV,
		// Every server its own rate-limit keys, so runs and suites sharing one Redis never collide.
		RATE_LIMIT_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'hoclieu:test:'}${process.pid}:${serverNumber}:${Date.now().toString(36)}:`,
		...(database ? { DATABASE_URL: options.databaseUrl ? options.databaseUrl(database.url) : database.url } : {}),
		...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {})
	};
	for (const [k, v] of Object.entries(options.env ?? {})) {
		if (v === undefined) delete env[k];
		else env[k] = v;
	}
	// A server on the embedded database starts on the migrated copy: in the data directory made for it, or in
	// one a test shares with the operator CLI (tests/helpers/ops.ts) before anything has created its database.
	if (templates && options.freshDatabase !== false && !env.DATABASE_URL && env.DATA_DIR) copyRunDatabaseInto(env.DATA_DIR);
	const logs: string[] = [];
	const child = spawn(process.execPath, [...TEST_NODE_FLAGS, resolve('build/index.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
	child.stdout!.on('data', collect);
	child.stderr!.on('data', collect);

	serverKeys.set(url, `${url}#${serverNumber}`);
	const stop = async () => {
		serverKeys.delete(url);
		// A child ended by a signal has exitCode null and signalCode set: stopping twice must not wait forever.
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((r) => child.once('exit', r));
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
			await exited;
			clearTimeout(timer);
		}
		await database?.drop();
		rmSync(dataDir, { recursive: true, force: true });
	};

	try {
		if (options.waitFor === 'listening') {
			await waitUntil(async () => (await fetch(`${url}/api/health`)).status > 0, 60_000, 'listening', child, logs);
		} else if (options.waitFor === 'prepared') {
			await waitUntil(async () => (await fetch(`${url}/robots.txt`)).status !== 503, 90_000, 'prepared', child, logs);
		} else {
			await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 90_000, 'healthy', child, logs);
		}
	} catch (error) {
		await stop();
		throw error;
	}
	return { url, port, dataDir, databaseUrl: database?.url, logs, child, stop };
}

/** Starts a server that must refuse to start; its exit and logs, as startServer reports them. */
export async function refusedStart(options: StartOptions): Promise<string> {
	const started = await startServer(options).catch((error: Error) => error);
	if (started instanceof Error) return started.message;
	await started.stop();
	throw new Error('the server started but should have refused');
}
