/**
 * Test code stays out of production (docs/decisions/006-test-code-only-in-test-builds.md):
 * builds the production bundle the way `npm start` does (scripts/start-build.mjs:
 * `vite build` with NODE_ENV=production, as `npm run build` and the Dockerfile
 * also do) beside the test build and greps it for the test routers' and test
 * hooks' names and for Svelte's development-only warnings. The same names must
 * be present in the test build, so the grep is known to find them when they
 * are there.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildForStart, sourceDigest, STAMP_FILE, staleBecause } from '../../scripts/start-build.mjs';
import { TEST_ONLY_NAMES, testNamesInBundle } from '../helpers/bundle';

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
		rmSync(OUT, { recursive: true, force: true });
		// Its own SvelteKit and adapter directories, so the test build in build/ is untouched.
		const built = buildForStart('.', `${OUT}/build`, { env: { ...process.env, NODE_ENV: 'development', HOCLIEU_KIT_OUT: `${OUT}/kit` }, logLevel: 'error' });
		expect(built).toBe(true);
		expect(testNamesInBundle(`${OUT}/build`)).toEqual([]);
		expect(clientFilesWith(`${OUT}/build/client`, SVELTE_DEV_WARNING)).toEqual([]);
		// The same sources serve it again; a changed source (here: a stamp from other sources) builds again.
		expect(staleBecause(`${OUT}/build`, sourceDigest('.'))).toBeNull();
		writeFileSync(join(`${OUT}/build`, STAMP_FILE), JSON.stringify({ digest: 'f'.repeat(64) }));
		expect(staleBecause(`${OUT}/build`, sourceDigest('.'))).toBe('the sources changed since it was built');
	});
});
