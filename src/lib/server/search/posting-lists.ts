/**
 * The published catalog's search documents as posting lists in memory
 * (docs/decisions/018-search-index-in-process-and-in-front.md): for every
 * lexeme of `search_vector` the products holding it anywhere (`all`), in title
 * or tags (`head`, i.e. `head_vector`) and in the title (`title`, weight A);
 * for every lexeme of `title_pairs` the products whose title has that pair of
 * neighbouring words (`pairs`).
 *
 * Products are numbered (ordinals) in the order relevance tiers list them:
 * popularity descending, then id descending. Every list is sorted by ordinal,
 * so walking a tier's intersection in list order is walking it by popularity,
 * and a page is found without ranking the rest.
 *
 * A rare lexeme's list is an Int32Array (4 bytes a posting), a common one's a
 * bit set (see Postings); at 100 000 products the index keeps about 10 MB.
 */

export type ListKind = 'all' | 'head' | 'title' | 'pairs';

const KINDS: readonly ListKind[] = ['all', 'head', 'title', 'pairs'];

/**
 * One published product's search documents. `words`: every lexeme of
 * `search_vector` once, space-separated (the parser never puts a space in a
 * lexeme), each behind a digit: 2 in the title, 1 in the tags only, 0 in the
 * description only. `pairs`: the lexemes of `title_pairs`.
 */
export interface SearchDocumentRow {
	id: string;
	popularity: number;
	category_id: string;
	words: string;
	pairs: string;
}

const IN_TITLE = 2;
const IN_HEAD = 1;

/**
 * A lexeme's products: a sorted list of ordinals while it is rare, a bit per
 * product once 4 bytes a posting would cost more than that (a word in more than
 * one product in 32). Most postings belong to a few hundred common words, so
 * the index keeps about a quarter of what plain lists would.
 */
export type Postings = Int32Array | BitSet;

export class BitSet {
	constructor(
		readonly words: Uint32Array,
		readonly count: number
	) {}
}

export const postingCount = (p: Postings): number => (p instanceof BitSet ? p.count : p.length);

function setBit(bits: Uint32Array, ordinal: number): void {
	bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
}

/** A lexeme's postings while the rows stream in, appended in ordinal order. */
class Growable {
	private list: Int32Array | null = new Int32Array(4);
	private bits: Uint32Array | null = null;
	private length = 0;

	constructor(private readonly products: number) {}

	push(ordinal: number): void {
		if (this.list && this.length === this.list.length) this.grow(this.list);
		if (this.bits) setBit(this.bits, ordinal);
		else this.list![this.length] = ordinal;
		this.length++;
	}

	/** A full list doubles, or turns into a bit set once that is smaller (see Postings). */
	private grow(full: Int32Array): void {
		if (full.length * 4 >= this.products / 8) {
			this.bits = new Uint32Array(Math.ceil(this.products / 32));
			for (const o of full) setBit(this.bits, o);
			this.list = null;
		} else {
			this.list = new Int32Array(full.length * 2);
			this.list.set(full);
		}
	}

	exact(): Postings {
		return this.bits ? new BitSet(this.bits, this.length) : this.list!.slice(0, this.length);
	}
}

/** The number `key` is known by in `ids`, given the next one the first time it is seen. */
function intern(ids: Map<string, number>, key: string): number {
	let id = ids.get(key);
	if (id === undefined) {
		id = ids.size;
		ids.set(key, id);
	}
	return id;
}

const EMPTY = new Int32Array(0);

/** Calls `each` with the bounds of every space-separated token (no array of strings in between). */
function forEachToken(text: string, each: (text: string, start: number, end: number) => void): void {
	for (let start = 0; start < text.length; ) {
		let end = text.indexOf(' ', start);
		if (end === -1) end = text.length;
		if (end > start) each(text, start, end);
		start = end + 1;
	}
}

export class PostingListsBuilder {
	private readonly keyIds = new Map<string, number>();
	private readonly growing: Record<ListKind, (Growable | undefined)[]> = { all: [], head: [], title: [], pairs: [] };
	private readonly ids: string[] = [];
	private readonly popularity: number[] = [];
	private readonly categories: number[] = [];
	private readonly categoryIds = new Map<string, number>();

	/** `products`: how many rows will be added (the size of a bit set). */
	constructor(private readonly products: number) {}

	/** Rows must come in ordinal order: popularity descending, then id descending. */
	add(row: SearchDocumentRow): void {
		const ordinal = this.ids.length;
		if (ordinal >= this.products) throw new Error(`more search documents than the ${this.products} counted`);
		this.ids.push(row.id);
		this.popularity.push(row.popularity);
		this.categories.push(intern(this.categoryIds, row.category_id));
		const { all, head, title, pairs } = this.growing;
		forEachToken(row.words, (token, start, end) => {
			const flag = token.charCodeAt(start) - 48;
			const id = intern(this.keyIds, token.slice(start + 1, end));
			(all[id] ??= new Growable(this.products)).push(ordinal);
			if (flag >= IN_HEAD) (head[id] ??= new Growable(this.products)).push(ordinal);
			if (flag === IN_TITLE) (title[id] ??= new Growable(this.products)).push(ordinal);
		});
		forEachToken(row.pairs, (token, start, end) => {
			const id = intern(this.keyIds, token.slice(start, end));
			(pairs[id] ??= new Growable(this.products)).push(ordinal);
		});
	}

	finish(): PostingLists {
		const keys = [...this.keyIds.keys()].sort();
		const lists = Object.fromEntries(
			KINDS.map((kind) => [kind, keys.map((key) => this.growing[kind][this.keyIds.get(key)!]?.exact() ?? EMPTY)])
		) as Record<ListKind, Postings[]>;
		const categoryIds = [...this.categoryIds.keys()];
		return new PostingLists(this.ids, Int32Array.from(this.popularity), Int32Array.from(this.categories), categoryIds, keys, lists);
	}
}

export class PostingLists {
	constructor(
		/** Product id by ordinal. */
		readonly ids: readonly string[],
		readonly popularity: Int32Array,
		/** Index into `categoryIds` by ordinal. */
		readonly category: Int32Array,
		readonly categoryIds: readonly string[],
		/** Every lexeme and title word pair, sorted by code unit (so a prefix's keys are one range). */
		private readonly keys: readonly string[],
		private readonly lists: Record<ListKind, Postings[]>
	) {}

	get size(): number {
		return this.ids.length;
	}

	/** Postings kept and the bytes they take, for the build's log line. */
	get footprint(): { postings: number; bytes: number } {
		let postings = 0;
		let bytes = 0;
		for (const kind of KINDS) {
			for (const p of this.lists[kind]) {
				postings += postingCount(p);
				bytes += p instanceof BitSet ? p.words.byteLength : p.byteLength;
			}
		}
		return { postings, bytes };
	}

	get lexemes(): number {
		return this.keys.length;
	}

	/** The non-empty lists of `kind` for `term`, or with `prefix` for every key that starts with it (tsquery's `:*`). */
	listsOf(term: string, prefix: boolean, kind: ListKind): Postings[] {
		let i = this.lowerBound(term);
		const out: Postings[] = [];
		for (; i < this.keys.length; i++) {
			const key = this.keys[i]!;
			if (prefix ? !key.startsWith(term) : key !== term) break;
			const list = this.lists[kind][i]!;
			if (postingCount(list) > 0) out.push(list);
		}
		return out;
	}

	private lowerBound(term: string): number {
		let lo = 0;
		let hi = this.keys.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.keys[mid]! < term) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** The first ordinal that comes after (popularity, id) in ordinal order: where a keyset cursor resumes. */
	after(popularity: number, id: string): number {
		let lo = 0;
		let hi = this.size;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			const p = this.popularity[mid]!;
			// Still at or before the cursor's row: greater popularity, or the same and a greater or equal id.
			if (p > popularity || (p === popularity && this.ids[mid]! >= id)) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** Which category indexes are among `ids` (a level of intent ranking), as a mask over `categoryIds`. */
	categoryMask(ids: readonly string[]): Uint8Array {
		const wanted = new Set(ids);
		return Uint8Array.from(this.categoryIds, (id) => (wanted.has(id) ? 1 : 0));
	}
}
