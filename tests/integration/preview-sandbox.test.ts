/**
 * The preview sandbox against the real tools and hostile files (README
 * "Previews", the sandbox): a DOCX built to keep LibreOffice busy for minutes
 * (its metadata claims one page), a PDF with 50 000 pages and an MP4 whose
 * headers claim ten hours, under a 5 s tool timeout. The hanging conversion is
 * killed with every process it started — read from /proc by this test, not by
 * the code under test — and not retried; the other two are refused from their
 * metadata before any rendering; the author reads each reason; the web server
 * keeps answering health throughout (under 100 ms on a quiet host; the bound
 * below is what a server waiting on a conversion could not meet).
 */
import { readdirSync, readFileSync, readlinkSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql } from '../helpers/http';
import { previewToolsInstalled } from '../helpers/preview-tools';
import { createProduct, storeFile } from '../helpers/music-fixtures';
import { emptyPagesPdf, hangingDocx, mp4Claiming, settled } from '../helpers/previews';
import { startServer, type TestServer } from '../helpers/server';

if (!previewToolsInstalled) console.warn('preview-sandbox.test: skipped, install poppler-utils ffmpeg libreoffice-writer-nogui libreoffice-impress-nogui (.ci/run does)');

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Running {
	pid: number;
	command: string;
}

/** Every process working inside `root` or naming it on its command line (LibreOffice's profile path does). */
function processesUnder(root: string): Running[] {
	const found: Running[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
		try {
			const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
			let cwd = '';
			try {
				cwd = readlinkSync(`/proc/${name}/cwd`);
			} catch {
				// A zombie or a process of another user has no readable cwd; its command line still tells.
			}
			if (cwd.startsWith(root) || command.includes(root)) found.push({ pid: Number(name), command });
		} catch {
			// Gone between readdir and read.
		}
	}
	return found;
}

describe.skipIf(!previewToolsInstalled)('the preview sandbox', () => {
	let server: TestServer;
	/** The server's TMPDIR: every preview job's private directory is made inside it. */
	let jobsRoot: string;

	beforeAll(async () => {
		jobsRoot = mkdtempSync(join(tmpdir(), 'hoclieu-sandbox-'));
		server = await startServer({
			env: {
				PREVIEW_CONCURRENCY: '3',
				PREVIEW_POLL_MS: '200',
				PREVIEW_TOOL_TIMEOUT_MS: '5000',
				PREVIEW_KILL_GRACE_MS: '1000',
				TMPDIR: jobsRoot,
				// The store-file hook carries the 4 MB PDF as base64, through adapter-node's limit and ours.
				BODY_SIZE_LIMIT: '16M',
				BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
				// Each health check's own bound (1 s by default). A fresh-clone run on a loaded two-core host
				// got one 503 "degraded" here, answered at once (its body was not kept; a check outliving
				// 1 s behind the jobs' own queries is the likely cause). Whether the server waits on a
				// conversion is told by the latency bounds below, not by this bound.
				HEALTH_CHECK_TIMEOUT_MS: '3000'
			}
		});
	}, 120_000);
	afterAll(async () => {
		await server?.stop();
		rmSync(jobsRoot, { recursive: true, force: true });
	});

	it('kills a hanging LibreOffice with its whole group, refuses over-limit files from their metadata, and keeps health fast', async () => {
		const author = await createUser(server.url, { role: 'author' });
		// The files go into storage first (the 4 MB PDF's upload is the test's own load on the server, not the jobs').
		const files = [
			{ type: 'LESSON_PLAN', ext: '.docx', bytes: hangingDocx(), contentType: DOCX },
			{ type: 'LESSON_PLAN', ext: '.pdf', bytes: emptyPagesPdf(50_000), contentType: 'application/pdf' },
			{ type: 'VIDEO', ext: '.mp4', bytes: mp4Claiming(10 * 3600), contentType: 'video/mp4' }
		] as const;
		const keys: string[] = [];
		for (const file of files) {
			keys.push(`products/${crypto.randomUUID()}/file${file.ext}`);
			await storeFile(server.url, keys.at(-1)!, file.bytes, file.contentType);
		}
		await fetch(`${server.url}/api/health`); // the watcher's connection, opened before timing

		let watching = true;
		let sawLibreOffice = false;
		/** Health latencies before the jobs exist (this host's own noise) and while they run. */
		const healthMs = { idle: [] as number[], busy: [] as number[] };
		let phase: keyof typeof healthMs = 'idle';
		const watcher = (async () => {
			while (watching) {
				const started = performance.now();
				const health = await fetch(`${server.url}/api/health`);
				healthMs[phase].push(performance.now() - started);
				expect(health.status, health.status === 200 ? '' : await health.text()).toBe(200);
				if (processesUnder(jobsRoot).some((p) => p.command.includes('soffice'))) sawLibreOffice = true;
				await new Promise((r) => setTimeout(r, 100));
			}
		})();
		while (healthMs.idle.length < 15) await new Promise((r) => setTimeout(r, 100));

		// Each product's insert queues its preview job (a trigger). The inserts are the test's own catalog writes
		// (the in-memory catalog is rebuilt after them): the busy phase starts once they are done, while the
		// conversion still has seconds to run.
		const [docxId, pdfId, mp4Id] = await Promise.all(
			files.map((file, i) => createProduct(server.url, { type: file.type, fileKey: keys[i]!, fileName: `Tài liệu${file.ext}`, title: 'Tài liệu xem trước' }))
		);
		await sql(server.url, 'UPDATE products SET author_id = $1 WHERE id IN ($2, $3, $4)', [author.userId, docxId, pdfId, mp4Id]);
		phase = 'busy';

		const [docx, pdf, mp4] = await Promise.all([settled(server.url, docxId!, 90_000), settled(server.url, pdfId!), settled(server.url, mp4Id!)]);
		// The job is marked failed only after its processes are gone: nothing may be left now, nor appear later.
		expect(processesUnder(jobsRoot)).toEqual([]);
		await new Promise((r) => setTimeout(r, 2000));
		watching = false;
		await watcher;
		expect(processesUnder(jobsRoot)).toEqual([]);
		expect(sawLibreOffice, 'LibreOffice never ran: the test proved nothing about the timeout').toBe(true);

		// Timed out once: failed for good, never retried with the same limits.
		expect(docx).toMatchObject({ job_status: 'failed', preview_status: 'failed', attempts: 1 });
		expect(docx.last_error).toBe('Không tạo được bản xem trước: LibreOffice quá thời gian xử lý (5 giây).');
		// Refused from pdfinfo's and ffprobe's reading before anything was rendered.
		expect(pdf).toMatchObject({ job_status: 'unavailable', preview_status: 'unavailable', attempts: 1, preview_image_urls: [] });
		expect(pdf.last_error).toBe('Không tạo được bản xem trước: tệp có 50.000 trang, vượt giới hạn 2.000 trang.');
		expect(mp4).toMatchObject({ job_status: 'unavailable', preview_status: 'unavailable', attempts: 1, preview_clip_url: null });
		expect(mp4.last_error).toBe('Không tạo được bản xem trước: tệp dài 600 phút, vượt giới hạn 180 phút.');

		// The author reads each reason, in the API and on the studio page.
		for (const [id, row] of [
			[docxId, docx],
			[pdfId, pdf],
			[mp4Id, mp4]
		] as const) {
			const res = await request(server.url, `/api/v1/studio/products/${id}`, { headers: { cookie: author.cookie } });
			expect(res.status, res.text).toBe(200);
			expect(res.body.data.generatedPreview).toMatchObject({ status: row.preview_status, reason: row.last_error });
			const page = await fetch(`${server.url}/tac-gia/san-pham/${id}`, { headers: { cookie: author.cookie } });
			expect(page.status).toBe(200);
			expect(await page.text()).toMatch(new RegExp(`data-testid="preview-reason"[^>]*>${row.last_error!.replace(/[.()]/g, '\\$&')}<`));
		}

		// Health stays answered while LibreOffice burns CPU beside it: the tools run niced in their own
		// processes. On a quiet host every answer takes well under 100 ms, but other test files share this
		// host's two cores (three at a time, vite.config.ts), and a fresh-clone run saw a 95th percentile of
		// 109 ms here with nothing wrong. What the test must tell apart is a server that waits on a
		// conversion, which holds it for seconds (the tool timeout is 5 s): the 95th percentile against
		// 500 ms or four times what the same server took before the jobs existed, whichever is larger.
		const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!;
		const samples = `health answered in ${healthMs.idle.map((ms) => ms.toFixed(0)).join(', ')} ms idle, ${healthMs.busy.map((ms) => ms.toFixed(0)).join(', ')} ms busy`;
		expect(healthMs.busy.length).toBeGreaterThan(20);
		expect(p95(healthMs.busy), samples).toBeLessThan(Math.max(500, 4 * p95(healthMs.idle)));
		expect(Math.max(...healthMs.busy), samples).toBeLessThan(2000);
	}, 150_000);
});
