/** The preview worker's pure decisions: file kinds, retry waits, public paths, ZIP guide extraction, page wording. */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, previewStatusText } from '../../src/lib/preview-format';
import { previewFolder, previewKeyFromPublicPath, previewKind, publicPreviewUrl, retryDelayMs } from '../../src/lib/server/previews/kinds';
import { sandboxCommand } from '../../src/lib/server/previews/sandbox';
import { firstPdfInZip, officeFacts } from '../../src/lib/server/previews/zip';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { zipBytes } from '../../src/lib/server/platform/storage/samples/zip';

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
const deflatedZip = (name: string, data: Buffer) => Buffer.from(zipBytes([{ name, data }], { deflate: true }));

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

describe('officeFacts', () => {
	const app = (inner: string) => `<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">${inner}</Properties>`;

	it('reads the pages or slides a package states, and what its parts unpack to', () => {
		const body = 'x'.repeat(100_000);
		const docx = Buffer.from(zipBytes([{ name: 'word/document.xml', data: body }, { name: 'docProps/app.xml', data: app('<Pages>12</Pages>') }], { deflate: true }));
		expect(officeFacts(docx)).toEqual({ pages: 12, unpackedBytes: body.length + app('<Pages>12</Pages>').length });
		const pptx = Buffer.from(zipBytes([{ name: 'docProps/app.xml', data: app('<Slides> 40 </Slides><Pages>0</Pages>') }]));
		expect(officeFacts(pptx)?.pages).toBe(40);
	});

	it('says nothing of pages when the package does not, and answers null for a file that is no ZIP', () => {
		const sample = Buffer.from(sampleFile('LESSON_PLAN', 'Giáo án').bytes);
		expect(officeFacts(sample)).toEqual({ pages: null, unpackedBytes: expect.any(Number) });
		expect(officeFacts(sample)!.unpackedBytes).toBeGreaterThan(sample.length / 2);
		expect(officeFacts(Buffer.from('{\\rtf1 not a zip}'))).toBeNull();
	});
});

describe('sandboxCommand', () => {
	const limits = { timeoutMs: 5000, killGraceMs: 2000, cpuSeconds: 30, memoryBytes: 2 * 1024 ** 3, outputFileBytes: 512 * 1024 ** 2, openFiles: 1024 };

	it('wraps the program in no-network, kernel limits and a lower priority, each exec-ing the next', () => {
		expect(sandboxCommand('soffice', ['--headless', 'a.docx'], limits, { unshare: ['--net'], prlimit: true, nice: true })).toEqual([
			'unshare',
			['--net', '--', 'prlimit', '--cpu=30', `--as=${2 * 1024 ** 3}`, `--fsize=${512 * 1024 ** 2}`, '--nofile=1024', '--', 'nice', '-n', '10', 'soffice', '--headless', 'a.docx']
		]);
	});

	it('runs the program itself where no wrapper exists', () => {
		expect(sandboxCommand('pdfinfo', ['a.pdf'], limits, { unshare: null, prlimit: false, nice: false })).toEqual(['pdfinfo', ['a.pdf']]);
		expect(sandboxCommand('ffmpeg', ['-i', 'x'], limits, { unshare: ['--map-root-user', '--net'], prlimit: false, nice: true })).toEqual([
			'unshare',
			['--map-root-user', '--net', '--', 'nice', '-n', '10', 'ffmpeg', '-i', 'x']
		]);
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
