/**
 * The ZIP containers previews look into, read from their central directory
 * with no extraction to disk (entry names can never escape the temp
 * directory): a COMBO bundle's first PDF (its guide), and an office file's
 * own description of itself (docProps/app.xml) and unpacked size, checked
 * before LibreOffice ever opens it. Stored and deflated entries only, enough
 * for what authors make with any ZIP or office tool.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A part bigger than this is never inflated into memory for a preview. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;

interface ZipEntry {
	name: string;
	method: number;
	compressedSize: number;
	/** As the central directory states it; a hostile file can lie, so inflating is bounded too. */
	size: number;
	localAt: number;
}

/** The central directory's entries, or null when the bytes are not a ZIP this reader understands. */
export function zipEntries(zip: Buffer): ZipEntry[] | null {
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
	const entries: ZipEntry[] = [];
	for (let n = 0; n < count; n++) {
		if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
		const nameLength = zip.readUInt16LE(at + 28);
		entries.push({
			name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
			method: zip.readUInt16LE(at + 10),
			compressedSize: zip.readUInt32LE(at + 20),
			size: zip.readUInt32LE(at + 24),
			localAt: zip.readUInt32LE(at + 42)
		});
		at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
	}
	return entries;
}

/** One entry's bytes, or null when it is too big, compressed in a way this reader does not know, or misplaced. */
function readEntry(zip: Buffer, entry: ZipEntry): Buffer | null {
	if (entry.size > MAX_ENTRY_BYTES || (entry.method !== 0 && entry.method !== 8)) return null;
	if (entry.localAt + 30 > zip.length || zip.readUInt32LE(entry.localAt) !== LOCAL) return null;
	const dataAt = entry.localAt + 30 + zip.readUInt16LE(entry.localAt + 26) + zip.readUInt16LE(entry.localAt + 28);
	const data = zip.subarray(dataAt, dataAt + entry.compressedSize);
	try {
		return entry.method === 0 ? Buffer.from(data) : inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
	} catch {
		return null;
	}
}

export function firstPdfInZip(zip: Buffer): Buffer | null {
	for (const entry of zipEntries(zip) ?? []) {
		if (!/\.pdf$/i.test(entry.name)) continue;
		const bytes = readEntry(zip, entry);
		if (bytes) return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? bytes : null;
	}
	return null;
}

export interface OfficeFacts {
	/** Pages (Word) or slides (PowerPoint) as the file's docProps/app.xml states them; null when it does not say. */
	pages: number | null;
	/** What every part adds up to once unpacked, as the central directory states it. */
	unpackedBytes: number;
}

/** What an OOXML package says of itself; null for a file that is not a ZIP (an old binary .doc, an .rtf). */
export function officeFacts(file: Buffer): OfficeFacts | null {
	const entries = zipEntries(file);
	if (!entries) return null;
	const unpackedBytes = entries.reduce((sum, e) => sum + e.size, 0);
	const app = entries.find((e) => e.name === 'docProps/app.xml');
	const xml = app ? (readEntry(file, app)?.toString('utf8') ?? '') : '';
	const counts = [/<Pages>\s*(\d+)\s*<\/Pages>/.exec(xml), /<Slides>\s*(\d+)\s*<\/Slides>/.exec(xml)].map((m) => (m ? Number(m[1]) : null));
	const stated = counts.filter((n): n is number => n !== null);
	return { pages: stated.length > 0 ? Math.max(...stated) : null, unpackedBytes };
}
