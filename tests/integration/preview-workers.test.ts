/**
 * Preview rendering in worker processes (README "Worker processes"): a web
 * server with JOBS=off and two `node build/worker.js` processes on one
 * PostgreSQL. Twenty queued previews are each rendered once, by both workers
 * between them; a worker killed with SIGKILL in the middle of a job leaves no
 * tool running, and its job is taken by the other worker once its lease ends.
 * A worker told to stop (SIGTERM) that cannot finish its job within
 * SHUTDOWN_TIMEOUT hands it back to the queue, kills its tools and exits 0.
 * The embedded database (PGlite) opens in one process only: there the worker
 * refuses to start, with the reason, and the two-process part is skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../helpers/http';
import { previewToolsInstalled } from '../helpers/preview-tools';
import { hangingDocx, multiPagePdf, productWithFile } from '../helpers/previews';
import { startServer, type TestServer } from '../helpers/server';
import { startWorkerProcess, type WorkerProcess } from '../helpers/worker-process';
import { TEST_NODE_FLAGS } from '../helpers/node-flags';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.warn('preview-workers.test: the two-worker part needs PostgreSQL (TEST_DATABASE_URL): PGlite opens in one process only');
if (!previewToolsInstalled) console.warn('preview-workers.test: the rendering part needs poppler-utils and libreoffice (.ci/run installs them)');

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LEASE_SECONDS = 5;

interface JobRow {
	file_key: string;
	status: string;
	attempts: number;
	claimed_by: string | null;
	last_error: string | null;
}

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`not ${what} after ${timeoutMs} ms`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/** Processes whose working directory is under `root` (each worker's TMPDIR holds its jobs' directories). */
function processesUnder(root: string): number[] {
	return readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.filter((pid) => {
			try {
				return readlinkSync(`/proc/${pid}/cwd`).startsWith(root);
			} catch {
				return false;
			}
		})
		.map(Number);
}

describe('the worker process on the embedded database', () => {
	it('refuses to start, saying it needs PostgreSQL', () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-worker-'));
		try {
			const run = spawnSync(process.execPath, [...TEST_NODE_FLAGS, resolve('build/worker.js')], {
				env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, MIGRATIONS_DIR: resolve('drizzle') },
				encoding: 'utf8',
				timeout: 30_000
			});
			expect(run.status).toBe(1);
			expect(run.stderr).toContain('needs DATABASE_URL (PostgreSQL)');
		} finally {
			rmSync(dataDir, { recursive: true, force: true });
		}
	});
});

describe.skipIf(!onPostgres || !previewToolsInstalled)('two worker processes on one PostgreSQL', () => {
	let server: TestServer;
	const workers: WorkerProcess[] = [];
	const tmpRoots: string[] = [];

	const jobs = (keys: string[]) => sql<JobRow>(server.url, 'SELECT file_key, status, attempts, claimed_by, last_error FROM preview_jobs WHERE file_key = ANY(string_to_array($1, \' \'))', [keys.join(' ')]);
	const fileKeyOf = async (productId: string) => (await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [productId]))[0]!.file_key;
	const workerId = (w: WorkerProcess) => `${hostname()}:${w.pid}`;

	beforeAll(async () => {
		server = await startServer({ env: { JOBS: 'off' } });
		for (let i = 0; i < 2; i++) {
			const root = mkdtempSync(join(tmpdir(), `hoclieu-worker-${i}-`));
			tmpRoots.push(root);
			workers.push(
				await startWorkerProcess(server, {
					TMPDIR: root,
					PREVIEW_CONCURRENCY: '2',
					PREVIEW_POLL_MS: '100',
					PREVIEW_LEASE_SECONDS: String(LEASE_SECONDS),
					PREVIEW_TOOL_TIMEOUT_MS: '3000',
					PREVIEW_KILL_GRACE_MS: '500'
				})
			);
		}
	}, 120_000);
	afterAll(async () => {
		await Promise.all(workers.map((w) => w.stop()));
		await server?.stop();
		for (const root of tmpRoots) rmSync(root, { recursive: true, force: true });
	});

	it('render 20 queued previews between them, each once', async () => {
		const products = await Promise.all(Array.from({ length: 20 }, () => productWithFile(server.url, 'LESSON_PLAN', '.pdf', multiPagePdf(2), 'application/pdf')));
		const keys = await Promise.all(products.map(fileKeyOf));
		const rows = await until(async () => {
			const now = await jobs(keys);
			return now.length === 20 && now.every((j) => j.status === 'done') && now;
		}, 45_000, 'all rendered');

		// One attempt each: no job was claimed twice.
		expect(rows.map((j) => j.attempts)).toEqual(Array(20).fill(1));
		// Both workers took part (each claims with SKIP LOCKED; neither waits for the other to be leader).
		expect(new Set(rows.map((j) => j.claimed_by))).toEqual(new Set(workers.map(workerId)));
		// Each file rendered exactly once across the two processes' logs, by the worker the database names.
		for (const row of rows) {
			const renders = workers.flatMap((w) => w.logs.filter((l) => l.includes('"preview ready"') && l.includes(row.file_key)).map(() => workerId(w)));
			expect(renders).toEqual([row.claimed_by]);
		}
		const pages = await sql<{ pages: number; images: number }>(server.url, 'SELECT page_count AS pages, cardinality(preview_image_urls) AS images FROM products WHERE id::text = ANY(string_to_array($1, \' \'))', [products.join(' ')]);
		expect(pages).toEqual(Array(20).fill({ pages: 2, images: 2 }));
		// The web process ran no job: it has JOBS=off.
		expect(server.logs.some((l) => l.includes('"preview ready"'))).toBe(false);
	});

	it('a worker killed mid-job leaves no tool behind, and the other takes its job once the lease ends', async () => {
		const product = await productWithFile(server.url, 'LESSON_PLAN', '.docx', hangingDocx(), DOCX);
		const key = await fileKeyOf(product);
		const first = await until(async () => {
			const [job] = await jobs([key]);
			return job?.status === 'running' && job.claimed_by ? job : undefined;
		}, 20_000, 'claimed');
		const claimedAt = Date.now();
		const victim = workers.find((w) => workerId(w) === first.claimed_by)!;
		const survivor = workers.find((w) => w !== victim)!;
		const victimRoot = tmpRoots[workers.indexOf(victim)]!;
		// Mid-job: LibreOffice is at work in the job's directory under the victim's TMPDIR.
		await until(async () => processesUnder(victimRoot).length > 0, 10_000, 'converting');
		victim.child.kill('SIGKILL');
		expect(await victim.exited).toBeNull();

		// The tool helper kills the groups it started when its server goes away.
		await until(async () => processesUnder(victimRoot).length === 0, 5_000, 'free of the killed worker’s tools');
		const second = await until(async () => {
			const [job] = await jobs([key]);
			return job?.claimed_by === workerId(survivor) && job.attempts === 2 ? job : undefined;
		}, (LEASE_SECONDS + 10) * 1000, 'taken by the other worker');
		expect(second.attempts).toBe(2);
		// Not before the lease ran out, and soon after it (a poll of 100 ms, plus the test's own polling).
		expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1000);
		// The survivor's own run hits the tool timeout: the file is refused with a reason, not retried.
		const last = await until(async () => {
			const [job] = await jobs([key]);
			return job?.status === 'failed' ? job : undefined;
		}, 20_000, 'failed');
		expect(last.attempts).toBe(2);
		expect(last.last_error).toContain('Không tạo được bản xem trước');
	});

	it('SIGTERM: an idle worker exits 0; a busy one hands its job back to the queue, kills its tools and exits 0', async () => {
		for (const w of workers) {
			if (w.child.exitCode !== null || w.child.signalCode !== null) continue;
			w.child.kill('SIGTERM');
			expect(await w.exited).toBe(0);
		}
		const root = mkdtempSync(join(tmpdir(), 'hoclieu-worker-stop-'));
		tmpRoots.push(root);
		const busy = await startWorkerProcess(server, {
			TMPDIR: root,
			PREVIEW_POLL_MS: '100',
			PREVIEW_TOOL_TIMEOUT_MS: '60000',
			PREVIEW_KILL_GRACE_MS: '500',
			SHUTDOWN_TIMEOUT: '1'
		});
		workers.push(busy);
		const product = await productWithFile(server.url, 'LESSON_PLAN', '.docx', hangingDocx(), DOCX);
		const key = await fileKeyOf(product);
		await until(async () => (await jobs([key]))[0]?.claimed_by === workerId(busy), 20_000, 'claimed');
		await until(async () => processesUnder(root).length > 0, 10_000, 'converting');
		const stopAt = Date.now();
		busy.child.kill('SIGTERM');
		expect(await busy.exited).toBe(0);
		// One second of SHUTDOWN_TIMEOUT, then the hand-back: far sooner than the 60 s tool timeout.
		expect(Date.now() - stopAt).toBeLessThan(10_000);
		expect(processesUnder(root)).toEqual([]);
		const [job] = await jobs([key]);
		// Due again at once and without the attempt counted: the next worker starts it afresh.
		expect(job).toMatchObject({ status: 'queued', attempts: 0 });
		expect(busy.logs.some((l) => l.includes('preview jobs handed back to the queue') && l.includes(key))).toBe(true);
	});
});
