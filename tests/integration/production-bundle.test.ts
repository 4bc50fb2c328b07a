/**
 * Test code stays out of production (docs/decisions/006-test-code-only-in-test-builds.md):
 * builds the production bundle (`vite build`, as `npm run build` and the
 * Dockerfile do) beside the test build and greps it for the test routers' and
 * test hooks' names. The same names must be present in the test build, so the
 * grep is known to find them when they are there.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ONLY_NAMES, testNamesInBundle } from '../helpers/bundle';

const OUT = resolve('.build-production');

describe('production bundle', () => {
	it('the test build contains every test-only name (the grep below can see them)', () => {
		const found = new Set(testNamesInBundle(resolve('build')).map((f) => f.name));
		expect([...TEST_ONLY_NAMES].filter((n) => !found.has(n))).toEqual([]);
	});

	it('a production build contains none of them', { timeout: 600_000 }, () => {
		rmSync(OUT, { recursive: true, force: true });
		// Its own SvelteKit and adapter directories, so the test build in build/ is untouched.
		execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
			env: { ...process.env, NODE_ENV: 'production', HOCLIEU_BUILD_OUT: `${OUT}/build`, HOCLIEU_KIT_OUT: `${OUT}/kit` },
			stdio: ['ignore', 'ignore', 'pipe'] // its stderr is in the error if the build fails
		});
		expect(testNamesInBundle(`${OUT}/build`)).toEqual([]);
	});
});
