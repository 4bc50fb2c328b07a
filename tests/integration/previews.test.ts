/**
 * Preview generation against the built server and the real tools (issue #16
 * item 3): a PDF, a DOCX, a PPTX, a WAV, a longer WAV and an AVI become stamped
 * WebP pages, posters and clips in storage, served publicly; a failed attempt
 * is retried; a job left `running` by a dead worker is resumed; a missing tool
 * parks the job as `unavailable` and the product page says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { sql } from '../helpers/http';
import { category, createProduct, storeFile } from '../helpers/music-fixtures';
import { multiPagePdf, previewRow, productWithFile, settled } from '../helpers/previews';
import { previewToolsInstalled } from '../helpers/preview-tools';
import { startServer, type TestServer } from '../helpers/server';

const hasTools = previewToolsInstalled;
if (!hasTools) console.warn('previews.test: skipped, install poppler-utils ffmpeg libreoffice-writer-nogui libreoffice-impress-nogui (.ci/run does)');

/** `seconds` of a 440 Hz tone, 2 kHz mono 8-bit: long enough to need cutting, small enough for the store-file hook. */
function toneWav(seconds: number): Buffer {
	const rate = 2000;
	const data = Buffer.alloc(rate * seconds);
	for (let i = 0; i < data.length; i++) data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
	const header = Buffer.alloc(44);
	header.write('RIFF', 0);
	header.writeUInt32LE(36 + data.length, 4);
	header.write('WAVEfmt ', 8);
	header.writeUInt32LE(16, 16);
	header.writeUInt16LE(1, 20);
	header.writeUInt16LE(1, 22);
	header.writeUInt32LE(rate, 24);
	header.writeUInt32LE(rate, 28);
	header.writeUInt16LE(1, 32);
	header.writeUInt16LE(8, 34);
	header.write('data', 36);
	header.writeUInt32LE(data.length, 40);
	return Buffer.concat([header, data]);
}

/** ffprobe of bytes fetched from the public URL: the format and first stream's size/length. */
function probe(bytes: Buffer, name: string): { format: string; width?: number; height?: number; duration: number } {
	const dir = mkdtempSync(join(tmpdir(), 'preview-probe-'));
	try {
		const file = join(dir, name);
		writeFileSync(file, bytes);
		const out = JSON.parse(
			execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=width,height', '-of', 'json', file], { encoding: 'utf8' })
		);
		return { format: out.format.format_name, width: out.streams?.[0]?.width, height: out.streams?.[0]?.height, duration: Number(out.format.duration ?? 0) };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

async function publicGet(base: string, url: string) {
	const res = await fetch(`${base}${url}`);
	return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.skipIf(!hasTools)('preview generation with the real tools', () => {
	let server: TestServer;

	beforeAll(async () => {
		// A larger body limit: the store-file hook carries the sample files as base64.
		server = await startServer({ env: { PREVIEW_CONCURRENCY: '2', PREVIEW_POLL_MS: '200', PREVIEW_PAGES: '2', BODY_LIMIT_BYTES: String(1024 * 1024) } });
	}, 120_000);
	afterAll(async () => {
		await server?.stop();
	});

	it('renders the first pages of a PDF as stamped WebP images, served publicly and cached for good', async () => {
		const pdf = multiPagePdf(4);
		const id = await productWithFile(server.url, 'LESSON_PLAN', '.pdf', pdf, 'application/pdf');
		const row = await settled(server.url, id);
		expect(row).toMatchObject({ job_status: 'done', preview_status: 'ready', page_count: 4, duration_seconds: null, preview_clip_url: null });
		expect(Number(row.file_size_bytes)).toBe(pdf.length);
		expect(row.preview_image_urls).toHaveLength(2);
		for (const url of row.preview_image_urls) {
			expect(url).toMatch(/^\/xem-truoc\/[0-9a-f]{32}\/page-[12]\.webp$/);
			const { res, bytes } = await publicGet(server.url, url);
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toBe('image/webp');
			expect(res.headers.get('cache-control')).toContain('immutable');
			expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
			const size = probe(bytes, 'page.webp');
			// A4 portrait scaled to 1200 px on its long side.
			expect(size.height).toBe(1200);
			expect(size.width).toBeGreaterThan(800);
			expect(size.width).toBeLessThan(size.height!);
		}
		// The public route serves worker outputs only, never the sold file.
		const [file] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [id]);
		expect((await fetch(`${server.url}/xem-truoc/${file!.file_key}`)).status).toBe(404);
		expect((await fetch(`${server.url}/xem-truoc/${file!.file_key.replace(/^products\//, '')}`)).status).toBe(404);

		// The API and the product page show the facts.
		const [path] = await sql<{ full_path: string }>(server.url, `SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [id]);
		const api = await (await fetch(`${server.url}/api/v1/catalog/products/${path!.full_path}`)).json();
		expect(api.data.product.preview).toEqual({ status: 'ready', pageCount: 4, durationSeconds: null, fileSizeBytes: pdf.length, format: 'PDF', clipUrl: null });
		expect(api.data.product.previewImageUrls).toEqual(row.preview_image_urls);
		const html = await (await fetch(`${server.url}/san-pham/${path!.full_path}`)).text();
		expect(html).toContain(row.preview_image_urls[0]);
		expect(html).toMatch(/Số trang<\/dt>\s*<dd[^>]*>4<\/dd>/);
		expect(html).not.toContain('Chưa có bản xem trước');

		// Listings carry the count too, and the category page's card shows it.
		const categoryPath = path!.full_path.slice(0, path!.full_path.lastIndexOf('/'));
		const listing = await (await fetch(`${server.url}/api/v1/catalog/categories/${categoryPath}?type=LESSON_PLAN&pageSize=50`)).json();
		expect(listing.data.find((p: { id: string }) => p.id === id)).toMatchObject({ pageCount: 4, durationSeconds: null, authorName: null, coverImageUrl: null });
		const category = await (await fetch(`${server.url}/danh-muc/${categoryPath}?type=LESSON_PLAN`)).text();
		expect(category).toMatch(/data-testid="card-facts"[^>]*>4 trang</);
		// With no uploaded cover, the card shows the first generated page instead of the type's tile.
		expect(category).toMatch(new RegExp(`<div class="cover[^"]*"[^>]*>(?:\\s|<!--[^>]*-->)*<img[^>]*src="${row.preview_image_urls[0]}"`));
	}, 90_000);

	it('converts DOCX and PPTX with LibreOffice and counts pages and slides', async () => {
		const docx = sampleFile('LESSON_PLAN', 'Giáo án mẫu');
		const pptx = sampleFile('SLIDE', 'Bài giảng mẫu');
		const [docxId, pptxId] = await Promise.all([
			productWithFile(server.url, 'LESSON_PLAN', '.docx', docx.bytes, docx.contentType),
			productWithFile(server.url, 'SLIDE', '.pptx', pptx.bytes, pptx.contentType)
		]);
		// LibreOffice's first start is slow on a busy 2-core machine: generous limits, no timing luck.
		const [d, p] = await Promise.all([settled(server.url, docxId, 170_000), settled(server.url, pptxId, 170_000)]);
		expect(d, d.last_error ?? '').toMatchObject({ job_status: 'done', page_count: 1 });
		expect(d.preview_image_urls).toHaveLength(1);
		// The sample deck: a title slide and two content slides; PREVIEW_PAGES=2 renders the first two.
		expect(p, p.last_error ?? '').toMatchObject({ job_status: 'done', page_count: 3 });
		expect(p.preview_image_urls).toHaveLength(2);
		const { res, bytes } = await publicGet(server.url, p.preview_image_urls[0]!);
		expect(res.headers.get('content-type')).toBe('image/webp');
		const size = probe(bytes, 'slide.webp');
		expect(size.width).toBeGreaterThan(size.height!); // slides are landscape
	}, 180_000);

	it('cuts audio to a 30-second clip (or the whole file when shorter) and records the length', async () => {
		const song = sampleFile('MUSIC', 'Bài hát mẫu');
		const long = toneWav(35);
		const [shortId, longId] = await Promise.all([
			productWithFile(server.url, 'MUSIC', '.wav', song.bytes, 'audio/wav'),
			productWithFile(server.url, 'MUSIC', '.wav', long, 'audio/wav')
		]);
		const [s, l] = await Promise.all([settled(server.url, shortId), settled(server.url, longId)]);
		expect(l).toMatchObject({ job_status: 'done', duration_seconds: 35, page_count: null, preview_image_urls: [] });
		const longClip = await publicGet(server.url, l.preview_clip_url!);
		expect(longClip.res.headers.get('content-type')).toBe('audio/mpeg');
		expect(probe(longClip.bytes, 'clip.mp3').duration).toBeCloseTo(30, 0);

		expect(s.job_status).toBe('done');
		const shortClip = await publicGet(server.url, s.preview_clip_url!);
		expect(Math.abs(probe(shortClip.bytes, 'clip.mp3').duration - s.duration_seconds!)).toBeLessThanOrEqual(1);
	}, 90_000);

	it('lets a guest hear the clip on the music page, and lists only published tracks with a clip', async () => {
		const song = sampleFile('MUSIC', 'Bài hát mẫu');
		const word = `trongcom${crypto.randomUUID().slice(0, 6)}`;
		const key = `products/${crypto.randomUUID()}/trong-com.wav`;
		await storeFile(server.url, key, song.bytes, 'audio/wav');
		const id = await createProduct(server.url, { type: 'MUSIC', fileKey: key, fileName: 'Trống cơm.wav', title: `Trống cơm ${word}` });
		const hidden = await createProduct(server.url, { type: 'MUSIC', fileKey: key, fileName: 'Trống cơm.wav', isPublished: false });
		const noFile = await createProduct(server.url, { type: 'MUSIC', fileKey: null, fileName: null });
		const row = await settled(server.url, id);
		expect(row.preview_clip_url).toMatch(/\.mp3$/);

		const clips = await fetch(`${server.url}/api/trpc/storefront.previewClips?input=${encodeURIComponent(JSON.stringify({ ids: [id, hidden, noFile] }))}`);
		expect(clips.status).toBe(200);
		const body = (await clips.json()) as { result: { data: { id: string; clipUrl: string; durationSeconds: number | null }[] } };
		expect(body.result.data).toEqual([{ id, clipUrl: row.preview_clip_url, durationSeconds: row.duration_seconds }]);

		// No cookie: the page answers (no sign-in redirect), offers the clip and asks to sign in before a download.
		const page = await fetch(`${server.url}/am-nhac?q=${word}`, { redirect: 'manual' });
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain(`src="${row.preview_clip_url}"`);
		expect(html).toContain('data-testid="music-guest"');
		expect(html).toContain('Đăng nhập để tải');
		const clip = await publicGet(server.url, row.preview_clip_url!);
		expect(clip.res.headers.get('content-type')).toBe('audio/mpeg');
	}, 90_000);

	it('gives a video a stamped poster frame and an H.264 clip', async () => {
		const video = sampleFile('VIDEO', 'Video mẫu');
		const id = await productWithFile(server.url, 'VIDEO', '.avi', video.bytes, video.contentType);
		const row = await settled(server.url, id);
		expect(row, row.last_error ?? '').toMatchObject({ job_status: 'done', preview_status: 'ready' });
		expect(row.duration_seconds).toBeGreaterThan(0);
		expect(row.preview_image_urls).toHaveLength(1);
		expect(row.preview_image_urls[0]).toMatch(/\/poster\.webp$/);
		const poster = await publicGet(server.url, row.preview_image_urls[0]!);
		expect(probe(poster.bytes, 'poster.webp').width).toBeGreaterThan(0);
		const clip = await publicGet(server.url, row.preview_clip_url!);
		expect(clip.res.headers.get('content-type')).toBe('video/mp4');
		const info = probe(clip.bytes, 'clip.mp4');
		expect(info.format).toContain('mp4');
		expect(Math.abs(info.duration - Math.min(30, row.duration_seconds!))).toBeLessThanOrEqual(1);
		// Media players ask for byte ranges.
		expect(clip.res.headers.get('accept-ranges')).toBe('bytes');
		const part = await fetch(`${server.url}${row.preview_clip_url}`, { headers: { range: 'bytes=10-109' } });
		expect(part.status).toBe(206);
		expect(part.headers.get('content-range')).toBe(`bytes 10-109/${clip.bytes.length}`);
		expect(Buffer.from(await part.arrayBuffer()).equals(clip.bytes.subarray(10, 110))).toBe(true);
		expect((await fetch(`${server.url}${row.preview_clip_url}`, { headers: { range: `bytes=${clip.bytes.length + 5}-` } })).status).toBe(416);
	}, 90_000);

	it('retries an attempt that failed (the file was not in storage yet) and then succeeds', async () => {
		const key = `products/${crypto.randomUUID()}/file.pdf`;
		const id = await createProduct(server.url, { type: 'LESSON_PLAN', fileKey: key, fileName: 'Tài liệu.pdf' });
		const deadline = Date.now() + 20_000;
		let row = await previewRow(server.url, id);
		while (!(row.job_status === 'queued' && row.attempts === 1) && Date.now() < deadline) {
			await new Promise((r) => setTimeout(r, 100));
			row = await previewRow(server.url, id);
		}
		expect(row).toMatchObject({ job_status: 'queued', attempts: 1, preview_status: 'queued' });
		expect(row.last_error).toContain('Chưa có tệp trong kho');
		await storeFile(server.url, key, multiPagePdf(1), 'application/pdf');
		// The back-off (15 s) is the worker's business; the test only brings the next attempt forward.
		await sql(server.url, `UPDATE preview_jobs SET next_attempt_at = now() WHERE file_key = $1`, [key]);
		const done = await settled(server.url, id);
		expect(done).toMatchObject({ job_status: 'done', attempts: 2, page_count: 1, last_error: null });
	}, 60_000);

	it('resumes a job left running by a worker that died once its lease has passed', async () => {
		const key = `products/${crypto.randomUUID()}/file.pdf`;
		await storeFile(server.url, key, multiPagePdf(2), 'application/pdf');
		// What a crash leaves behind: claimed (attempt 1), lease over, nobody finishing it.
		await sql(server.url, `INSERT INTO preview_jobs (file_key, status, attempts, next_attempt_at) VALUES ($1, 'running', 1, now() - interval '1 second')`, [key]);
		const id = await createProduct(server.url, { type: 'LESSON_PLAN', fileKey: key, fileName: 'Tài liệu.pdf' });
		const row = await settled(server.url, id);
		expect(row).toMatchObject({ job_status: 'done', attempts: 2, page_count: 2, preview_status: 'ready' });
	}, 60_000);
});

describe.skipIf(!hasTools)('preview generation without a tool', () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startServer({ env: { PREVIEW_CONCURRENCY: '1', PREVIEW_POLL_MS: '200', PREVIEW_FFMPEG_PATH: '/nonexistent/ffmpeg' } });
	}, 120_000);
	afterAll(async () => {
		await server?.stop();
	});

	it('marks the job unavailable with the reason, and the product page says there is no preview yet', async () => {
		const song = sampleFile('MUSIC', 'Bài hát mẫu');
		const id = await productWithFile(server.url, 'MUSIC', '.wav', song.bytes, 'audio/wav');
		const row = await settled(server.url, id);
		expect(row).toMatchObject({ job_status: 'unavailable', preview_status: 'unavailable', attempts: 1, preview_clip_url: null });
		expect(row.last_error).toContain('ffmpeg');
		expect(Number(row.file_size_bytes)).toBe(song.bytes.length);
		expect(server.logs.join('\n')).toContain('preview tools missing');
		const [path] = await sql<{ full_path: string }>(server.url, `SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [id]);
		const html = await (await fetch(`${server.url}/san-pham/${path!.full_path}`)).text();
		expect(html).toContain('Chưa có bản xem trước.');
	}, 60_000);
	it('previews a file awaiting review before the published backlog', async () => {
		const song = sampleFile('MUSIC', 'Bài hát mẫu');
		const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
		for (const id of ids) await storeFile(server.url, `products/${id}/bai-hat.wav`, song.bytes, 'audio/wav');
		const categoryId = await category(server.url);
		// One statement, so the single worker sees all four jobs at its next claim; the draft is inserted last.
		await sql(
			server.url,
			`INSERT INTO products (id, category_id, type, title, slug, price_vnd, file_key, file_name, status, is_published)
			 SELECT id, $1::uuid, 'MUSIC', 'Bài hát chờ xem trước', 'bai-hat-' || left(id::text, 8), 0, 'products/' || id || '/bai-hat.wav', 'bai-hat.wav',
				CASE WHEN n = 4 THEN 'draft' ELSE 'published' END, n <> 4
			 FROM (VALUES ($2::uuid, 1), ($3::uuid, 2), ($4::uuid, 3), ($5::uuid, 4)) AS t(id, n)`,
			[categoryId, ...ids]
		);
		const rows = await sql<{ id: string; priority: number }>(
			server.url,
			`SELECT p.id::text AS id, j.priority FROM products p JOIN preview_jobs j ON j.file_key = p.file_key WHERE p.id IN ($1, $2, $3, $4)`,
			ids
		);
		expect(Object.fromEntries(rows.map((r) => [r.id, r.priority]))).toEqual({ [ids[0]!]: 0, [ids[1]!]: 0, [ids[2]!]: 0, [ids[3]!]: 1 });
		for (const id of ids) await settled(server.url, id);
		// One worker runs jobs one after another, so the order they were finished in is the order they were claimed in.
		const finished = await sql<{ id: string }>(
			server.url,
			`SELECT p.id::text AS id FROM products p JOIN preview_jobs j ON j.file_key = p.file_key WHERE p.id IN ($1, $2, $3, $4) ORDER BY j.updated_at`,
			ids
		);
		expect(finished[0]!.id).toBe(ids[3]);
	}, 60_000);
});
