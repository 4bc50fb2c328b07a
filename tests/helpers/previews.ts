/** Preview-job fixtures for HTTP tests: PDFs made to measure, products with a stored file, the job's state. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipBytes } from '../../src/lib/server/platform/storage/samples/zip';
import { sql } from './http';
import { createProduct, storeFile } from './music-fixtures';

/** A valid PDF of `pages` A4 pages, each naming its number. */
export function multiPagePdf(pages: number): Buffer {
	const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
	const kids: string[] = [];
	objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'); // object 3
	for (let i = 1; i <= pages; i++) {
		const body = `BT /F1 36 Tf 72 700 Td (Trang ${i}) Tj ET`;
		objects.push(`<< /Length ${body.length} >>\nstream\n${body}\nendstream`);
		const contents = objects.length;
		objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`);
		kids.push(`${objects.length} 0 R`);
	}
	objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
	let out = '%PDF-1.4\n';
	const offsets = objects.map((obj, i) => {
		const at = out.length;
		out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
		return at;
	});
	const xref = out.length;
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/**
 * A well-formed PDF that really has `pages` pages, each empty (the size inherited from the page
 * tree): about 80 bytes a page, so a file claiming tens of thousands of pages stays a few MB.
 */
export function emptyPagesPdf(pages: number): Buffer {
	const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
	const kids: string[] = [];
	for (let i = 0; i < pages; i++) {
		objects.push('<< /Type /Page /Parent 2 0 R >>');
		kids.push(`${objects.length} 0 R`);
	}
	objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} /MediaBox [0 0 595 842] >>`;
	const parts: string[] = ['%PDF-1.4\n'];
	let length = parts[0]!.length;
	const offsets = objects.map((obj, i) => {
		const at = length;
		const text = `${i + 1} 0 obj\n${obj}\nendobj\n`;
		parts.push(text);
		length += text.length;
		return at;
	});
	parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`));
	parts.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
	return Buffer.from(parts.join(''), 'latin1');
}

export interface ProductPreviewRow {
	preview_status: string | null;
	page_count: number | null;
	duration_seconds: number | null;
	file_size_bytes: string | number | null;
	preview_clip_url: string | null;
	preview_image_urls: string[];
	job_status: string | null;
	attempts: number | null;
	last_error: string | null;
}

export async function previewRow(base: string, productId: string): Promise<ProductPreviewRow> {
	const [row] = await sql<ProductPreviewRow>(
		base,
		`SELECT p.preview_status, p.page_count, p.duration_seconds, p.file_size_bytes, p.preview_clip_url, p.preview_image_urls,
			j.status AS job_status, j.attempts, j.last_error
		 FROM products p LEFT JOIN preview_jobs j ON j.file_key = p.file_key WHERE p.id = $1`,
		[productId]
	);
	return row!;
}

/** Polls the database until the product's job is settled (done, failed or unavailable); tool runs take seconds. */
export async function settled(base: string, productId: string, timeoutMs = 60_000): Promise<ProductPreviewRow> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const row = await previewRow(base, productId);
		if (row.job_status === 'done' || row.job_status === 'failed' || row.job_status === 'unavailable') return row;
		if (Date.now() > deadline) throw new Error(`preview not settled: ${JSON.stringify(row)}`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

export async function productWithFile(base: string, type: 'MUSIC' | 'LESSON_PLAN' | 'SLIDE' | 'VIDEO' | 'COMBO', ext: string, bytes: Uint8Array, contentType: string) {
	const key = `products/${crypto.randomUUID()}/file${ext}`;
	// The file first, as the seed and the studio do; the trigger then queues the job.
	await storeFile(base, key, bytes, contentType);
	return createProduct(base, { type, fileKey: key, fileName: `Tài liệu${ext}`, title: 'Tài liệu xem trước' });
}


const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * A DOCX of `paragraphs` page-broken paragraphs (about 35 KB deflated) that keeps LibreOffice
 * laying out pages for minutes, and whose docProps/app.xml claims one page: the metadata check
 * lets it through, so only the sandbox's limits can stop it.
 */
export function hangingDocx(paragraphs = 200_000): Buffer {
	const paragraph = '<w:p><w:r><w:br w:type="page"/><w:t>Trang</w:t></w:r></w:p>';
	const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
	return Buffer.from(
		zipBytes(
			[
				{
					name: '[Content_Types].xml',
					data: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`
				},
				{
					name: '_rels/.rels',
					data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`
				},
				{ name: 'docProps/app.xml', data: `${xml}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>1</Pages></Properties>` },
				{
					name: 'word/document.xml',
					data: `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat(paragraphs)}</w:body></w:document>`
				}
			],
			{ deflate: true }
		)
	);
}

/** Sets every 32-bit duration of `atom` (mvhd, mdhd; version 0) to `seconds` in the atom's own timescale. */
function stretchAtoms(mp4: Buffer, atom: string, seconds: number): void {
	for (let at = mp4.indexOf(atom); at >= 0; at = mp4.indexOf(atom, at + 4)) {
		if (mp4[at + 4] !== 0) continue;
		// After the type: version+flags, creation, modification (4 bytes each), then timescale and duration.
		const timescale = mp4.readUInt32BE(at + 16);
		mp4.writeUInt32BE(timescale * seconds, at + 20);
	}
}

/** A two-second MP4 (made by ffmpeg) whose headers claim `seconds`: what ffprobe reports, and a limit must refuse. */
export function mp4Claiming(seconds: number): Buffer {
	const dir = mkdtempSync(join(tmpdir(), 'hoclieu-mp4-'));
	try {
		const file = join(dir, 'clip.mp4');
		execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=5', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
		const bytes = readFileSync(file);
		stretchAtoms(bytes, 'mvhd', seconds);
		stretchAtoms(bytes, 'mdhd', seconds);
		return bytes;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
