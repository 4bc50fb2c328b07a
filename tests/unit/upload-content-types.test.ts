/** Recognising uploads by their bytes (magic numbers), never by their names. */
import { describe, expect, it } from 'vitest';
import { allowedFor, DOCX, PPTX, sniff } from '../../src/lib/server/uploads/content-types';
import { docxBytes, pptxBytes } from '../../src/lib/server/platform/storage/samples/ooxml';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { wavBytes } from '../../src/lib/server/platform/storage/samples/wav';
import { zipBytes } from '../../src/lib/server/platform/storage/samples/zip';

const bytes = (...parts: (string | number[])[]) =>
	Uint8Array.from(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));
const whole = (b: Uint8Array) => sniff(b.subarray(0, 4096), b.subarray(Math.max(0, b.byteLength - 65536)));

describe('sniff', () => {
	it('recognises the generated samples', () => {
		expect(whole(pdfBytes('T', ['a']))).toBe('application/pdf');
		expect(whole(docxBytes('T', ['a']))).toBe(DOCX);
		expect(whole(pptxBytes('T', [['a', 'b']]))).toBe(PPTX);
		expect(whole(wavBytes())).toBe('audio/wav');
	});

	it('recognises images, audio and video by their signatures', () => {
		expect(whole(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
		expect(whole(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
		expect(whole(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
		expect(whole(bytes('ID3', [4, 0, 0]))).toBe('audio/mpeg');
		expect(whole(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
		expect(whole(bytes('OggS', [0, 2]))).toBe('audio/ogg');
		expect(whole(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]))).toBe('audio/mp4');
		expect(whole(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 0, 0]))).toBe('video/mp4');
		expect(whole(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('video/webm');
	});

	it('refuses a ZIP that is not a Word or PowerPoint document, and unknown bytes', () => {
		const plainZip = zipBytes([{ name: 'a.txt', data: Buffer.from('xin chào') }]);
		expect(whole(plainZip)).toBeNull();
		const noContentTypes = zipBytes([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]);
		expect(whole(noContentTypes)).toBeNull();
		expect(whole(bytes('MZ', [0x90, 0]))).toBeNull();
		expect(whole(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
	});
});

describe('allowedFor', () => {
	it('takes documents, audio and video as sold files and only images as covers and previews', () => {
		expect(allowedFor('file').map((t) => t.mime)).toContain(DOCX);
		expect(allowedFor('file').some((t) => t.image)).toBe(false);
		expect(allowedFor('cover').map((t) => t.mime)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
		expect(allowedFor('preview')).toEqual(allowedFor('cover'));
	});
});
