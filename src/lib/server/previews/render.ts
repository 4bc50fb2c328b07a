/**
 * Turns one source file into preview outputs inside a private temp directory:
 * stamped WebP page images, a poster, a short clip, and what was measured
 * (pages, duration). Every step is an external tool run without a shell and
 * with a timeout (tools.ts); nothing here touches storage or the database.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../config';
import type { PreviewKind } from './kinds';
import { runTool } from './tools';
import { firstPdfInZip, officeFacts } from './zip';

export const STAMP_TEXT = 'Xem trước – hoclieu';

export interface PreviewOutput {
	/** Output name (page-1.webp, poster.webp, clip.mp3, clip.mp4) and its bytes. */
	name: string;
	contentType: string;
	bytes: Buffer;
}

export interface RenderResult {
	images: PreviewOutput[];
	clip: PreviewOutput | null;
	pageCount: number | null;
	durationSeconds: number | null;
}

/** A file that cannot be previewed whatever is retried (no PDF in the bundle, no pages, over a limit). */
export class NotPreviewable extends Error {
	override name = 'NotPreviewable';
}

const count = new Intl.NumberFormat('vi-VN');

/** Over a limit read from the file's own metadata: said to the author, never retried. */
function overLimit(what: string): NotPreviewable {
	return new NotPreviewable(`Không tạo được bản xem trước: ${what}.`);
}

/** The stamp: centred near the bottom on a dark band, scaled with the image, in a font with Vietnamese glyphs. */
function stampFilter(): string {
	return `drawtext=fontfile=${config().previews.fontFile}:textfile=stamp.txt:fontsize='max(12,h/16)':fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10:x=(w-text_w)/2:y=h-text_h-h/16`;
}

async function pdfPageCount(dir: string, pdf: string): Promise<number> {
	const { stdout } = await runTool('pdfinfo', [pdf], { cwd: dir });
	const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
	if (!Number.isInteger(pages) || pages < 1) throw new NotPreviewable('PDF không có trang nào.');
	const max = config().previews.maxPages;
	if (pages > max) throw overLimit(`tệp có ${count.format(pages)} trang, vượt giới hạn ${count.format(max)} trang`);
	return pages;
}

async function renderPdf(dir: string, pdf: string): Promise<RenderResult> {
	const pageCount = await pdfPageCount(dir, pdf);
	const last = Math.min(pageCount, config().previews.pages);
	await runTool('pdftoppm', ['-png', '-r', '110', '-scale-to', '1200', '-f', '1', '-l', String(last), pdf, 'raster'], { cwd: dir });
	// pdftoppm pads page numbers to the width of the page count (raster-01.png): sort by the number.
	const rasters = (await readdir(dir))
		.filter((f) => /^raster-\d+\.png$/.test(f))
		.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
	if (rasters.length === 0) throw new NotPreviewable('Không dựng được trang nào từ PDF.');
	const images: PreviewOutput[] = [];
	for (const [i, raster] of rasters.entries()) {
		const name = `page-${i + 1}.webp`;
		await runTool('ffmpeg', ['-v', 'error', '-y', '-i', raster, '-vf', stampFilter(), '-c:v', 'libwebp', '-quality', '80', name], { cwd: dir });
		images.push({ name, contentType: 'image/webp', bytes: await readFile(join(dir, name)) });
	}
	return { images, clip: null, pageCount, durationSeconds: null };
}

/** What the package says of itself, checked before LibreOffice opens it: a lie here is caught by the sandbox's limits instead. */
async function checkOfficeFacts(dir: string, source: string): Promise<void> {
	const facts = officeFacts(await readFile(join(dir, source)));
	if (!facts) return;
	const { maxPages, maxUnpackedBytes } = config().previews;
	if (facts.unpackedBytes > maxUnpackedBytes) {
		throw overLimit(`tệp giải nén ra ${count.format(Math.ceil(facts.unpackedBytes / 1024 ** 2))} MB, vượt giới hạn ${count.format(maxUnpackedBytes / 1024 ** 2)} MB`);
	}
	if (facts.pages !== null && facts.pages > maxPages) throw overLimit(`tệp có ${count.format(facts.pages)} trang, vượt giới hạn ${count.format(maxPages)} trang`);
}

async function officeToPdf(dir: string, source: string): Promise<string> {
	await checkOfficeFacts(dir, source);
	// Own profile per run: parallel conversions never share (and lock) one LibreOffice profile.
	await runTool(
		'soffice',
		['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--convert-to', 'pdf', '--outdir', 'converted', source],
		{ cwd: dir, home: dir }
	);
	const pdf = (await readdir(join(dir, 'converted')).catch(() => [] as string[])).find((f) => f.endsWith('.pdf'));
	if (!pdf) throw new Error('LibreOffice không tạo ra tệp PDF.');
	return join('converted', pdf);
}

/** Length (and a video's frame size) from the container, checked against the limits before anything is decoded. */
async function probedDuration(dir: string, source: string): Promise<number> {
	const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=width,height', '-of', 'json', source], { cwd: dir });
	const probed = JSON.parse(stdout || '{}') as { format?: { duration?: string }; streams?: { width?: number; height?: number }[] };
	const seconds = Number.parseFloat(probed.format?.duration ?? '');
	if (!Number.isFinite(seconds) || seconds <= 0) throw new NotPreviewable('Không đọc được thời lượng của tệp.');
	const { maxDurationSeconds, maxPixels } = config().previews;
	if (seconds > maxDurationSeconds) {
		throw overLimit(`tệp dài ${count.format(Math.round(seconds / 60))} phút, vượt giới hạn ${count.format(Math.round(maxDurationSeconds / 60))} phút`);
	}
	const pixels = Math.max(0, ...(probed.streams ?? []).map((s) => (s.width ?? 0) * (s.height ?? 0)));
	if (pixels > maxPixels) throw overLimit(`khung hình ${count.format(pixels)} điểm ảnh, vượt giới hạn ${count.format(maxPixels)}`);
	return seconds;
}

async function renderAudio(dir: string, source: string): Promise<RenderResult> {
	const duration = await probedDuration(dir, source);
	const clipSeconds = String(config().previews.clipSeconds);
	await runTool('ffmpeg', ['-v', 'error', '-y', '-i', source, '-t', clipSeconds, '-vn', '-c:a', 'libmp3lame', '-b:a', '128k', 'clip.mp3'], { cwd: dir });
	return {
		images: [],
		clip: { name: 'clip.mp3', contentType: 'audio/mpeg', bytes: await readFile(join(dir, 'clip.mp3')) },
		pageCount: null,
		durationSeconds: Math.round(duration)
	};
}

async function renderVideo(dir: string, source: string): Promise<RenderResult> {
	const duration = await probedDuration(dir, source);
	const clipSeconds = String(config().previews.clipSeconds);
	// Even dimensions for H.264, at most 854 wide; the poster is taken a little in (frame 0 is often black).
	const scale = `scale='trunc(min(854,iw)/2)*2':-2`;
	const at = String(Math.min(1, duration / 3).toFixed(2));
	await runTool('ffmpeg', ['-v', 'error', '-y', '-ss', at, '-i', source, '-frames:v', '1', '-vf', `${scale},${stampFilter()}`, '-c:v', 'libwebp', '-quality', '80', 'poster.webp'], {
		cwd: dir
	});
	await runTool(
		'ffmpeg',
		['-v', 'error', '-y', '-i', source, '-t', clipSeconds, '-vf', `${scale},${stampFilter()}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', 'clip.mp4'],
		{ cwd: dir }
	);
	return {
		images: [{ name: 'poster.webp', contentType: 'image/webp', bytes: await readFile(join(dir, 'poster.webp')) }],
		clip: { name: 'clip.mp4', contentType: 'video/mp4', bytes: await readFile(join(dir, 'clip.mp4')) },
		pageCount: null,
		durationSeconds: Math.round(duration)
	};
}

/** `source` is a file name inside `dir` (the worker downloaded it there). */
export async function renderPreview(kind: PreviewKind, dir: string, source: string): Promise<RenderResult> {
	await writeFile(join(dir, 'stamp.txt'), STAMP_TEXT);
	switch (kind) {
		case 'pdf':
			return renderPdf(dir, source);
		case 'office':
			return renderPdf(dir, await officeToPdf(dir, source));
		case 'zip': {
			const pdf = firstPdfInZip(await readFile(join(dir, source)));
			if (!pdf) throw new NotPreviewable('Gói ZIP không có tệp PDF để xem trước.');
			await writeFile(join(dir, 'bundle-guide.pdf'), pdf);
			// The guide's pages are shown; its page count would misdescribe the whole bundle.
			return { ...(await renderPdf(dir, 'bundle-guide.pdf')), pageCount: null };
		}
		case 'audio':
			return renderAudio(dir, source);
		case 'video':
			return renderVideo(dir, source);
	}
}
