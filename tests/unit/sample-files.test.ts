import { describe, expect, it } from 'vitest';
import { crc32, zipBytes } from '../../src/lib/server/platform/storage/samples/zip';
import { contentTypeFor, sampleFile, storeSampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import type { ObjectStorage } from '../../src/lib/server/platform/storage/types';

/** Reads a stored-only ZIP back through its central directory, checking every CRC. */
function readZip(bytes: Uint8Array): Map<string, Buffer> {
	const buf = Buffer.from(bytes);
	const eocd = buf.length - 22;
	expect(buf.readUInt32LE(eocd)).toBe(0x06054b50);
	const count = buf.readUInt16LE(eocd + 10);
	let p = buf.readUInt32LE(eocd + 16);
	const out = new Map<string, Buffer>();
	for (let i = 0; i < count; i++) {
		expect(buf.readUInt32LE(p)).toBe(0x02014b50);
		const crc = buf.readUInt32LE(p + 16);
		const size = buf.readUInt32LE(p + 24);
		const nameLen = buf.readUInt16LE(p + 28);
		const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
		const local = buf.readUInt32LE(p + 42);
		expect(buf.readUInt32LE(local)).toBe(0x04034b50);
		const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
		const data = buf.subarray(start, start + size);
		expect(crc32(data)).toBe(crc);
		out.set(name, data);
		p += 46 + nameLen;
	}
	return out;
}

describe('sample files', () => {
	it('computes the standard CRC-32', () => {
		expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
		expect(crc32(new Uint8Array())).toBe(0);
	});

	it('writes ZIP archives that read back entry for entry', () => {
		const zip = readZip(zipBytes([{ name: 'a.txt', data: 'một' }, { name: 'thư mục/b.bin', data: new Uint8Array([0, 255]) }]));
		expect(zip.get('a.txt')!.toString('utf8')).toBe('một');
		expect([...zip.get('thư mục/b.bin')!]).toEqual([0, 255]);
	});

	it('makes a real WAV for music', () => {
		const f = sampleFile('MUSIC', 'Bài hát Quê hương');
		expect(f.fileName).toBe('Bài hát Quê hương.wav');
		expect(f.contentType).toBe('audio/wav');
		const b = Buffer.from(f.bytes);
		expect(b.toString('ascii', 0, 4)).toBe('RIFF');
		expect(b.readUInt32LE(4)).toBe(b.length - 8);
		expect(b.toString('ascii', 8, 16)).toBe('WAVEfmt ');
		expect(b.readUInt16LE(20)).toBe(1); // PCM
		const rate = b.readUInt32LE(24);
		const dataSize = b.readUInt32LE(40);
		expect(dataSize).toBe(b.length - 44);
		expect(dataSize / 2 / rate).toBeGreaterThan(2); // seconds of audio
		const peak = Math.max(...Array.from({ length: dataSize / 2 }, (_, i) => Math.abs(b.readInt16LE(44 + i * 2))));
		expect(peak).toBeGreaterThan(10_000); // audible, not silence
	});

	it('makes a PDF whose cross-reference table points at its objects', () => {
		const text = Buffer.from(pdfBytes('Video Tết Trung thu - tài liệu kèm video', ['Dòng một'])).toString('latin1');
		expect(text.startsWith('%PDF-1.4')).toBe(true);
		expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
		const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
		expect(text.slice(startxref, startxref + 4)).toBe('xref');
		const entries = text.slice(startxref).split('\n').slice(3, 9);
		entries.forEach((e, i) => {
			expect(e).toHaveLength(19); // 20 bytes with the newline
			expect(text.slice(Number(e.slice(0, 10)), Number(e.slice(0, 10)) + 8)).toBe(`${i + 1} 0 obj\n`);
		});
		const stream = /\/Length (\d+) >>\nstream\n/.exec(text)!;
		const start = stream.index + stream[0].length;
		expect(text.slice(start + Number(stream[1]), start + Number(stream[1]) + 10)).toBe('\nendstream');
		expect(text).toContain('(Video Tet Trung thu - tai lieu kem video) Tj');
		expect(text).toContain("(Dong mot) '");
		expect(contentTypeFor('Hướng dẫn.PDF')).toBe('application/pdf');
	});

	it('makes an AVI video whose index points at its frame and sound chunks', () => {
		const f = sampleFile('VIDEO', 'Video Tết Trung thu');
		expect(f.fileName).toBe('Video Tết Trung thu.avi');
		expect(f.contentType).toBe('video/x-msvideo');
		const b = Buffer.from(f.bytes);
		expect(b.toString('ascii', 0, 4)).toBe('RIFF');
		expect(b.readUInt32LE(4)).toBe(b.length - 8);
		expect(b.toString('ascii', 8, 12)).toBe('AVI ');
		const text = b.toString('latin1');
		expect(text).toContain('vidsDIB ');
		expect(text).toContain('auds');
		const movi = text.indexOf('movi');
		const idx1 = text.lastIndexOf('idx1');
		const entries = b.readUInt32LE(idx1 + 4) / 16;
		const counts = new Map<string, number>();
		for (let i = 0; i < entries; i++) {
			const e = idx1 + 8 + i * 16;
			const id = b.toString('ascii', e, e + 4);
			const at = movi + b.readUInt32LE(e + 8);
			expect(b.toString('ascii', at, at + 4)).toBe(id);
			expect(b.readUInt32LE(at + 4)).toBe(b.readUInt32LE(e + 12));
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
		expect([...counts.keys()].sort()).toEqual(['00db', '01wb']);
		const totalFrames = b.readUInt32LE(text.indexOf('avih') + 8 + 16);
		expect(counts.get('00db')).toBe(totalFrames);
		expect(totalFrames).toBeGreaterThanOrEqual(6);
	});

	it('makes Office documents with their required parts and Vietnamese text intact', () => {
		const docx = readZip(sampleFile('LESSON_PLAN', 'Giáo án Toán lớp 1').bytes);
		expect([...docx.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
		expect(docx.get('word/document.xml')!.toString('utf8')).toContain('Giáo án Toán lớp 1');
		const pptx = readZip(sampleFile('SLIDE', 'Bài giảng <Địa lí> & bản đồ').bytes);
		for (const part of ['ppt/presentation.xml', 'ppt/slideMasters/slideMaster1.xml', 'ppt/slideLayouts/slideLayout1.xml', 'ppt/theme/theme1.xml', 'ppt/slides/slide3.xml']) {
			expect(pptx.has(part)).toBe(true);
		}
		expect(pptx.get('ppt/slides/slide1.xml')!.toString('utf8')).toContain('Bài giảng &lt;Địa lí&gt; &amp; bản đồ');
		expect(sampleFile('SLIDE', 'x').contentType).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
	});

	it('bundles combos as a ZIP of real files', () => {
		const combo = readZip(sampleFile('COMBO', 'Trọn bộ Tiếng Việt 2').bytes);
		expect([...combo.keys()].map((n) => n.slice(n.lastIndexOf('.')))).toEqual(['.pdf', '.docx', '.wav']);
		expect(combo.get('Trọn bộ Tiếng Việt 2 - giai điệu.wav')!.toString('ascii', 0, 4)).toBe('RIFF');
	});

	it('stores a sample under the product key and refuses a mismatched file name', async () => {
		const puts: [string, number, string][] = [];
		const fake = { put: async (k: string, b: Uint8Array, t: string) => void puts.push([k, b.byteLength, t]) } as unknown as ObjectStorage;
		const res = await storeSampleFile(fake, { fileKey: 'p/1.wav', fileName: 'Bài hát Quê hương.wav', type: 'MUSIC', title: 'Bài hát Quê hương' });
		expect(puts).toEqual([['p/1.wav', res.size, 'audio/wav']]);
		await expect(
			storeSampleFile(fake, { fileKey: 'p/2', fileName: 'Bài hát Quê hương.mp3', type: 'MUSIC', title: 'Bài hát Quê hương' })
		).rejects.toThrow(/does not match/);
		expect(contentTypeFor('x.UNKNOWN')).toBe('application/octet-stream');
	});
});
