/** The preview worker's pure decisions: file kinds, retry waits, public paths, ZIP guide extraction, page wording. */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, previewStatusText } from '../../src/lib/preview-format';
import { previewFolder, previewKeyFromPublicPath, previewKind, publicPreviewUrl, retryDelayMs } from '../../src/lib/server/previews/kinds';
import { firstPdfInZip } from '../../src/lib/server/previews/zip-pdf';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';

const none = new Uint8Array();

describe('previewKind', () => {
	it('goes by content type, then by the key’s extension, then by the bytes', () => {
		expect(previewKind('application/pdf', 'uploads/u/1', none)).toBe('pdf');
		expect(previewKind('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'x', none)).toBe('office');
		expect(previewKind('audio/wav', 'x', none)).toBe('audio');
		expect(previewKind('video/x-msvideo', 'x', none)).toBe('video');
		expect(previewKind('application/zip', 'x', none)).toBe('zip');
		expect(previewKind('application/octet-stream', 'products/1/file.docx', none)).toBe('office');
		expect(previewKind(null, 'uploads/u/1', Buffer.from('%PDF-1.4\n'))).toBe('pdf');
	});

	it('recognises the demo samples from their bytes alone (upload keys have no extension)', () => {
		const kinds = (['MUSIC', 'LESSON_PLAN', 'SLIDE', 'VIDEO', 'COMBO'] as const).map((t) =>
			previewKind('application/octet-stream', 'uploads/u/1', sampleFile(t, 'Bài mẫu').bytes.subarray(0, 4096))
		);
		expect(kinds).toEqual(['audio', 'office', 'office', 'video', 'zip']);
	});

	it('answers null for what it cannot preview', () => {
		expect(previewKind('text/plain', 'notes', Buffer.from('hello'))).toBeNull();
	});
});

describe('retryDelayMs', () => {
	it('doubles from 15 s and stops at 30 min', () => {
		expect([1, 2, 3].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000]);
		expect(retryDelayMs(20)).toBe(30 * 60_000);
	});
});

describe('public preview paths', () => {
	it('map previews/<folder>/<name> to /xem-truoc/ and back, and nothing else', () => {
		const folder = previewFolder('products/1/file.pdf', 'a'.repeat(64));
		expect(folder).toMatch(/^[0-9a-f]{32}$/);
		expect(previewFolder('products/1/file.pdf', 'b'.repeat(64))).not.toBe(folder);
		const url = publicPreviewUrl(`previews/${folder}/page-1.webp`);
		expect(url).toBe(`/xem-truoc/${folder}/page-1.webp`);
		expect(previewKeyFromPublicPath(`${folder}/page-1.webp`)).toBe(`previews/${folder}/page-1.webp`);
		expect(previewKeyFromPublicPath(`${folder}/clip.mp4`)).toBe(`previews/${folder}/clip.mp4`);
		for (const bad of ['../products/1/file.pdf', `${folder}/../../products/1/file.pdf`, `${folder}/source.pdf`, 'products/1/file.pdf', `${folder}/page-1.webp/x`]) {
			expect(previewKeyFromPublicPath(bad)).toBeNull();
		}
		expect(() => publicPreviewUrl('products/1/file.pdf')).toThrow();
	});
});

/** A one-entry deflated ZIP, the way most ZIP tools write them. */
function deflatedZip(name: string, data: Buffer): Buffer {
	const packed = deflateRawSync(data);
	const nameBytes = Buffer.from(name);
	const local = Buffer.alloc(30);
	local.writeUInt32LE(0x04034b50, 0);
	local.writeUInt16LE(8, 8);
	local.writeUInt32LE(packed.length, 18);
	local.writeUInt32LE(data.length, 22);
	local.writeUInt16LE(nameBytes.length, 26);
	const central = Buffer.alloc(46);
	central.writeUInt32LE(0x02014b50, 0);
	central.writeUInt16LE(8, 10);
	central.writeUInt32LE(packed.length, 20);
	central.writeUInt32LE(data.length, 24);
	central.writeUInt16LE(nameBytes.length, 28);
	central.writeUInt32LE(0, 42);
	const centralAt = local.length + nameBytes.length + packed.length;
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(1, 8);
	end.writeUInt16LE(1, 10);
	end.writeUInt32LE(central.length + nameBytes.length, 12);
	end.writeUInt32LE(centralAt, 16);
	return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

describe('firstPdfInZip', () => {
	it('finds the guide PDF in the demo COMBO bundle (stored entries)', () => {
		const pdf = firstPdfInZip(Buffer.from(sampleFile('COMBO', 'Bộ tài liệu').bytes));
		expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
	});

	it('inflates a deflated entry', () => {
		const pdf = Buffer.from(pdfBytes('Hướng dẫn', ['Dong 1']));
		expect(firstPdfInZip(deflatedZip('huong-dan.pdf', pdf))?.equals(pdf)).toBe(true);
	});

	it('answers null without a PDF, or for bytes that are not a ZIP', () => {
		expect(firstPdfInZip(deflatedZip('ghi-chu.txt', Buffer.from('xin chào')))).toBeNull();
		expect(firstPdfInZip(Buffer.from('not a zip at all, just text'))).toBeNull();
	});
});

describe('product page wording', () => {
	it('formats sizes, lengths and the no-preview note', () => {
		expect(formatFileSize(512)).toBe('512 B');
		expect(formatFileSize(1536)).toBe('1,5 KB');
		expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
		expect(formatDuration(9)).toBe('9 giây');
		expect(formatDuration(185)).toBe('3 phút 5 giây');
		expect(formatDuration(120)).toBe('2 phút');
		expect(formatDuration(3720)).toBe('1 giờ 2 phút');
		expect(previewStatusText('ready')).toBeNull();
		expect(previewStatusText('unavailable')).toBe('Chưa có bản xem trước.');
		expect(previewStatusText('queued')).toMatch(/^Chưa có bản xem trước/);
		expect(previewStatusText(undefined)).toBe('Chưa có bản xem trước.');
	});
});
