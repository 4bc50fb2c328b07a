/**
 * One lexeme's products in the in-memory search index (./posting-lists.ts), as ordinals in
 * ascending order, in the smallest of three forms (docs/decisions/024-compact-search-index.md):
 *
 * - a short list (fewer than BLOCK postings): an Int32Array, 4 bytes a posting;
 * - a longer list: the gaps between neighbouring ordinals as variable-length bytes (7 bits a
 *   byte, so a gap under 128 takes one byte), with every BLOCK-th ordinal and where its block
 *   starts kept aside (`skips`) so a cursor can jump over blocks it does not need;
 * - a bit set (one bit per product) once that is smaller, for a word in more than about one
 *   product in eight.
 *
 * Every form lives in typed arrays (outside V8's heap, no object per posting), and a list is
 * built in its final form as the rows stream in: no list of numbers is held and converted later.
 */

/** Postings per block of a delta list; a list shorter than this is kept plain. */
export const BLOCK = 64;

export class BitSet {
	constructor(
		readonly words: Uint32Array,
		readonly count: number
	) {}
}

/**
 * Block k's first ordinal is `skips[2k]`, and its other BLOCK − 1 gaps start at byte `skips[2k + 1]`
 * of `bytes` (the first ordinal is not written there).
 */
export class DeltaList {
	constructor(
		readonly bytes: Uint8Array,
		readonly skips: Int32Array,
		readonly count: number
	) {}
}

export type Postings = Int32Array | DeltaList | BitSet;

export const postingCount = (p: Postings): number => (p instanceof Int32Array ? p.length : p.count);

export const postingBytes = (p: Postings): number =>
	p instanceof Int32Array ? p.byteLength : p instanceof BitSet ? p.words.byteLength : p.bytes.byteLength + p.skips.byteLength;

function setBit(bits: Uint32Array, ordinal: number): void {
	bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
}

/** Calls `each` with every ordinal of a delta list's blocks, in order. */
function forEachDelta(bytes: Uint8Array, skips: Int32Array, count: number, each: (ordinal: number) => void): void {
	for (let k = 0, n = 0; n < count; k++) {
		let value = skips[2 * k]!;
		let at = skips[2 * k + 1]!;
		each(value);
		n++;
		for (let i = 1; i < BLOCK && n < count; i++, n++) {
			let gap = 0;
			for (let shift = 0; ; shift += 7) {
				const b = bytes[at++]!;
				gap |= (b & 0x7f) << shift;
				if (b < 0x80) break;
			}
			value += gap;
			each(value);
		}
	}
}

/** A lexeme's postings while the rows stream in, appended in ascending order, already in their final form. */
export class GrowingPostings {
	private bytes = new Uint8Array(16);
	private used = 0;
	private skips = new Int32Array(2);
	private bits: Uint32Array | null = null;
	private last = -1;
	private count = 0;

	/** `products`: the size of a bit set. */
	constructor(private readonly products: number) {}

	push(ordinal: number): void {
		if (this.bits) {
			setBit(this.bits, ordinal);
		} else if (this.count % BLOCK === 0) {
			const k = this.count / BLOCK;
			if (2 * k + 2 > this.skips.length) this.skips = grown(this.skips, 2 * k + 2);
			this.skips[2 * k] = ordinal;
			this.skips[2 * k + 1] = this.used;
		} else {
			let gap = ordinal - this.last;
			if (this.used + 5 > this.bytes.length) this.bytes = grown(this.bytes, this.used + 5);
			while (gap >= 0x80) {
				this.bytes[this.used++] = (gap & 0x7f) | 0x80;
				gap >>>= 7;
			}
			this.bytes[this.used++] = gap;
		}
		this.last = ordinal;
		this.count++;
		if (!this.bits && this.used + Math.ceil(this.count / BLOCK) * 8 > this.products / 8) this.toBits();
	}

	/** A bit set once the list would take more than one (see the module comment). */
	private toBits(): void {
		const bits = new Uint32Array(Math.ceil(this.products / 32));
		forEachDelta(this.bytes, this.skips, this.count, (o) => setBit(bits, o));
		this.bits = bits;
		this.bytes = new Uint8Array(0);
		this.skips = new Int32Array(0);
	}

	/** The postings in exactly the memory they need. */
	exact(): Postings {
		if (this.bits) return new BitSet(this.bits, this.count);
		if (this.count < BLOCK) {
			const plain = new Int32Array(this.count);
			let i = 0;
			forEachDelta(this.bytes, this.skips, this.count, (o) => (plain[i++] = o));
			return plain;
		}
		const blocks = Math.ceil(this.count / BLOCK);
		return new DeltaList(this.bytes.slice(0, this.used), this.skips.slice(0, 2 * blocks), this.count);
	}
}

/** A copy of `array` with room for at least `least` elements (doubling, so appends stay amortised O(1)). */
function grown<T extends Uint8Array | Int32Array>(array: T, least: number): T {
	const next = new (array.constructor as new (length: number) => T)(Math.max(least, array.length * 2));
	next.set(array);
	return next;
}
