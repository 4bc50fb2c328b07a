import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PGLITE_ENV } from './tests/helpers/node-flags';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
// built server on a fresh embedded database with the demo catalog. Debian's headless shell
// (package chromium-headless-shell) is the same engine without the desktop browser around it,
// lighter beside vitest (README "Test it" has the runs).
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
if (!chromium || !existsSync(chromium)) {
	throw new Error(
		`Chromium not found${chromium ? ` at ${chromium}` : ''}. Install Debian's: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).`
	);
}
const port = Number(process.env.E2E_PORT ?? 4173);
const origin = `http://127.0.0.1:${port}`;
// The test OpenID Connect provider (tests/e2e/oidc-provider.setup.ts) listens here; the server's OIDC_ISSUER names it.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 100);
process.env.E2E_OIDC_PORT = String(oidcPort);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hoclieu-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory

export default defineConfig({
	testDir: 'tests/e2e',
	globalSetup: './tests/e2e/oidc-provider.setup.ts',
	outputDir: 'test-results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	// Limits catch a hang, not slowness: npm test runs these beside vitest (scripts/test.mjs), so a page
	// may wait its turn on a busy core. Journeys that are long by nature set their own.
	timeout: 180_000,
	expect: { timeout: 20_000 },
	reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['./tests/helpers/totals/playwright-totals.ts']],
	use: {
		baseURL: origin,
		launchOptions: {
			executablePath: chromium,
			// Root, offline machine: no sandbox, no background network chatter.
			args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
		},
		locale: 'vi-VN',
		timezoneId: 'Asia/Ho_Chi_Minh',
		// A failure keeps its screenshot; `npx playwright test --trace on` records a
		// trace when one is wanted. Recording every passing test cost a third of the browser's CPU.
		trace: 'off',
		screenshot: 'only-on-failure'
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: {
		command: 'node --liftoff-only build', // tests/helpers/node-flags.ts says why
		url: `${origin}/api/health`,
		reuseExistingServer: false,
		timeout: 240_000, // the first start migrates and seeds the demo catalog while vitest keeps both cores busy (scripts/test.mjs)
		env: {
			NODE_ENV: 'test',
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: origin,
			DATA_DIR: dataDir,
			TEST_HOOKS: 'true',
			SEED_ON_EMPTY: 'true',
			LOG_LEVEL: 'warn',
			...TEST_PGLITE_ENV, // tests/helpers/node-flags.ts says why
			// A small free music quota, so the journey can use it up in a few downloads.
			MUSIC_FREE_MONTHLY_LIMIT: '3',
			// Social sign-in against the provider the global setup starts (discovered at the first sign-in).
			OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
			OIDC_CLIENT_ID: 'hoclieu-e2e',
			OIDC_CLIENT_SECRET: 'hoclieu-e2e-secret',
			OIDC_LABEL: 'Tài khoản Sở GD&ĐT (thử)'
		}
	}
});
