/**
 * The preview queue's worker (issue #16 item 3). Jobs live in preview_jobs
 * (one per file key, enqueued by a trigger on products.file_key), so they
 * survive restarts: a job is claimed with FOR UPDATE SKIP LOCKED (several
 * instances share the queue) and leased; a worker that dies leaves the job
 * `running` until its lease passes, and then any worker claims it again.
 * Failures are retried with growing waits up to PREVIEW_MAX_ATTEMPTS.
 * Every worker process claims from the queue (README "Worker processes"); a
 * worker told to stop finishes its jobs in hand or, past SHUTDOWN_TIMEOUT,
 * hands them back to the queue (`releasePreviewJobs`).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { db } from '../db/client';
import { queryRows } from '../db/rows';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';
import { startupState } from '../startup-state';
import { PREVIEW_PREFIX, previewFolder, previewKind, publicPreviewUrl, retryDelayMs, type PreviewKind } from './kinds';
import { NotPreviewable, renderPreview, type RenderResult } from './render';
import { killUntilGone, processesIn } from './sandbox';
import { availableTools, ToolLimitReached, TOOLS_FOR } from './tools';

/** Which process holds a job (preview_jobs.claimed_by): the host and pid an operator can look for. */
const WORKER_ID = `${hostname()}:${process.pid}`;

interface Claimed {
	file_key: string;
	attempts: number;
}

/** Jobs whose worker died on their last allowed attempt: nobody will finish them. */
async function failExhaustedOrphans(): Promise<void> {
	const max = config().previews.maxAttempts;
	const rows = await queryRows<{ file_key: string }>(sql`
		UPDATE preview_jobs SET status = 'failed', updated_at = now(),
			last_error = 'Tiến trình tạo bản xem trước dừng giữa chừng quá nhiều lần.'
		WHERE status = 'running' AND next_attempt_at <= now() AND attempts >= ${max}
		RETURNING file_key`);
	for (const row of rows) {
		await db().execute(sql`UPDATE products SET preview_status = 'failed' WHERE file_key = ${row.file_key}`);
		await db().execute(sql`UPDATE product_files SET preview_status = 'failed' WHERE file_key = ${row.file_key}`);
	}
}

/** The most urgent job (files awaiting review first, then the most overdue), queued or orphaned, leased to this worker. */
export async function claimPreviewJob(): Promise<Claimed | null> {
	const { leaseMs, maxAttempts } = config().previews;
	const [row] = await queryRows<Claimed>(sql`
		UPDATE preview_jobs SET status = 'running', attempts = attempts + 1, claimed_by = ${WORKER_ID},
			next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
		WHERE file_key = (
			SELECT file_key FROM preview_jobs
			WHERE status IN ('queued', 'running') AND next_attempt_at <= now() AND attempts < ${maxAttempts}
			-- NULLS LAST as in preview_jobs_due_idx (priority is NOT NULL, but the planner matches the index
			-- only on the same spelling): a claim is one index step, not a sort of every due job (82 ms at 100 000).
			ORDER BY priority DESC NULLS LAST, next_attempt_at LIMIT 1
			FOR UPDATE SKIP LOCKED)
		RETURNING file_key, attempts`);
	return row ?? null;
}

/** The job row still belongs to this attempt (a worker past its lease must not overwrite a newer one). */
const stillOurs = (job: Claimed) => sql`file_key = ${job.file_key} AND status = 'running' AND attempts = ${job.attempts}`;

async function finish(job: Claimed, result: RenderResult, folder: string, sizeBytes: number): Promise<void> {
	const put = async (output: { name: string; contentType: string; bytes: Buffer }) => {
		const key = `${PREVIEW_PREFIX}${folder}/${output.name}`;
		await storage().put(key, output.bytes, output.contentType);
		return publicPreviewUrl(key);
	};
	const imageUrls: string[] = [];
	for (const image of result.images) imageUrls.push(await put(image));
	const clipUrl = result.clip ? await put(result.clip) : null;
	await db().transaction(async (tx) => {
		const mine = await queryRows(sql`UPDATE preview_jobs SET status = 'done', last_error = NULL, updated_at = now() WHERE ${stillOurs(job)} RETURNING file_key`, tx);
		if (mine.length === 0) return;
		// Generated images replace earlier generated ones; images an author supplied are kept in front.
		await tx.execute(sql`
			UPDATE products SET preview_status = 'ready', page_count = ${result.pageCount}, duration_seconds = ${result.durationSeconds},
				file_size_bytes = ${sizeBytes}, preview_clip_url = ${clipUrl},
				preview_image_urls = ARRAY(SELECT u FROM unnest(preview_image_urls) AS u WHERE u NOT LIKE '/xem-truoc/%')
					|| string_to_array(${imageUrls.join(' ')}::text, ' ')
			WHERE file_key = ${job.file_key}`);
		// Each file of a product keeps its own facts and images (the product's are its primary file's).
		await tx.execute(sql`
			UPDATE product_files SET preview_status = 'ready', page_count = ${result.pageCount}, duration_seconds = ${result.durationSeconds},
				size_bytes = ${sizeBytes}, preview_clip_url = ${clipUrl}, preview_image_urls = string_to_array(${imageUrls.join(' ')}::text, ' ')
			WHERE file_key = ${job.file_key}`);
	});
}

/** Tools missing or the file cannot be previewed: no retry, and the product says "Chưa có bản xem trước". */
async function giveUp(job: Claimed, status: 'unavailable' | 'failed', reason: string, sizeBytes: number | null): Promise<void> {
	await db().transaction(async (tx) => {
		const mine = await queryRows(sql`UPDATE preview_jobs SET status = ${status}, last_error = ${reason}, updated_at = now() WHERE ${stillOurs(job)} RETURNING file_key`, tx);
		if (mine.length === 0) return;
		await tx.execute(sql`UPDATE products SET preview_status = ${status}, file_size_bytes = coalesce(${sizeBytes}::bigint, file_size_bytes) WHERE file_key = ${job.file_key}`);
		await tx.execute(sql`UPDATE product_files SET preview_status = ${status}, size_bytes = coalesce(${sizeBytes}::bigint, size_bytes) WHERE file_key = ${job.file_key}`);
	});
}

async function retryLater(job: Claimed, reason: string): Promise<void> {
	const { maxAttempts } = config().previews;
	if (job.attempts >= maxAttempts) return giveUp(job, 'failed', `Không tạo được bản xem trước sau ${maxAttempts} lần thử. Lỗi lần cuối: ${reason}`, null);
	await db().execute(sql`
		UPDATE preview_jobs SET status = 'queued', last_error = ${reason}, updated_at = now(),
			next_attempt_at = now() + ${retryDelayMs(job.attempts)}::int * interval '1 millisecond'
		WHERE ${stillOurs(job)}`);
}

class SourceMissing extends Error {}

/** Streams the sold file into the temp dir (never into memory whole), hashing it on the way. */
async function download(fileKey: string, dir: string): Promise<{ path: string; sha256: string; size: number; head: Buffer; contentType: string | null }> {
	const object = await storage().head(fileKey);
	const stream = object ? await storage().read(fileKey) : null;
	if (!object || !stream) throw new SourceMissing(`Chưa có tệp trong kho: ${fileKey}`);
	const hash = createHash('sha256');
	let head = Buffer.alloc(0);
	let size = 0;
	const ext = /\.[A-Za-z0-9]{1,8}$/.exec(fileKey)?.[0]?.toLowerCase() ?? '';
	const path = `source${ext}`;
	await pipeline(
		stream,
		new Transform({
			transform(chunk: Buffer, _enc, done) {
				hash.update(chunk);
				size += chunk.length;
				if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
				done(null, chunk);
			}
		}),
		createWriteStream(join(dir, path))
	);
	return { path, sha256: hash.digest('hex'), size, head, contentType: object.contentType };
}

/** LibreOffice decides the import filter by extension first: give an upload key without one the right one. */
const OFFICE_EXTENSIONS: Record<string, string> = {
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx'
};

export async function processPreviewJob(job: Claimed): Promise<void> {
	const dir = await mkdtemp(join(tmpdir(), 'hoclieu-preview-'));
	inHand.set(job.file_key, { job, dir });
	let size: number | null = null;
	try {
		const source = await download(job.file_key, dir);
		size = source.size;
		const kind: PreviewKind | null = previewKind(source.contentType, job.file_key, source.head);
		if (!kind) return await giveUp(job, 'unavailable', `Định dạng tệp chưa hỗ trợ xem trước (${source.contentType ?? 'không rõ'}).`, size);
		const have = await availableTools();
		const missing = TOOLS_FOR[kind].filter((t) => !have.has(t));
		if (missing.length > 0) return await giveUp(job, 'unavailable', `Thiếu công cụ trên máy chủ: ${missing.join(', ')}.`, size);
		let path = source.path;
		const officeExt = kind === 'office' && !/\.[a-z]+$/.test(path) ? OFFICE_EXTENSIONS[source.contentType ?? ''] : undefined;
		if (officeExt) {
			await rename(join(dir, path), join(dir, path + officeExt));
			path += officeExt;
		}
		const result = await renderPreview(kind, dir, path);
		await finish(job, result, previewFolder(job.file_key, source.sha256), size);
		log.info('preview ready', { fileKey: job.file_key, kind, pages: result.pageCount, seconds: result.durationSeconds });
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		if (error instanceof NotPreviewable) return await giveUp(job, 'unavailable', reason, size);
		// The same limits would cut the next attempt short too: no retry loop on a file built to exhaust them.
		if (error instanceof ToolLimitReached) return await giveUp(job, 'failed', `Không tạo được bản xem trước: ${reason}.`, size);
		log.warn('preview attempt failed', { fileKey: job.file_key, attempt: job.attempts, error: reason });
		await retryLater(job, reason.slice(0, 1000));
	} finally {
		inHand.delete(job.file_key);
		await verifyNothingLeft(job, dir);
		await rm(dir, { recursive: true, force: true });
	}
}

/**
 * Every tool of a job runs in the job's directory: after the job, no process may still be
 * there. Each run already killed its own process group; this also catches one that left it.
 */
async function verifyNothingLeft(job: Claimed, dir: string): Promise<void> {
	const strays = await processesIn(dir);
	if (strays.length === 0) return;
	log.error('preview job left processes behind; killing them', { fileKey: job.file_key, pids: strays });
	const survivors = await killUntilGone(() => processesIn(dir), config().previews.sandbox.killGraceMs);
	if (survivors.length > 0) log.error('preview job processes survived SIGKILL', { fileKey: job.file_key, pids: survivors });
}

let inFlight = 0;
/** The jobs this process is working on, with their private directories (their tools run there). */
const inHand = new Map<string, { job: Claimed; dir: string }>();
const running = new Set<Promise<void>>();
let claiming = true;

/** A stopping worker claims nothing more, even from a tick already under way. */
export function stopClaiming(): void {
	claiming = false;
}

/**
 * One scheduler tick: fill the free slots and return at once. The jobs run
 * on in the background, so a long LibreOffice run never makes the scheduler
 * (and /api/health) look stuck.
 */
export async function previewTick(): Promise<void> {
	const { concurrency } = config().previews;
	// Before migrations (and the first seed) the queue table may not exist yet.
	if (inFlight >= concurrency || !startupState().migrated || !claiming) return;
	await failExhaustedOrphans();
	while (inFlight < concurrency && claiming) {
		const job = await claimPreviewJob();
		if (!job) return;
		inFlight++;
		const run = processPreviewJob(job)
			.catch((error) => log.warn('preview job bookkeeping failed', { fileKey: job.file_key, error }))
			.finally(() => {
				inFlight--;
				running.delete(run);
			});
		running.add(run);
	}
}

/** Resolves true when every job in hand has finished within `withinMs`, false when some still run. */
export async function previewJobsSettled(withinMs: number): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
	const all = Promise.all([...running]).then(() => true as const);
	const done = await Promise.race([all, timeout]);
	clearTimeout(timer);
	return done;
}

/**
 * A stopping worker gives its unfinished jobs back: each goes back to the queue, due at once and
 * without the attempt counted (nothing went wrong with the file), then its tools are killed. The
 * render that loses its tools finds the row no longer its own and writes nothing.
 */
export async function releasePreviewJobs(): Promise<number> {
	const held = [...inHand.values()];
	for (const { job } of held) {
		await db().execute(sql`
			UPDATE preview_jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), next_attempt_at = now(), updated_at = now(),
				last_error = 'Tiến trình tạo bản xem trước dừng lại; việc được trả về hàng đợi.'
			WHERE ${stillOurs(job)}`);
	}
	const { killGraceMs } = config().previews.sandbox;
	await Promise.all(held.map(({ dir }) => killUntilGone(() => processesIn(dir), killGraceMs)));
	await previewJobsSettled(killGraceMs * 2);
	if (held.length > 0) log.info('preview jobs handed back to the queue', { fileKeys: held.map((h) => h.job.file_key) });
	return held.length;
}

/** Jobs parked for a missing tool get another go once the tools are there (e.g. after an apt-get install and restart). */
export async function requeueForInstalledTools(): Promise<void> {
	const have = await availableTools();
	const all = Object.values(TOOLS_FOR).every((tools) => tools.every((t) => have.has(t)));
	if (!all) return;
	await db().execute(sql`
		UPDATE preview_jobs SET status = 'queued', attempts = 0, next_attempt_at = now(), updated_at = now()
		WHERE status = 'unavailable' AND last_error LIKE 'Thiếu công cụ%'`);
}
