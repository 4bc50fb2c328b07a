/**
 * The streaming ZIP writer of downloads (README "Several files per product"):
 * what it writes reads back entry by entry with the right bytes and CRC-32,
 * its announced length is exact, it reads a source only when asked for more,
 * and a source that delivers the wrong byte count fails instead of writing a
 * broken archive. Entry names are flat, safe and unique.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipEntryNames } from '../../src/lib/server/downloads/zip-names';
import { zipLength, zipStream, type ZipSource } from '../../src/lib/server/downloads/zip-writer';
import { readZip } from '../helpers/zip-reader';

function source(name: string, bytes: Buffer, chunk = 1000): ZipSource {
	return {
		name,
		size: bytes.length,
		open: async () =>
			(async function* () {
				for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
			})()
	};
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
	const parts: Uint8Array[] = [];
	for await (const part of stream) parts.push(part);
	return Buffer.concat(parts);
}

const at = new Date('2026-11-28T09:30:10Z');

describe('zipStream', () => {
	it('writes stored entries that read back with their bytes, UTF-8 names and CRC-32, at exactly zipLength bytes', async () => {
		const files = [
			source('Giáo án Unit 1.pdf', Buffer.from('%PDF-1.4 nội dung')),
			source('Bài nghe.wav', Buffer.alloc(10_000, 7), 333),
			source('trống.txt', Buffer.alloc(0))
		];
		const zip = await collect(zipStream(files, at));
		expect(zip.length).toBe(zipLength(files));
		const entries = readZip(zip);
		expect(entries.map((e) => e.name)).toEqual(['Giáo án Unit 1.pdf', 'Bài nghe.wav', 'trống.txt']);
		expect(entries[1]!.bytes.equals(Buffer.alloc(10_000, 7))).toBe(true);
		expect(entries[2]!.bytes.length).toBe(0);
	});

	it('is accepted by Info-ZIP unzip where it is installed', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
		try {
			const path = join(dir, 'a.zip');
			writeFileSync(path, await collect(zipStream([source('Phiếu.pdf', Buffer.from('abc')), source('b.mp3', Buffer.alloc(5000, 1))], at)));
			let out: string;
			try {
				out = execFileSync('unzip', ['-t', path], { encoding: 'utf8' });
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
				throw error;
			}
			expect(out).toMatch(/No errors detected/);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('reads a source only as the archive is consumed', async () => {
		let opened = 0;
		const lazy = (name: string): ZipSource => ({
			name,
			size: 3,
			open: async () => {
				opened++;
				return (async function* () {
					yield Buffer.from('xyz');
				})();
			}
		});
		const stream = zipStream([lazy('a'), lazy('b')], at);
		await stream.next(); // the first local header
		expect(opened).toBe(0);
		await stream.next(); // the first entry's bytes
		expect(opened).toBe(1);
		await collect(stream);
		expect(opened).toBe(2);
	});

	it('fails when a source yields another byte count than it declared', async () => {
		const liar: ZipSource = { ...source('x.pdf', Buffer.from('12345')), size: 6 };
		await expect(collect(zipStream([liar], at))).rejects.toThrow(/read 5 bytes, expected 6/);
	});
});

describe('zipEntryNames', () => {
	it('keeps names flat and safe and makes them unique, case-insensitively', () => {
		expect(zipEntryNames(['../../etc/passwd', 'Bài 2: Khí hậu.pdf', 'a.pdf', 'A.pdf', 'a.pdf', '', '.hidden'])).toEqual([
			'_.._etc_passwd',
			'Bài 2_ Khí hậu.pdf',
			'a.pdf',
			'A (2).pdf',
			'a (3).pdf',
			'tep-6',
			'hidden'
		]);
	});
});
