/**
 * Test code stays out of production (docs/decisions/006-test-code-only-in-test-builds.md):
 * builds the production bundle the way `npm start` does (scripts/start-build.mjs:
 * `vite build` with NODE_ENV=production, as `npm run build` and the Dockerfile
 * also do) beside the test build and greps it for the test routers' and test
 * hooks' names and for Svelte's development-only warnings. The same names must
 * be present in the test build, so the grep is known to find them when they
 * are there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildForStart, sourceDigest, STAMP_FILE, staleBecause } from '../../scripts/start-build.mjs';
import { TEST_ONLY_NAMES, testNamesInBundle } from '../helpers/bundle';
import { request } from '../helpers/http';
import { copyRunDatabaseInto, freePort } from '../helpers/server';

const OUT = resolve('.build-production');

/** Svelte's development-only warnings start with this; a production client has none of them. */
const SVELTE_DEV_WARNING = '%c[svelte]';

function clientFilesWith(dir: string, text: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return clientFilesWith(path, text);
		return name.endsWith('.js') && readFileSync(path, 'utf8').includes(text) ? [path] : [];
	});
}

describe('production bundle', () => {
	it('the test build contains every test-only name (the grep below can see them)', () => {
		const found = new Set(testNamesInBundle(resolve('build')).map((f) => f.name));
		expect([...TEST_ONLY_NAMES].filter((n) => !found.has(n))).toEqual([]);
		// The test build carries no stamp of `npm start`, which would build again rather than serve it.
		expect(staleBecause(resolve('build'), sourceDigest('.'))).toBe('the build was not made by `npm start` (a test or manual build)');
	});

	it("`npm start`'s build, made under the demo's NODE_ENV=development, is a production build without test code, stamped with its sources", { timeout: 600_000 }, () => {
		// One build per set of sources: the same run's second pass (.ci/run's PostgreSQL phase) checks the
		// build its first pass made from these very sources, as `npm start` would serve it, rather than
		// spending a minute of both cores on an identical one.
		if (staleBecause(`${OUT}/build`, sourceDigest('.')) !== null) {
			rmSync(OUT, { recursive: true, force: true });
			// Its own SvelteKit and adapter directories, so the test build in build/ is untouched.
			const built = buildForStart('.', `${OUT}/build`, { env: { ...process.env, NODE_ENV: 'development', HOCLIEU_KIT_OUT: `${OUT}/kit` }, logLevel: 'error' });
			expect(built).toBe(true);
		}
		expect(testNamesInBundle(`${OUT}/build`)).toEqual([]);
		expect(clientFilesWith(`${OUT}/build/client`, SVELTE_DEV_WARNING)).toEqual([]);
		// The same sources serve it again.
		expect(staleBecause(`${OUT}/build`, sourceDigest('.'))).toBeNull();
	});

	describe('npm start is the demo, and says so', () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-npmstart-'));
		// The run's migrated database: this is about the launcher and the mode, not a first migration.
		copyRunDatabaseInto(dataDir);
		afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

		it('serves that build without building again, prints the mode as its first line and reports it on /api/health', async () => {
			const port = await freePort();
			const child = spawn(process.execPath, ['scripts/start.mjs'], {
				// No NODE_ENV: the launcher, not the environment, makes this the demo.
				env: {
					PATH: process.env.PATH ?? '',
					HOME: process.env.HOME ?? '',
					HOCLIEU_BUILD_OUT: `${OUT}/build`,
					PORT: String(port),
					HOST: '127.0.0.1',
					DATA_DIR: dataDir,
					SEED_ON_EMPTY: 'false',
					MIGRATIONS_DIR: resolve('drizzle')
				},
				stdio: ['ignore', 'pipe', 'pipe']
			});
			const lines: string[] = [];
			child.stdout.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
			child.stderr.on('data', (c: Buffer) => lines.push(...c.toString('utf8').split('\n').filter(Boolean)));
			try {
				await expect
					.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status, { timeout: 60_000, interval: 200 })
					.toBe(200);
				expect(lines[0]).toMatch(/^hoclieu: DEMO mode/);
				expect(lines.filter((l) => l.startsWith('Building'))).toEqual([]);
				const health = await request(`http://127.0.0.1:${port}`, '/api/health');
				expect(health.body.mode).toBe('demo'); // development shows per-check detail
				expect(health.body.checks.database.ok).toBe(true);
			} finally {
				const exited = new Promise((r) => child.once('exit', r));
				child.kill('SIGTERM');
				await exited;
			}
		});

		it('a stamp of other sources is stale: the next start builds again', () => {
			const stamp = join(`${OUT}/build`, STAMP_FILE);
			const real = readFileSync(stamp, 'utf8');
			writeFileSync(stamp, JSON.stringify({ digest: 'f'.repeat(64) }));
			try {
				expect(staleBecause(`${OUT}/build`, sourceDigest('.'))).toBe('the sources changed since it was built');
			} finally {
				writeFileSync(stamp, real);
			}
			expect(staleBecause(`${OUT}/build`, sourceDigest('.'))).toBeNull();
		});
	});
});
