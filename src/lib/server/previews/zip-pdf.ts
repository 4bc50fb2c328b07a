/**
 * A COMBO bundle is a ZIP; its preview is the first PDF inside (the guide).
 * Reads the central directory and inflates one entry (stored or deflated),
 * enough for bundles authors make with any ZIP tool; no extraction to disk,
 * so entry names can never escape the temp directory.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A PDF bigger than this inside a bundle is not inflated into memory for a preview. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;

export function firstPdfInZip(zip: Buffer): Buffer | null {
	// The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
	let eocd = -1;
	for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
		if (zip.readUInt32LE(i) === EOCD) {
			eocd = i;
			break;
		}
	}
	if (eocd < 0) return null;
	const count = zip.readUInt16LE(eocd + 10);
	let at = zip.readUInt32LE(eocd + 16);
	for (let n = 0; n < count && at + 46 <= zip.length; n++) {
		if (zip.readUInt32LE(at) !== CENTRAL) return null;
		const method = zip.readUInt16LE(at + 10);
		const compressed = zip.readUInt32LE(at + 20);
		const size = zip.readUInt32LE(at + 24);
		const nameLength = zip.readUInt16LE(at + 28);
		const extraLength = zip.readUInt16LE(at + 30);
		const commentLength = zip.readUInt16LE(at + 32);
		const localAt = zip.readUInt32LE(at + 42);
		const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		at += 46 + nameLength + extraLength + commentLength;
		if (!/\.pdf$/i.test(name) || size > MAX_ENTRY_BYTES || (method !== 0 && method !== 8)) continue;
		if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL) return null;
		const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
		const data = zip.subarray(dataAt, dataAt + compressed);
		const bytes = method === 0 ? Buffer.from(data) : inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
		return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? bytes : null;
	}
	return null;
}
