/**
 * Reads back a ZIP the server streamed (README "Several files per product"),
 * independently of the writer: every entry from the central directory, its
 * bytes found through its local header, and its CRC-32 checked against the
 * bytes. Stored entries only (the server never compresses).
 */
import { crc32 } from 'node:zlib';

export interface ReadEntry {
	name: string;
	bytes: Buffer;
	flags: number;
}

export function readZip(zip: Buffer): ReadEntry[] {
	const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (eocd < 0) throw new Error('no end of central directory');
	const count = zip.readUInt16LE(eocd + 10);
	const directorySize = zip.readUInt32LE(eocd + 12);
	let at = zip.readUInt32LE(eocd + 16);
	if (at + directorySize !== eocd) throw new Error('central directory does not end where the end record starts');
	const entries: ReadEntry[] = [];
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`entry ${i}: not a central directory header`);
		const flags = zip.readUInt16LE(at + 8);
		const method = zip.readUInt16LE(at + 10);
		const crc = zip.readUInt32LE(at + 16);
		const size = zip.readUInt32LE(at + 24);
		const nameLength = zip.readUInt16LE(at + 28);
		const extraLength = zip.readUInt16LE(at + 30);
		const commentLength = zip.readUInt16LE(at + 32);
		const local = zip.readUInt32LE(at + 42);
		const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		if (method !== 0) throw new Error(`${name}: method ${method}, expected stored`);
		if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: no local header at ${local}`);
		const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		const bytes = zip.subarray(dataAt, dataAt + size);
		if (crc32(bytes) !== crc) throw new Error(`${name}: CRC-32 does not match its bytes`);
		if (zip.readUInt32LE(dataAt + size) !== 0x08074b50 || zip.readUInt32LE(dataAt + size + 4) !== crc) throw new Error(`${name}: data descriptor missing or wrong`);
		entries.push({ name, bytes: Buffer.from(bytes), flags });
		at += 46 + nameLength + extraLength + commentLength;
	}
	return entries;
}
