import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
// built server on a fresh embedded database with the demo catalog.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
	throw new Error(`Chromium not found at ${chromium}. Install Debian's: apt-get install -y chromium (or set CHROMIUM_PATH).`);
}
const port = Number(process.env.E2E_PORT ?? 4173);
const origin = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hoclieu-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory

export default defineConfig({
	testDir: 'tests/e2e',
	outputDir: 'test-results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	timeout: 60_000,
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
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure'
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: {
		command: 'node build',
		url: `${origin}/api/health`,
		reuseExistingServer: false,
		timeout: 120_000,
		env: {
			NODE_ENV: 'test',
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: origin,
			DATA_DIR: dataDir,
			TEST_HOOKS: 'true',
			SEED_ON_EMPTY: 'true',
			LOG_LEVEL: 'warn',
			// A small free music quota, so the journey can use it up in a few downloads.
			MUSIC_FREE_MONTHLY_LIMIT: '3'
		}
	}
});
