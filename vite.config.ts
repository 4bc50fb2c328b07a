import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './tests/helpers/node-flags';

export default defineConfig(({ mode }) => ({
	plugins: [sveltekit()],
	define: {
		// Test routers and hooks exist only in `vite build --mode test` (and under vitest,
		// whose mode is `test`); see docs/decisions/006-test-code-only-in-test-builds.md.
		__TEST_HOOKS__: JSON.stringify(mode === 'test')
	},
	ssr: {
		// PGlite ships its WASM and data files next to its JS; bundling would lose them.
		external: ['@electric-sql/pglite', 'postgres']
	},
	test: {
		// The default reporter, then the tests and assertions per project (tests/helpers/totals/).
		reporters: ['default', './tests/helpers/totals/totals-reporter.ts'],
		setupFiles: ['tests/helpers/totals/count-assertions.ts', 'tests/helpers/file-isolation.ts'],
		// A worker runs its files one after another on the modules it has loaded, instead of a fresh
		// process that loads and transforms them again for every file (82 integration files, most
		// importing the same helpers and contracts). Measured on this 2-core machine, the same
		// build, one project at a time: unit 68.0 → 41.0 s of CPU, integration 600.2 → 529.5 s
		// (README "Test it"). What a file changes in the process is undone before the next one
		// (tests/helpers/file-isolation.ts).
		isolate: false,
		// Tests that open the embedded database in-process pay for its WebAssembly like a test server.
		execArgv: [...TEST_NODE_FLAGS],
		// Vitest's default on 2 cores is one file at a time (cores − 1). An integration file mostly
		// waits on its server, a child process of its own: three files at once keep both cores busy
		// once Playwright beside them (scripts/test.mjs) has finished (README "Test it" has the runs).
		maxWorkers: 3,
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['tests/unit/**/*.test.ts'],
					environment: 'node',
					// npm test runs Playwright beside vitest (scripts/test.mjs): a CPU-heavy unit test (the
					// OpenAPI examples, the linters) may wait its turn on a busy core; 5 s was a measure of load.
					testTimeout: 30_000
				}
			},
			{
				extends: true,
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					environment: 'node',
					testTimeout: 60_000,
					hookTimeout: 120_000,
					globalSetup: ['tests/helpers/global-setup.ts']
				}
			}
		]
	}
}));
