/**
 * A search's hits chosen from the in-memory posting lists (./posting-lists.ts,
 * ADR 018) instead of by PostgreSQL: the same tiers, intent levels, order and
 * cursor keys as ./search.ts's SQL, so a page may continue on either path (a
 * differential test keeps them equal, tests/integration/search-index.test.ts).
 *
 * A condition is a cursor over ordinals (popularity order): a list or bit set, a union of
 * a position's alternatives, an intersection of every position (leapfrog: each
 * part skips ahead to the largest candidate so far). A tier walks its
 * intersection from the cursor's row and stops once the page is full; the
 * tiers below it run only while the page is short.
 */
import type { CursorKey } from '../catalog/cursor';
import type { IntentLevel } from './intent-rank';
import { BitSet, DeltaList, type ListKind, type PostingLists, type Postings } from './posting-lists';
import { BLOCK } from './postings';
import { titlePairGroups } from './query-text';

/** What a query asks of the index: its positions as vocabulary lexemes (alternatives each), the last maybe a prefix. */
export interface IndexTerms {
	lexemes: string[][];
	lastIsPrefix: boolean;
}

export interface IndexHit {
	id: string;
	k_popularity: number;
	k_tier: number;
	k_level?: number;
}

const END = 0x7fffffff;

/** Ordinals in order; `seek(t)` is the first one ≥ t (END when none), and t never decreases between calls. */
interface Cursor {
	seek(target: number): number;
}

class ListCursor implements Cursor {
	private i = 0;

	constructor(private readonly list: Int32Array) {}

	seek(target: number): number {
		const list = this.list;
		let i = this.i;
		if (i >= list.length) return END;
		if (list[i]! >= target) return list[i]!;
		// Gallop, then halve: a common word's list is long and the walk skips most of it.
		let step = 1;
		while (i + step < list.length && list[i + step]! < target) step *= 2;
		let lo = i + (step >> 1) + 1;
		let hi = Math.min(i + step, list.length);
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (list[mid]! < target) lo = mid + 1;
			else hi = mid;
		}
		this.i = i = lo;
		return i < list.length ? list[i]! : END;
	}
}

class BitSetCursor implements Cursor {
	constructor(private readonly words: Uint32Array) {}

	seek(target: number): number {
		const words = this.words;
		let w = target >>> 5;
		if (w >= words.length) return END;
		// The bits at or after the target in its word, then whole words.
		let bits = (words[w]! & (0xffffffff << (target & 31))) >>> 0;
		while (bits === 0) {
			if (++w >= words.length) return END;
			bits = words[w]!;
		}
		return (w << 5) + (31 - Math.clz32(bits & -bits));
	}
}

/** A delta list (./postings.ts): skips whole blocks by their first ordinals, then reads gaps within one. */
class DeltaCursor implements Cursor {
	/** The block read, the position in the whole list, the ordinal there and the byte after it. */
	private block = 0;
	private n = 0;
	private value: number;
	private at: number;

	constructor(private readonly list: DeltaList) {
		this.value = list.skips[0]!;
		this.at = list.skips[1]!;
	}

	seek(target: number): number {
		if (this.value >= target) return this.value;
		const { skips, bytes, count } = this.list;
		const blocks = skips.length >> 1;
		// The last block whose first ordinal is ≤ target, if it lies ahead: gallop, then halve.
		if (this.block + 1 < blocks && skips[2 * (this.block + 1)]! <= target) {
			let step = 1;
			while (this.block + step * 2 < blocks && skips[2 * (this.block + step * 2)]! <= target) step *= 2;
			let lo = this.block + step;
			let hi = Math.min(this.block + step * 2, blocks - 1);
			while (lo < hi) {
				const mid = (lo + hi + 1) >>> 1;
				if (skips[2 * mid]! <= target) lo = mid;
				else hi = mid - 1;
			}
			this.block = lo;
			this.n = lo * BLOCK;
			this.value = skips[2 * lo]!;
			this.at = skips[2 * lo + 1]!;
			if (this.value >= target) return this.value;
		}
		let { n, value, at } = this;
		while (value < target) {
			if (++n >= count) {
				this.n = count;
				this.value = END;
				return END;
			}
			if (n % BLOCK === 0) {
				this.block++;
				value = skips[2 * this.block]!;
				at = skips[2 * this.block + 1]!;
			} else {
				let gap = 0;
				for (let shift = 0; ; shift += 7) {
					const b = bytes[at++]!;
					gap |= (b & 0x7f) << shift;
					if (b < 0x80) break;
				}
				value += gap;
			}
		}
		this.n = n;
		this.value = value;
		this.at = at;
		return value;
	}
}

const cursorOf = (p: Postings): Cursor =>
	p instanceof BitSet ? new BitSetCursor(p.words) : p instanceof DeltaList ? new DeltaCursor(p) : new ListCursor(p);

class UnionCursor implements Cursor {
	constructor(private readonly parts: Cursor[]) {}

	seek(target: number): number {
		let least = END;
		for (const part of this.parts) least = Math.min(least, part.seek(target));
		return least;
	}
}

class IntersectionCursor implements Cursor {
	constructor(private readonly parts: Cursor[]) {}

	seek(target: number): number {
		let candidate = target;
		for (let agreed = 0, i = 0; agreed < this.parts.length; i = (i + 1) % this.parts.length) {
			const found = this.parts[i]!.seek(candidate);
			if (found === END) return END;
			if (found === candidate) agreed++;
			else {
				candidate = found;
				agreed = 1;
			}
		}
		return candidate;
	}
}

/** Every ordinal (a level chosen by category alone). */
class EveryCursor implements Cursor {
	constructor(private readonly size: number) {}

	seek(target: number): number {
		return target < this.size ? target : END;
	}
}

/** A condition, made afresh for each walk (cursors only move forward); null when nothing can satisfy it. */
type Condition = (() => Cursor) | null;

/** Any of a group's terms (or what starts with one, for a prefix) in `kind`. */
function anyOf(index: PostingLists, terms: readonly string[], prefix: boolean, kind: ListKind): Condition {
	const lists = terms.flatMap((t) => index.listsOf(t, prefix, kind));
	if (lists.length === 0) return null;
	if (lists.length === 1) return () => cursorOf(lists[0]!);
	return () => new UnionCursor(lists.map(cursorOf));
}

function everyOf(groups: Condition[]): Condition {
	if (groups.length === 0 || groups.some((g) => g === null)) return null;
	const makers = groups as (() => Cursor)[];
	if (makers.length === 1) return makers[0]!;
	return () => new IntersectionCursor(makers.map((m) => m()));
}

/** Every position of `terms` in `kind` (a title, head or whole-text match). */
function positionsIn(index: PostingLists, terms: IndexTerms, kind: Exclude<ListKind, 'pairs'>): Condition {
	const last = terms.lexemes.length - 1;
	return everyOf(terms.lexemes.map((alternatives, i) => anyOf(index, alternatives, terms.lastIsPrefix && i === last, kind)));
}

/** Every neighbouring pair of positions side by side in the title; null for one word (no such tier). */
function pairsIn(index: PostingLists, terms: IndexTerms): Condition | undefined {
	const groups = titlePairGroups(terms.lexemes, terms.lastIsPrefix);
	if (groups.length === 0) return undefined;
	return everyOf(groups.map((g) => anyOf(index, g.terms, g.prefix, 'pairs')));
}

interface Tier {
	key: number;
	/** Ordinals the tier may hold, in order. */
	lead: Condition;
	/** Conditions a hit must not meet (the tiers above). */
	not: Condition[];
}

/** Tiers 3 down to 0 of ./search.ts (exclusiveTiers): disjoint, each excluding those above. */
function textTiers(index: PostingLists, terms: IndexTerms): Tier[] {
	const text = positionsIn(index, terms, 'all');
	const head = positionsIn(index, terms, 'head');
	const title = positionsIn(index, terms, 'title');
	const pairs = pairsIn(index, terms);
	const notPairs = pairs === undefined ? [] : [pairs];
	return [
		...(pairs === undefined ? [] : [{ key: 3, lead: everyOf([pairs, text]), not: [] }]),
		{ key: 2, lead: title, not: notPairs },
		{ key: 1, lead: head, not: [title, ...notPairs] },
		{ key: 0, lead: text, not: [head, title, ...notPairs] }
	];
}

/** Each tier split in two by whether the whole query's pairs stand side by side in the title (ADR 012's half step). */
function halfSteps(tiers: Tier[], whole: Condition | undefined): Tier[] {
	if (whole === undefined) return tiers;
	return tiers.flatMap(({ key, lead, not }) => [
		{ key: key * 2 + 1, lead: everyOf([lead, whole]), not },
		{ key: key * 2, lead, not: [...not, whole] }
	]);
}

interface Walk {
	tiers: Tier[];
	/** Whether an ordinal may be listed at all (the level's categories). */
	allowed: (ordinal: number) => boolean;
	/** The cursor's tier key and the ordinal after its row; null on a first page. */
	from: { key: number; ordinal: number } | null;
	limit: number;
}

/** Up to `limit` hits, tier by tier (best first), each in popularity order. */
function walk(index: PostingLists, { tiers, allowed, from, limit }: Walk): IndexHit[] {
	const out: IndexHit[] = [];
	for (const { key, lead, not } of tiers) {
		if (out.length >= limit) break;
		if (lead === null || (from && key > from.key)) continue;
		const driver = lead();
		const excluded = not.flatMap((c) => (c === null ? [] : [c()]));
		let ordinal = driver.seek(from && key === from.key ? from.ordinal : 0);
		while (ordinal !== END && out.length < limit) {
			if (allowed(ordinal) && !excluded.some((c) => c.seek(ordinal) === ordinal)) {
				out.push({ id: index.idOf(ordinal), k_popularity: index.popularity[ordinal]!, k_tier: key });
			}
			ordinal = driver.seek(ordinal + 1);
		}
	}
	return out;
}

const everywhere = () => true;

/** Where a cursor's keys (tier, popularity, id) resume. */
function resume(index: PostingLists, keys: readonly CursorKey[] | null): Walk['from'] {
	if (!keys) return null;
	const [key, popularity, id] = keys;
	return { key: Number(key), ordinal: index.after(Number(popularity), String(id)) };
}

/** Relevance without intent (cursor: tier, popularity, id). */
export function relevanceHits(index: PostingLists, terms: IndexTerms, after: CursorKey[] | null, limit: number): IndexHit[] {
	return walk(index, { tiers: textTiers(index, terms), allowed: everywhere, from: resume(index, after), limit });
}

/**
 * Intent levels best first, as ./search.ts's byIntent: a level above 0 lists
 * its categories' products matching `rest` (the words other than grade,
 * subject and series) by tier with the whole query's half step, or by
 * popularity alone when there is no other word; level 0 lists every other
 * category's products matching the whole query, by tier. Cursor: level, tier,
 * popularity, id.
 */
export function intentHits(
	index: PostingLists,
	levels: readonly IntentLevel[],
	whole: IndexTerms,
	rest: IndexTerms | null,
	after: CursorKey[] | null,
	limit: number
): IndexHit[] {
	const startLevel = after ? Number(after[0]) : Infinity;
	// The same tiers for every listed level (conditions make fresh cursors per walk), looked up once.
	const listedTiers: Tier[] = rest
		? halfSteps(textTiers(index, rest), pairsIn(index, whole))
		: [{ key: 0, lead: () => new EveryCursor(index.size), not: [] }];
	const out: IndexHit[] = [];
	for (const level of levels) {
		if (level.score > startLevel || out.length >= limit) continue;
		const within = after && level.score === startLevel ? after.slice(1) : null;
		const mask = index.categoryMask(level.categoryIds);
		const listed = level.score > 0;
		const allowed = (ordinal: number) => (mask[index.category[ordinal]!] === 1) === listed;
		const tiers = listed ? listedTiers : textTiers(index, whole);
		const hits = walk(index, { tiers, allowed, from: resume(index, within), limit: limit - out.length });
		out.push(...hits.map((h) => ({ ...h, k_level: level.score })));
	}
	return out;
}
