/** Runs the operator CLI (scripts/ops.ts, bundled once per run: scripts.ts) as an operator would, with only the environment given. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { copyRunDatabaseInto, startServer, type TestServer } from './server';
import { TEST_PGLITE_ENV } from './node-flags';
import { scriptArgs } from './scripts';

const run = promisify(execFile);

export interface OpsResult {
	code: number;
	stdout: string;
	stderr: string;
}

export async function ops(env: Record<string, string>, ...args: string[]): Promise<OpsResult> {
	try {
		const { stdout, stderr } = await run(process.execPath, [...scriptArgs('ops'), ...args], {
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', MIGRATIONS_DIR: resolve('drizzle'), LOG_LEVEL: 'warn', ...TEST_PGLITE_ENV, ...env },
			timeout: 60_000
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string };
		return { code: e.code, stdout: e.stdout, stderr: e.stderr };
	}
}

/**
 * The database an operator's CLI and a server share. With PGlite the CLI needs
 * the data directory to itself, so the server only runs between CLI calls;
 * with PostgreSQL (TEST_DATABASE_URL) a server runs alongside from the start.
 */
export interface OpsWorkspace {
	/** The CLI's environment: the data directory and, on PostgreSQL, the server's database. */
	env: Record<string, string> & { DATA_DIR: string };
	/** The running server, started on that data directory if none runs. */
	serve(): Promise<TestServer>;
	/** Gives the data directory back to the CLI (stops the server on PGlite; nothing on PostgreSQL). */
	releaseForCli(): Promise<void>;
	close(): Promise<void>;
}

/**
 * `fresh`: on PGlite the data directory starts empty and the CLI's first command migrates it (the
 * first-staff bootstrap); otherwise it starts as a copy of the run's migrated database.
 */
export async function openOpsWorkspace(dirPrefix: string, { fresh = false }: { fresh?: boolean } = {}): Promise<OpsWorkspace> {
	const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
	let server: TestServer | undefined;
	let ownDataDir: string | undefined;
	let env: OpsWorkspace['env'];
	if (onPostgres) {
		server = await startServer();
		env = { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl! };
	} else {
		ownDataDir = mkdtempSync(join(tmpdir(), dirPrefix));
		// The CLI's first command finds the run's migrated database, as a server's first start does.
		if (!fresh) copyRunDatabaseInto(ownDataDir);
		env = { DATA_DIR: ownDataDir };
	}
	return {
		env,
		serve: async () => (server ??= await startServer({ env: { DATA_DIR: env.DATA_DIR } })),
		releaseForCli: async () => {
			if (onPostgres || !server) return;
			await server.stop();
			server = undefined;
		},
		close: async () => {
			await server?.stop();
			if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
		}
	};
}
