/**
 * The number each lexeme (and title word pair) of the search index is known by while the index is
 * built (./posting-lists.ts), found where the lexeme stands in a row's printed tsvector: a small
 * table of recently seen lexemes, chosen by the lexeme's first, middle and last characters and its
 * length, is checked by comparing characters in place (`startsWith`), so the common case cuts no
 * string and hashes none. Only a lexeme the table does not hold is cut out and looked up in the
 * map. At 1 000 000 products that is about 80 million lookups a build over a few thousand distinct
 * lexemes (docs/performance.md, "The index build's appends in runs").
 */

/** Slots of the table (a power of two, several times the few thousand lexemes a catalog has). */
const SLOTS = 1 << 14;

export class LexemeIds {
	private readonly ids = new Map<string, number>();
	/** Every key by its number: the map's own copy. */
	private readonly keys: string[] = [];
	private readonly slotKeys: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
	private readonly slotIds = new Int32Array(SLOTS);

	get size(): number {
		return this.keys.length;
	}

	/** The number of `text.slice(start, end)` (a non-empty range), given the next one the first time it is seen. */
	idAt(text: string, start: number, end: number): number {
		const length = end - start;
		const slot =
			(text.charCodeAt(start) * 961 + text.charCodeAt((start + end) >>> 1) * 31 + text.charCodeAt(end - 1) + length * 7919) & (SLOTS - 1);
		const key = this.slotKeys[slot];
		if (key !== undefined && key.length === length && text.startsWith(key, start)) return this.slotIds[slot]!;
		const id = this.idOf(text.slice(start, end));
		this.slotKeys[slot] = this.keys[id];
		this.slotIds[slot] = id;
		return id;
	}

	/**
	 * The number of `key`. A key kept is a fresh copy: a token sliced out of a row's text may be a
	 * view of that whole text, which the map would then keep alive for as long as the index lives.
	 */
	idOf(key: string): number {
		let id = this.ids.get(key);
		if (id === undefined) {
			id = this.keys.length;
			const copy = Buffer.from(key, 'utf8').toString('utf8');
			this.ids.set(copy, id);
			this.keys.push(copy);
		}
		return id;
	}

	/** Every key, numbered by its place. */
	all(): readonly string[] {
		return this.keys;
	}
}
