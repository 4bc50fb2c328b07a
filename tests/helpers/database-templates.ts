/**
 * Migrate once per run, copy per server. Running the 30-odd committed
 * migrations was most of a test server's start: on this 2-core machine, busy
 * with other work, 27 s on PGlite against 8.5 s for a copy of a migrated data
 * directory and its start; 6.7 s on PostgreSQL against 4.5 s. The integration
 * project's global setup migrates one database of the run's kind with the
 * app's own migrator (`scripts/migrate.ts`, the code `npm run db:migrate` and
 * start-up run); each test server then starts on a copy, which the migrator
 * finds up to date. What start-up does after the migrations (top-up
 * denominations, seeding when asked, the search index) still runs on every
 * server as on a first start.
 *
 * - PGlite: a data directory, copied into each server's DATA_DIR at the place
 *   the server opens (`pglite/` inside DATA_DIR, see `pgliteDir` in config/database.ts).
 * - PostgreSQL (TEST_DATABASE_URL): a database `<prefix>_template`; each
 *   server's database is `CREATE DATABASE … TEMPLATE` it, a file copy.
 *
 * Tests of the first start itself ask for `freshDatabase: 'empty'`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { scriptArgs } from './scripts';

export interface DatabaseTemplates {
	/**
	 * A migrated PGlite data directory (the `pglite/` a server's DATA_DIR holds). Only
	 * without TEST_DATABASE_URL: then every server has a PostgreSQL database, and the few
	 * that run PGlite on purpose migrate their own.
	 */
	pgliteDir?: string;
	/** With TEST_DATABASE_URL: the migrated database each server's database is created from. */
	postgresTemplate?: string;
}

declare module 'vitest' {
	export interface ProvidedContext {
		databaseTemplates: DatabaseTemplates;
	}
}

/** The names of this run's databases: `.ci/run` drops whatever starts with it. */
export function databasePrefix(): string {
	return process.env.TEST_DATABASE_PREFIX ?? `hoclieu_test_${process.pid}`;
}

export function databaseUrl(base: string, database: string): string {
	const u = new URL(base);
	u.pathname = `/${database}`;
	return u.toString();
}

export async function adminQuery(base: string, statement: string): Promise<void> {
	const admin = postgres(base, { max: 1, onnotice: () => {} });
	try {
		await admin.unsafe(statement);
	} finally {
		await admin.end();
	}
}

/** `npm run db:migrate` (its bundle, scripts.ts) in a child process, as the test servers would migrate: same env, same migrator. */
function migrate(scripts: string, env: Record<string, string>): Promise<void> {
	const started = Date.now();
	return new Promise((res, rej) => {
		const child = spawn(process.execPath, scriptArgs('migrate', scripts), {
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? '',
				NODE_ENV: 'test',
				MIGRATIONS_DIR: resolve('drizzle'),
				LOG_LEVEL: 'warn',
				...env
			},
			stdio: ['ignore', 'pipe', 'pipe']
		});
		let output = '';
		child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
		child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
		child.on('error', rej);
		child.on('exit', (code) => {
			if (code === 0 && output.includes('migrations applied')) {
				const where = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : env.DATA_DIR;
				process.stdout.write(`database template ${where} migrated in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
				res();
			} else rej(new Error(`migrating the test template failed (exit ${code}):\n${output}`));
		});
	});
}

/** Global setup: the template of the run's database kind, migrated by the bundled migrator in `scripts`. */
export async function prepareTemplates(scripts: string): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
	const root = mkdtempSync(join(tmpdir(), 'hoclieu-template-'));
	const base = process.env.TEST_DATABASE_URL;
	const postgresTemplate = base ? `${databasePrefix()}_template`.toLowerCase() : undefined;
	const remove = async () => {
		rmSync(root, { recursive: true, force: true });
		if (base && postgresTemplate) await adminQuery(base, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
	};
	try {
		if (base && postgresTemplate) {
			await adminQuery(base, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
			await adminQuery(base, `CREATE DATABASE "${postgresTemplate}"`);
			await migrate(scripts, { DATA_DIR: root, DATABASE_URL: databaseUrl(base, postgresTemplate) });
			return { templates: { postgresTemplate }, remove };
		}
		await migrate(scripts, { DATA_DIR: root });
		return { templates: { pgliteDir: join(root, 'pglite') }, remove };
	} catch (error) {
		await remove();
		throw error;
	}
}

/** A server's DATA_DIR gets the migrated PGlite directory where config/database.ts looks for it. */
export function copyPgliteTemplate(pgliteDir: string, dataDir: string): void {
	if (!existsSync(pgliteDir)) throw new Error(`the PGlite template ${pgliteDir} is gone`);
	cpSync(pgliteDir, join(dataDir, 'pglite'), { recursive: true });
}
