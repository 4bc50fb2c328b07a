/**
 * `npm run bench:docs`: how soon /api-docs is usable in a browser, against
 * /api-docs/swagger, on a warm built server (the embedded demo, no seeding).
 *
 * For each page, BENCH_DOCS_RUNS times in a fresh browser page: time to
 * DOMContentLoaded, then time until the first operation is open and laid out
 * (the reference: set `open` on a <details> and force layout; swagger-ui:
 * its first operation rendered, then expanded). Prints the median of each and
 * the load average before and after, so a noisy run shows.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PORT = Number(process.env.BENCH_DOCS_PORT ?? 4302);
const RUNS = Number(process.env.BENCH_DOCS_RUNS ?? 5);
const base = `http://127.0.0.1:${PORT}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const server = spawn(process.execPath, [resolve('build/index.js')], {
	env: { ...process.env, NODE_ENV: 'development', PORT: String(PORT), HOST: '127.0.0.1', ORIGIN: base, DATA_DIR: mkdtempSync(join(tmpdir(), 'hoclieu-docs-')), SEED_ON_EMPTY: 'false', PREVIEW_CONCURRENCY: '0' },
	stdio: 'ignore'
});
try {
	for (let i = 0; i < 300; i++) {
		if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
		await new Promise((r) => setTimeout(r, 200));
	}
	// Warm: the document is built once per process, on its first request.
	await fetch(`${base}/openapi.json`);
	await fetch(`${base}/api-docs`);
	console.log(`load average before: ${load()}`);
	const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
	const results: Record<string, { loaded: number[]; open: number[] }> = { '/api-docs': { loaded: [], open: [] }, '/api-docs/swagger': { loaded: [], open: [] } };
	for (let run = 0; run < RUNS; run++) {
		for (const [path, r] of Object.entries(results)) {
			const page = await browser.newPage();
			const started = Date.now();
			await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
			r.loaded.push(Date.now() - started);
			if (path === '/api-docs') {
				const ms = await page.evaluate(() => {
					const t = performance.now();
					const first = document.querySelector('details[data-testid="operation"]') as HTMLDetailsElement;
					first.open = true;
					void first.getBoundingClientRect().height; // force layout
					return performance.now() - t;
				});
				r.open.push(Date.now() - started - r.loaded.at(-1)! + ms);
			} else {
				await page.locator('.opblock-summary').first().click({ timeout: 60_000 });
				await page.locator('.opblock-body').first().waitFor({ timeout: 60_000 });
				r.open.push(Date.now() - started - r.loaded.at(-1)!);
			}
			await page.close();
		}
	}
	await browser.close();
	console.log(`load average after: ${load()}`);
	console.log('| page | DOMContentLoaded (median ms) | first operation open (median ms after it) |');
	console.log('| --- | --- | --- |');
	for (const [path, r] of Object.entries(results)) console.log(`| ${path} | ${Math.round(median(r.loaded))} | ${Math.round(median(r.open))} |`);
} finally {
	server.kill('SIGTERM');
}
