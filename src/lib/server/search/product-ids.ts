/**
 * Product ids by ordinal for the in-memory search index (./posting-lists.ts): 16 bytes a UUID in
 * one Uint8Array instead of a 36-character string per product (about 56 bytes of V8's heap each,
 * which a full GC has to walk: a million of them is most of what a worker's heap holds), turned
 * back into the same lower-case text only for the hits a page lists.
 */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Byte offsets after which the text form has a '-' (8-4-4-4-12). */
const DASH_AFTER = new Set([3, 5, 7, 9]);

function hexValue(code: number): number {
	if (code >= 48 && code <= 57) return code - 48;
	if (code >= 97 && code <= 102) return code - 87;
	if (code >= 65 && code <= 70) return code - 55;
	return -1;
}

export class ProductIds {
	private readonly bytes: Uint8Array;

	constructor(capacity: number) {
		this.bytes = new Uint8Array(capacity * 16);
	}

	/** Stores `id` (a UUID as PostgreSQL prints it) at `ordinal`. */
	set(ordinal: number, id: string): void {
		if (id.length !== 36) throw new Error(`not a UUID: ${id}`);
		const at = ordinal * 16;
		for (let i = 0, b = 0; i < 36; i++) {
			if (i === 8 || i === 13 || i === 18 || i === 23) continue;
			const high = hexValue(id.charCodeAt(i));
			const low = hexValue(id.charCodeAt(++i));
			if (high < 0 || low < 0) throw new Error(`not a UUID: ${id}`);
			this.bytes[at + b++] = (high << 4) | low;
		}
	}

	/** The id at `ordinal`, as PostgreSQL prints it (lower case). */
	get(ordinal: number): string {
		const at = ordinal * 16;
		let text = '';
		for (let b = 0; b < 16; b++) {
			text += HEX[this.bytes[at + b]!]!;
			if (DASH_AFTER.has(b)) text += '-';
		}
		return text;
	}

	get byteLength(): number {
		return this.bytes.byteLength;
	}
}
