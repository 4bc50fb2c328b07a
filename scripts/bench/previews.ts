/**
 * `npm run bench:previews`: preview throughput with one and two worker processes, and what
 * rendering beside the web server costs its search latency (README "Worker processes";
 * results in docs/performance.md). Run once by hand, not a test: it takes about four minutes.
 *
 * 1. a fresh database on the machine's PostgreSQL; `node build` in demo mode with JOBS=off seeds
 *    the demo catalog and stores its sample files (PDF, DOCX, PPTX, audio, video), then serves;
 * 2. idle: search p99 (autocannon, 10 connections, BENCH_SECONDS, queries made of two title words
 *    picked at random, so the search caches rarely answer);
 * 3. for 1 and then 2 worker processes (`node build/worker.js`, PREVIEW_CONCURRENCY=1 each): every
 *    preview job is queued again, the workers start, and the previews settled in BENCH_WINDOW_SECONDS
 *    are counted from the database, while the same search load runs in the middle of the window;
 * 4. idle again once the workers have stopped: on a shared host the load moves, and two idle
 *    runs around the busy ones show how far;
 * 5. prints a Markdown table, with the load average around each phase.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { loadAverage } from '../load-average';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_APP_PORT ?? 4303);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 60);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const dbName = `hoclieu_bench_previews_${Date.now().toString(36)}`;
const dbUrl = (() => {
	const u = new URL(ADMIN_URL);
	u.pathname = `/${dbName}`;
	return u.toString();
})();
const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-bench-previews-'));
const env = {
	...process.env,
	// Demo mode: the seed and the demo's sample files, on PostgreSQL.
	NODE_ENV: 'development',
	DATABASE_URL: dbUrl,
	SEED_ON_EMPTY: 'true',
	DATA_DIR: dataDir,
	MIGRATIONS_DIR: resolve('drizzle'),
	ORIGIN,
	LOG_LEVEL: 'info',
	RATE_LIMIT_SEARCH_MAX: '100000000'
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(entry: string, extra: Record<string, string>): { child: ChildProcess; lines: string[] } {
	const child = spawn(process.execPath, [resolve(entry)], { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
	const lines: string[] = [];
	const keep = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
	child.stdout!.on('data', keep);
	child.stderr!.on('data', keep);
	return { child, lines };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
		await pause(200);
	}
}

async function stop(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((r) => child.once('exit', r));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
	await exited;
	clearTimeout(timer);
}

async function searchP99(words: string[]): Promise<{ p99: number; p50: number; rps: number; non2xx: number }> {
	const pick = () => words[Math.floor(Math.random() * words.length)]!;
	const r = await autocannon({
		url: ORIGIN,
		connections: 10,
		duration: SECONDS,
		requests: [{ setupRequest: (req) => ({ ...req, path: `/api/v1/search?q=${encodeURIComponent(`${pick()} ${pick()}`)}` }) }]
	} as autocannon.Options);
	return { p99: r.latency.p99, p50: r.latency.p50, rps: Math.round(r.requests.average), non2xx: r.non2xx };
}

async function main(): Promise<void> {
	const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE "${dbName}"`);
	const sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
	const children: ChildProcess[] = [];
	try {
		const web = start('build/index.js', { PORT: String(PORT), HOST: '127.0.0.1', JOBS: 'off', WEB_CONCURRENCY: '1' });
		children.push(web.child);
		await waitFor('web server seeded and healthy', async () => (await fetch(`${ORIGIN}/api/health`).catch(() => null))?.ok === true, 300_000);
		await waitFor('search index built', () => web.lines.some((l) => l.includes('"msg":"search index built"')), 120_000);
		const files = (await sql<{ files: number }[]>`SELECT count(*)::int AS files FROM preview_jobs`)[0]!.files;
		const kinds = await sql<{ ext: string; n: number }[]>`
			SELECT lower(substring(file_key from '\\.([A-Za-z0-9]+)$')) AS ext, count(*)::int AS n FROM preview_jobs GROUP BY 1 ORDER BY 2 DESC`;
		const titles = await sql<{ title: string }[]>`SELECT title FROM products`;
		const words = [...new Set(titles.flatMap((t) => t.title.toLowerCase().split(/\s+/)).filter((w) => w.length >= 3))];
		console.log(`demo files with a preview job: ${files} (${kinds.map((k) => `${k.ext ?? '?'} ${k.n}`).join(', ')}); ${words.length} title words`);

		const rows: string[] = [];
		await searchP99(words); // warm-up: the index and caches in their steady state
		const loadIdle = loadAverage();
		const idle = await searchP99(words);
		rows.push(`| idle (no worker) | – | ${idle.p50} | ${idle.p99} | ${idle.rps} | ${idle.non2xx} | ${loadIdle} → ${loadAverage()} |`);

		for (const count of [1, 2]) {
			await sql`UPDATE preview_jobs SET status = 'queued', attempts = 0, next_attempt_at = now(), claimed_by = NULL, last_error = NULL, updated_at = now()`;
			const workers = Array.from({ length: count }, () => start('build/worker.js', { PREVIEW_CONCURRENCY: '1' }));
			children.push(...workers.map((w) => w.child));
			await waitFor('workers ready', () => workers.every((w) => w.lines.some((l) => l.includes('worker ready'))), 120_000);
			const loadBefore = loadAverage();
			const startedAt = Date.now();
			const settled = async () =>
				(await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preview_jobs WHERE status IN ('done', 'failed', 'unavailable')`)[0]!.n;
			// The search load in the middle of the window, once the first conversions are under way.
			await pause(Math.max(0, (WINDOW_SECONDS - SECONDS) * 500));
			const busy = await searchP99(words);
			await pause(Math.max(0, startedAt + WINDOW_SECONDS * 1000 - Date.now()));
			const done = await settled();
			const byStatus = await sql<{ status: string; n: number }[]>`SELECT status, count(*)::int AS n FROM preview_jobs GROUP BY 1 ORDER BY 1`;
			const perMinute = (done / WINDOW_SECONDS) * 60;
			rows.push(
				`| ${count} worker process${count > 1 ? 'es' : ''} rendering | ${perMinute.toFixed(1)} (${byStatus.map((s) => `${s.status} ${s.n}`).join(', ')}) | ${busy.p50} | ${busy.p99} (${((busy.p99 / idle.p99 - 1) * 100).toFixed(0)} % vs the first idle run) | ${busy.rps} | ${busy.non2xx} | ${loadBefore} → ${loadAverage()} |`
			);
			await Promise.all(workers.map((w) => stop(w.child)));
		}
		const loadAfter = loadAverage();
		const idleAgain = await searchP99(words);
		rows.push(`| idle again (workers stopped) | – | ${idleAgain.p50} | ${idleAgain.p99} | ${idleAgain.rps} | ${idleAgain.non2xx} | ${loadAfter} → ${loadAverage()} |`);
		console.log(`\nPreviews settled in ${WINDOW_SECONDS} s after the workers were ready; search at 10 connections for ${SECONDS} s.\n`);
		console.log('| phase | previews / min | search p50 ms | search p99 ms | search req/s | non-2xx | load average (1 5 15) |');
		console.log('|---|---|---:|---:|---:|---:|---|');
		for (const row of rows) console.log(row);
	} finally {
		await Promise.all(children.map(stop));
		await sql.end();
		await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
		await admin.end();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

await main();
