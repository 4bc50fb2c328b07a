/**
 * A ZIP archive written as it is read (README "Several files per product"):
 * entries are stored, not compressed (PDF, DOCX, MP3 and MP4 are compressed
 * already), each entry's CRC-32 is computed while its bytes pass and written
 * after them in a data descriptor, so neither a file nor the archive is ever
 * held whole in memory. ZIP64 records are added only when a size or an offset
 * needs them (an archive past 4 GiB).
 */
import { crc32 } from 'node:zlib';

export interface ZipSource {
	/** Name inside the archive; made safe and unique by the caller (./zip-names.ts). */
	name: string;
	/** Exact byte count, known before the bytes are read (storage head). */
	size: number;
	open(): Promise<AsyncIterable<Uint8Array>>;
}

const MAX32 = 0xffffffff;
const UTF8_AND_DESCRIPTOR = 0x0808;

/** MS-DOS date and time, local fields taken from UTC: archives look the same wherever they are built. */
function dosDateTime(at: Date): { time: number; date: number } {
	const year = Math.max(1980, at.getUTCFullYear());
	return {
		time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
		date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate()
	};
}

/** What the central directory needs of an entry once its bytes have been written. */
interface Written {
	name: Buffer;
	crc: number;
	size: number;
	offset: number;
	zip64: boolean;
}

function localHeader(name: Buffer, zip64: boolean, when: { time: number; date: number }): Buffer {
	const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
	if (zip64) {
		extra.writeUInt16LE(0x0001, 0);
		extra.writeUInt16LE(16, 2); // sizes follow in the data descriptor: zero here
	}
	const h = Buffer.alloc(30);
	h.writeUInt32LE(0x04034b50, 0);
	h.writeUInt16LE(zip64 ? 45 : 20, 4);
	h.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
	h.writeUInt16LE(0, 8); // stored
	h.writeUInt16LE(when.time, 10);
	h.writeUInt16LE(when.date, 12);
	h.writeUInt32LE(0, 14);
	h.writeUInt32LE(zip64 ? MAX32 : 0, 18);
	h.writeUInt32LE(zip64 ? MAX32 : 0, 22);
	h.writeUInt16LE(name.length, 26);
	h.writeUInt16LE(extra.length, 28);
	return Buffer.concat([h, name, extra]);
}

function dataDescriptor(e: Written): Buffer {
	const d = Buffer.alloc(e.zip64 ? 24 : 16);
	d.writeUInt32LE(0x08074b50, 0);
	d.writeUInt32LE(e.crc, 4);
	if (e.zip64) {
		d.writeBigUInt64LE(BigInt(e.size), 8);
		d.writeBigUInt64LE(BigInt(e.size), 16);
	} else {
		d.writeUInt32LE(e.size, 8);
		d.writeUInt32LE(e.size, 12);
	}
	return d;
}

function centralHeader(e: Written, when: { time: number; date: number }): Buffer {
	const bigSize = e.size >= MAX32;
	const bigOffset = e.offset >= MAX32;
	const fields = [...(bigSize ? [e.size, e.size] : []), ...(bigOffset ? [e.offset] : [])];
	const extra = Buffer.alloc(fields.length ? 4 + fields.length * 8 : 0);
	if (fields.length) {
		extra.writeUInt16LE(0x0001, 0);
		extra.writeUInt16LE(fields.length * 8, 2);
		fields.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + i * 8));
	}
	const h = Buffer.alloc(46);
	h.writeUInt32LE(0x02014b50, 0);
	h.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, a ZIP64-capable version (45)
	h.writeUInt16LE(e.zip64 || bigOffset ? 45 : 20, 6);
	h.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
	h.writeUInt16LE(0, 10);
	h.writeUInt16LE(when.time, 12);
	h.writeUInt16LE(when.date, 14);
	h.writeUInt32LE(e.crc, 16);
	h.writeUInt32LE(bigSize ? MAX32 : e.size, 20);
	h.writeUInt32LE(bigSize ? MAX32 : e.size, 24);
	h.writeUInt16LE(e.name.length, 28);
	h.writeUInt16LE(extra.length, 30);
	h.writeUInt16LE(0, 32); // comment
	h.writeUInt16LE(0, 34); // disk
	h.writeUInt16LE(0, 36); // internal attributes
	h.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
	h.writeUInt32LE(bigOffset ? MAX32 : e.offset, 42);
	return Buffer.concat([h, e.name, extra]);
}

function endRecords(count: number, directoryAt: number, directorySize: number): Buffer {
	const zip64 = count >= 0xffff || directoryAt >= MAX32 || directorySize >= MAX32;
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(zip64 ? 0xffff : count, 8);
	end.writeUInt16LE(zip64 ? 0xffff : count, 10);
	end.writeUInt32LE(zip64 ? MAX32 : directorySize, 12);
	end.writeUInt32LE(zip64 ? MAX32 : directoryAt, 16);
	if (!zip64) return end;
	const record = Buffer.alloc(56);
	record.writeUInt32LE(0x06064b50, 0);
	record.writeBigUInt64LE(44n, 4);
	record.writeUInt16LE((3 << 8) | 45, 12);
	record.writeUInt16LE(45, 14);
	record.writeBigUInt64LE(BigInt(count), 24);
	record.writeBigUInt64LE(BigInt(count), 32);
	record.writeBigUInt64LE(BigInt(directorySize), 40);
	record.writeBigUInt64LE(BigInt(directoryAt), 48);
	const locator = Buffer.alloc(20);
	locator.writeUInt32LE(0x07064b50, 0);
	locator.writeBigUInt64LE(BigInt(directoryAt + directorySize), 8);
	locator.writeUInt32LE(1, 16);
	return Buffer.concat([record, locator, end]);
}

/** Exact length of the archive of these entries: the download's Content-Length. */
export function zipLength(sources: readonly Pick<ZipSource, 'name' | 'size'>[]): number {
	let offset = 0;
	let directory = 0;
	for (const s of sources) {
		const name = Buffer.byteLength(s.name);
		const zip64 = s.size >= MAX32;
		const bigOffset = offset >= MAX32;
		offset += 30 + name + (zip64 ? 20 : 0) + s.size + (zip64 ? 24 : 16);
		directory += 46 + name + ((zip64 ? 2 : 0) + (bigOffset ? 1 : 0) > 0 ? 4 + 8 * ((zip64 ? 2 : 0) + (bigOffset ? 1 : 0)) : 0);
	}
	const zip64End = sources.length >= 0xffff || offset >= MAX32 || directory >= MAX32;
	return offset + directory + (zip64End ? 56 + 20 : 0) + 22;
}

/**
 * The archive's bytes, pulled one chunk at a time: nothing is read from a
 * source before the consumer asks for more, so a slow client slows the reads.
 * A source that yields a byte count other than its declared size throws.
 */
export async function* zipStream(sources: readonly ZipSource[], at: Date): AsyncGenerator<Uint8Array> {
	const when = dosDateTime(at);
	const written: Written[] = [];
	let offset = 0;
	for (const source of sources) {
		const name = Buffer.from(source.name, 'utf8');
		const zip64 = source.size >= MAX32;
		const header = localHeader(name, zip64, when);
		const entry: Written = { name, crc: 0, size: 0, offset, zip64 };
		yield header;
		offset += header.length;
		for await (const chunk of await source.open()) {
			entry.crc = crc32(chunk, entry.crc);
			entry.size += chunk.byteLength;
			offset += chunk.byteLength;
			yield chunk;
		}
		if (entry.size !== source.size) throw new Error(`zip entry ${source.name}: read ${entry.size} bytes, expected ${source.size}`);
		const descriptor = dataDescriptor(entry);
		yield descriptor;
		offset += descriptor.length;
		written.push(entry);
	}
	const directory = Buffer.concat(written.map((e) => centralHeader(e, when)));
	yield directory;
	yield endRecords(written.length, offset, directory.length);
}
