/**
 * `npm run lighthouse`: Lighthouse (mobile preset, the default form factor:
 * a Moto G Power-sized screen, 4× CPU slowdown, slow 4G) over the home page,
 * a category page and a product page of the embedded demo, in Debian's
 * Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 *
 * The server is the production build (`vite build`) started the way the
 * README's `npm start` starts it, on a fresh data directory with the demo
 * catalog. Each page is measured LIGHTHOUSE_RUNS times (default 3) and the
 * median performance score is kept; the other categories do not vary between
 * runs. Prints the load average before and after (scores drop on a busy
 * machine, so a noisy run shows) and writes every report as JSON under
 * test-results/lighthouse/.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadAverage as load } from './load-average';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4303);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${PORT}`;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const out = resolve('test-results/lighthouse');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function waitForHealthy(): Promise<void> {
	// 503 "Đang chuẩn bị dữ liệu…" while the demo catalog is seeded, then 200.
	for (let i = 0; i < 600; i++) {
		if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) return;
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error('the demo server did not become healthy within 5 minutes');
}

async function productPath(): Promise<string> {
	const res = await fetch(`${base}/api/v1/catalog/categories/lop-1?sort=popular&pageSize=1`);
	const body = (await res.json()) as { data: { fullPath: string }[] };
	const first = body.data[0];
	if (!first) throw new Error(`no product in the demo catalog (${res.status})`);
	return `/san-pham/${first.fullPath}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-lighthouse-'));
const server = spawn(process.execPath, [resolve('scripts/start.mjs')], {
	env: { ...process.env, NODE_ENV: 'development', PORT: String(PORT), HOST: '127.0.0.1', ORIGIN: base, DATA_DIR: dataDir, PREVIEW_CONCURRENCY: '0' },
	stdio: 'ignore'
});
const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	// --no-sandbox: CI and this machine run as root, where Chromium's sandbox refuses to start.
	chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu']
});
try {
	await waitForHealthy();
	const pages: [string, string][] = [
		['home', '/'],
		['category', '/danh-muc/lop-1'],
		['product', await productPath()]
	];
	// Warm every page once (the first request of a route compiles nothing, but fills caches like a live server's).
	for (const [, path] of pages) await fetch(`${base}${path}`);
	mkdirSync(out, { recursive: true });
	console.log(`load average before: ${load()}`);
	const rows: string[] = [];
	for (const [name, path] of pages) {
		const scores: Record<string, number[]> = Object.fromEntries(categories.map((c) => [c, []]));
		for (let run = 0; run < RUNS; run++) {
			const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
			if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
			writeFileSync(join(out, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
			for (const c of categories) scores[c]!.push(Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
			const failed = Object.values(result.lhr.audits)
				.filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
				.map((a) => a.id);
			if (run === 0 && failed.length) console.log(`${name}: failing audits: ${failed.join(', ')}`);
		}
		rows.push(`| ${name} (${path.length > 40 ? `${path.slice(0, 40)}…` : path}) | ${categories.map((c) => median(scores[c]!)).join(' | ')} | ${scores.performance!.join(', ')} |`);
	}
	console.log(`load average after: ${load()}`);
	console.log(`| page | ${categories.join(' | ')} | performance, each run |`);
	console.log(`| --- | ${categories.map(() => '---').join(' | ')} | --- |`);
	for (const row of rows) console.log(row);
} finally {
	await chrome.kill();
	server.kill('SIGTERM');
	rmSync(dataDir, { recursive: true, force: true });
}
