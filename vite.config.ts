import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

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
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['tests/unit/**/*.test.ts'],
					environment: 'node'
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
