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
 * Every list is in the smallest of its forms (./postings.ts: a short plain list, delta-coded
 * blocks, or a bit set) and product ids are kept as 16 bytes each (./product-ids.ts), so the index
 * holds no JS object per product or per posting (docs/decisions/024-compact-search-index.md).
 */
import { GrowingPostings, postingBytes, postingCount, type Postings } from './postings';
import { LexemeIds } from './lexeme-ids';
import { ProductIds } from './product-ids';

export { BitSet, DeltaList, postingCount, type Postings } from './postings';

export type ListKind = 'all' | 'head' | 'title' | 'pairs';

const KINDS: readonly ListKind[] = ['all', 'head', 'title', 'pairs'];
const [ALL, HEAD, TITLE, PAIRS] = [0, 1, 2, 3];

/** Postings the builder notes before appending them to their lists (three Int32Arrays of this length). */
const FLUSH_POSTINGS = 1 << 16;

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

/**
 * The same documents as PostgreSQL prints them, which costs it far less than building `words`
 * (one product's `unnest` and `string_agg` each; docs/performance.md, "A compact search index and
 * the seed in chunks"):
 * `vector` is `search_vector::text` ('lexeme':1A,5C …: weight A in the title, B in the tags, C or
 * none in the description), `pairs` is `title_pairs::text`.
 */
export interface SearchVectorRow {
	id: string;
	popularity: number;
	category_id: string;
	vector: string;
	pairs: string;
}

const IN_TITLE = 2;
const IN_HEAD = 1;

/**
 * Calls `each` with every lexeme of a tsvector's text form and its flag as in `words` (2 when a
 * position has weight A, else 1 when one has B, else 0). PostgreSQL doubles a quote or backslash
 * inside a lexeme.
 */
export function forEachVectorLexeme(text: string, each: (lexeme: string, flag: number) => void): void {
	const n = text.length;
	let i = 0;
	while (i < n) {
		if (text.charCodeAt(i) === 32) {
			i++;
			continue;
		}
		if (text.charCodeAt(i) !== 39) throw new Error(`not a tsvector at ${i}: ${text.slice(i, i + 20)}`);
		let start = ++i;
		let lexeme = '';
		for (;;) {
			if (i >= n) throw new Error(`unterminated lexeme in a tsvector: ${text.slice(start - 1, start + 20)}`);
			const c = text.charCodeAt(i);
			if (c === 39 && text.charCodeAt(i + 1) === 39) {
				lexeme += text.slice(start, i + 1);
				i += 2;
				start = i;
			} else if (c === 39) {
				break;
			} else if (c === 92) {
				lexeme += text.slice(start, i);
				start = ++i;
				i++;
			} else {
				i++;
			}
		}
		lexeme += text.slice(start, i++);
		let flag = 0;
		if (text.charCodeAt(i) === 58) {
			for (i++; i < n && text.charCodeAt(i) !== 32; i++) {
				const c = text.charCodeAt(i);
				if (c === 65) flag = IN_TITLE;
				else if (c === 66 && flag < IN_HEAD) flag = IN_HEAD;
			}
		}
		each(lexeme, flag);
	}
}

/**
 * Calls `each` with the bounds of every lexeme of a tsvector's text form and its flag as
 * forEachVectorLexeme gives it, for a text where no lexeme holds a quote or backslash (`plainVector`):
 * every lexeme then ends at the next quote, its positions at the next space, and the native string
 * searches find both. `nextA` and `nextB` are the next A and B at or after where the search last
 * started, so each is looked for across the text once, not once per lexeme.
 */
function forEachPlainVectorLexeme(text: string, each: (start: number, end: number, flag: number) => void): void {
	const n = text.length;
	let nextA = -1;
	let nextB = -1;
	for (let i = 0; i < n; ) {
		if (text.charCodeAt(i) === 32) {
			i++;
			continue;
		}
		if (text.charCodeAt(i) !== 39) throw new Error(`not a tsvector at ${i}: ${text.slice(i, i + 20)}`);
		const start = i + 1;
		const end = text.indexOf("'", start);
		if (end === -1) throw new Error(`unterminated lexeme in a tsvector: ${text.slice(i, i + 20)}`);
		let next = text.indexOf(' ', end);
		if (next === -1) next = n;
		let flag = 0;
		if (next > end + 1) {
			if (nextA < end) nextA = text.indexOf('A', end) >>> 0;
			if (nextA < next) flag = IN_TITLE;
			else {
				if (nextB < end) nextB = text.indexOf('B', end) >>> 0;
				if (nextB < next) flag = IN_HEAD;
			}
		}
		each(start, end, flag);
		i = next;
	}
}

/** Whether forEachPlainVectorLexeme reads `text`: no doubled quote or backslash anywhere in it. */
const plainVector = (text: string): boolean => text.indexOf('\\') === -1 && text.indexOf("''") === -1;

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
	private readonly lexemeIds = new LexemeIds();
	/** Every list being built, at `lexemeId * KINDS.length + kind` (addWord, addPair). */
	private readonly growing: (GrowingPostings | undefined)[] = [];
	/** Postings noted since the last flush, in arrival order: the list each goes to and its ordinal. */
	private readonly pendingList = new Int32Array(FLUSH_POSTINGS);
	private readonly pendingOrdinal = new Int32Array(FLUSH_POSTINGS);
	private readonly sortedOrdinals = new Int32Array(FLUSH_POSTINGS);
	private pending = 0;
	/** Per list: how many of the pending postings it gets, then where its run ends in `sortedOrdinals`. */
	private runEnds = new Int32Array(1024);
	private readonly ids: ProductIds;
	private readonly popularity: Int32Array;
	private readonly categories: Int32Array;
	private readonly categoryIds = new Map<string, number>();
	private added = 0;

	/** `products`: how many rows will be added (the size of a bit set and of the per-product arrays). */
	constructor(private readonly products: number) {
		this.ids = new ProductIds(products);
		this.popularity = new Int32Array(products);
		this.categories = new Int32Array(products);
	}

	/** Rows must come in ordinal order: popularity descending, then id descending. */
	add(row: SearchDocumentRow): void {
		const ordinal = this.addProduct(row);
		const ids = this.lexemeIds;
		forEachToken(row.words, (token, start, end) => this.addWord(ordinal, ids.idAt(token, start + 1, end), token.charCodeAt(start) - 48));
		forEachToken(row.pairs, (token, start, end) => this.addPair(ordinal, ids.idAt(token, start, end)));
	}

	/** The same as `add`, from the documents as PostgreSQL prints them. */
	addVectors(row: SearchVectorRow): void {
		const ordinal = this.addProduct(row);
		const ids = this.lexemeIds;
		const { vector, pairs } = row;
		if (plainVector(vector)) forEachPlainVectorLexeme(vector, (start, end, flag) => this.addWord(ordinal, ids.idAt(vector, start, end), flag));
		else forEachVectorLexeme(vector, (lexeme, flag) => this.addWord(ordinal, ids.idOf(lexeme), flag));
		if (plainVector(pairs)) forEachPlainVectorLexeme(pairs, (start, end) => this.addPair(ordinal, ids.idAt(pairs, start, end)));
		else forEachVectorLexeme(pairs, (lexeme) => this.addPair(ordinal, ids.idOf(lexeme)));
	}

	private addProduct(row: { id: string; popularity: number; category_id: string }): number {
		const ordinal = this.added;
		if (ordinal >= this.products) throw new Error(`more search documents than the ${this.products} counted`);
		this.ids.set(ordinal, row.id);
		this.popularity[ordinal] = row.popularity;
		let category = this.categoryIds.get(row.category_id);
		if (category === undefined) this.categoryIds.set(row.category_id, (category = this.categoryIds.size));
		this.categories[ordinal] = category;
		this.added++;
		return ordinal;
	}

	private addWord(ordinal: number, lexemeId: number, flag: number): void {
		const list = lexemeId * KINDS.length;
		this.note(list + ALL, ordinal);
		if (flag >= IN_HEAD) this.note(list + HEAD, ordinal);
		if (flag === IN_TITLE) this.note(list + TITLE, ordinal);
	}

	private addPair(ordinal: number, lexemeId: number): void {
		this.note(lexemeId * KINDS.length + PAIRS, ordinal);
	}

	private note(list: number, ordinal: number): void {
		if (this.pending === FLUSH_POSTINGS) this.flush();
		this.pendingList[this.pending] = list;
		this.pendingOrdinal[this.pending++] = ordinal;
	}

	/**
	 * Appends the pending postings list by list: a counting sort by list (stable, so each list's
	 * ordinals stay ascending, and every flush's come after the last's), then each list's run at
	 * once. Appending each posting as its row is read touched a different list every time, tens of
	 * thousands of lists in all, and most of the build's time went to fetching their ends from
	 * memory (docs/performance.md, "The index build's appends in runs").
	 */
	private flush(): void {
		const n = this.pending;
		const lists = this.lexemeIds.size * KINDS.length;
		if (this.runEnds.length < lists + 1) this.runEnds = new Int32Array(Math.max(lists + 1, this.runEnds.length * 2));
		const ends = this.runEnds;
		const { pendingList, pendingOrdinal, sortedOrdinals } = this;
		ends.fill(0, 0, lists + 1);
		for (let i = 0; i < n; i++) ends[pendingList[i]! + 1]!++;
		// Now where each list's run starts; after the scatter below, where it ends.
		for (let l = 1; l <= lists; l++) ends[l]! += ends[l - 1]!;
		for (let i = 0; i < n; i++) sortedOrdinals[ends[pendingList[i]!]!++] = pendingOrdinal[i]!;
		for (let l = 0, start = 0; l < lists; l++) {
			const end = ends[l]!;
			if (end === start) continue;
			const growing = (this.growing[l] ??= new GrowingPostings(this.products));
			for (let j = start; j < end; j++) growing.push(sortedOrdinals[j]!);
			start = end;
		}
		this.pending = 0;
	}

	finish(): PostingLists {
		this.flush();
		const numbered = this.lexemeIds.all();
		// Sorted by code unit, as `keys` must be (every key is distinct).
		const byKey = numbered.map((_, id) => id).sort((a, b) => (numbered[a]! < numbered[b]! ? -1 : 1));
		const keys = byKey.map((id) => numbered[id]!);
		// Each list's growing form is let go as soon as its exact copy is made, so the build never holds both whole.
		const exact = (kind: number, id: number): Postings => {
			const list = id * KINDS.length + kind;
			const growing = this.growing[list];
			this.growing[list] = undefined;
			return growing?.exact() ?? EMPTY;
		};
		const lists = Object.fromEntries(KINDS.map((kind, k) => [kind, byKey.map((id) => exact(k, id))])) as Record<ListKind, Postings[]>;
		const categoryIds = [...this.categoryIds.keys()];
		// Fewer rows than counted: the lists and bit sets only hold ordinals below `added`.
		const size = this.added;
		return new PostingLists(this.ids, size, this.popularity.subarray(0, size), this.categories.subarray(0, size), categoryIds, keys, lists);
	}
}

export class PostingLists {
	constructor(
		/** Product id by ordinal (idOf). */
		private readonly ids: ProductIds,
		readonly size: number,
		readonly popularity: Int32Array,
		/** Index into `categoryIds` by ordinal. */
		readonly category: Int32Array,
		readonly categoryIds: readonly string[],
		/** Every lexeme and title word pair, sorted by code unit (so a prefix's keys are one range). */
		private readonly keys: readonly string[],
		private readonly lists: Record<ListKind, Postings[]>
	) {}

	/** The product id at `ordinal`. */
	idOf(ordinal: number): string {
		return this.ids.get(ordinal);
	}

	/** Postings kept and the bytes they take, and the bytes of the per-product arrays, for the build's log line. */
	get footprint(): { postings: number; bytes: number; productBytes: number } {
		let postings = 0;
		let bytes = 0;
		for (const kind of KINDS) {
			for (const p of this.lists[kind]) {
				postings += postingCount(p);
				bytes += postingBytes(p);
			}
		}
		return { postings, bytes, productBytes: this.ids.byteLength + this.popularity.byteLength + this.category.byteLength };
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
			if (p > popularity || (p === popularity && this.ids.get(mid) >= id)) lo = mid + 1;
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
