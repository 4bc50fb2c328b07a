/**
 * Keyword search (GET /api/v1/search) over titles, tags and descriptions.
 *
 * Full text, accents folded, every word required, the last one as a prefix.
 * Without `sort`, results come in relevance tiers, each ordered by popularity:
 *   3. the words side by side in the title (every neighbouring pair of words
 *      is a pair of neighbouring title words: an exact GIN lookup on
 *      `title_pairs`),
 *   2. all words in the title,
 *   1. all words in title or tags,
 *   0. the rest (description matches).
 *
 * The vocabulary (in memory per catalog version, ./vocabulary.ts) first
 * expands a prefix into the few words it completes and bounds how many
 * products can match (./frequency.ts); the fetch depends on it:
 * - a rare query ranks its few candidates in one GIN bitmap query;
 * - a common one takes the tiers in turn, each by walking a short stretch of
 *   the popularity index (../catalog/ordered-scan.ts) and falling back to a
 *   GIN bitmap when it turns out sparse. Broad queries never rank the whole
 *   catalog.
 *
 * When the query names a grade, subject or textbook series (./intent.ts),
 * relevance is by how well a product's category matches them first
 * (./intent-rank.ts), then by tier and popularity; the recognised words stop
 * being required words. A level's tiers are one statement, each tier run only
 * while those above left the page short (ADR 012).
 *
 * When a first page finds nothing, unknown words are corrected against the
 * catalog's vocabulary (./spelling.ts) and the search runs again; the cursor
 * remembers that mode, so later pages stay in it.
 *
 * Rows are picked by id and keys first and only the page is then read in
 * full (late materialisation), so sorting never carries whole rows.
 *
 * An unfiltered relevance search picks those rows from the in-memory index
 * instead (./search-index.ts, ./index-hits.ts; ADR 018) whenever one is built
 * for the current catalog version: same tiers, levels, order and cursors, the
 * SQL below being the reference a differential test holds it to.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListSort, SearchInput, SearchResult } from '../../contracts/catalog';
import { flashEpoch, reuseOfPrices, type NoteReuse } from '../catalog/memory-cache';
import { queryRows } from '../db/rows';
import { now as clockNow } from '../platform/clock';
import { recordSearchFetch } from '../platform/metrics';
import { decodeCursor, fingerprint, type CursorKey, type KeyKind } from '../catalog/cursor';
import { orderedScan, probeQuery, sortedQuery, sortedScan, type OrderedScan, type ScanOrder } from '../catalog/ordered-scan';
import { toPage } from '../catalog/page';
import {
	and,
	filterConditions,
	inSubtreeOf,
	listOrders,
	mapSummary,
	outsideHiddenCategories,
	summariesOf,
	type SummaryRow
} from '../catalog/product-query';
import { pairCeiling, resolvePositions, type Position } from './frequency';
import { queryWords, tsQueries, type QueryWords, type TsQueries } from './query-text';
import { cachedHits, catalogVersion, rememberHits } from './hit-cache';
import { correctQuery, type Corrected } from './spelling';
import { readIntent, type Intent } from './intent';
import { intentLevels, type IntentLevel } from './intent-rank';
import { intentHits, relevanceHits, type IndexTerms } from './index-hits';
import { searchIndexFor } from './search-index';
import type { PostingLists } from './posting-lists';

/** 'intent-fuzzy': ranked by intent, with typos in the other words corrected. */
type Matcher = 'fts' | 'fuzzy' | 'intent' | 'intent-fuzzy';
type Order = ListSort | 'relevance';

/** Up to this many candidates, ranking them all in one bitmap query is cheap. */
const RARE_MATCHES = 2_000;

/**
 * A tier of common words in an intent level walks the popularity index
 * (1.5–4 µs a row): this many rows first, where the words fill most titles and
 * a grade's page is found within a few hundred; then, when the first walk met
 * enough matches to predict (with a margin of two) that a page lies within
 * it, the longer walk.
 */
const LEVEL_WALK_ROWS = 1_000;
const LEVEL_LONG_WALK_ROWS = 10_000;

interface HitRow {
	id: string;
	k_popularity: number;
	/** The sorts' keys: only the SQL path's explicit sorts read these (relevance hits from the index carry none). */
	k_created?: string;
	rating_avg?: number;
	rating_count?: number;
	k_tier?: number;
	k_level?: number;
}

const tsq = (text: string): SQL => sql`to_tsquery('vn_unaccent'::regconfig, ${text})`;

const pairsQuery = (q: TsQueries): SQL => sql`${q.titlePairs}::tsquery`;

/**
 * Tier 3 down to 0; the sets are disjoint because each excludes the one
 * above. Null when a tier cannot exist (no word pairs in a one-word query).
 */
function tierCondition(tier: number, q: TsQueries): SQL | null {
	const inPairs = q.titlePairs ? sql`p.title_pairs @@ ${pairsQuery(q)}` : null;
	switch (tier) {
		case 3:
			return inPairs;
		case 2:
			return inPairs
				? sql`p.head_vector @@ ${tsq(q.title)} AND NOT ${inPairs}`
				: sql`p.head_vector @@ ${tsq(q.title)}`;
		case 1:
			// Title and tags carry only weights A and B: "anywhere in head_vector" needs no weight.
			return sql`p.head_vector @@ ${tsq(q.all)} AND NOT p.head_vector @@ ${tsq(q.title)}`;
		default:
			return sql`p.search_vector @@ ${tsq(q.all)} AND NOT p.head_vector @@ ${tsq(q.all)}`;
	}
}

/** The tier of a row that matches at all. */
const tierOf = (q: TsQueries): SQL =>
	sql`(CASE ${q.titlePairs ? sql`WHEN p.title_pairs @@ ${pairsQuery(q)} THEN 3` : sql``}
		WHEN p.head_vector @@ ${tsq(q.title)} THEN 2
		WHEN p.head_vector @@ ${tsq(q.all)} THEN 1 ELSE 0 END)`;

/**
 * Which positive conditions of a tier may lead through their GIN index. A
 * common word's posting list holds most of the catalog: led by it, a tier
 * reads tens of thousands of rows to keep a few, and a prepared statement's
 * generic plan cannot tell a common word from a rare one. So a condition that
 * must not lead is spelled so that no index answers it, and the rows come from
 * elsewhere (see gatedTiers).
 */
interface Leads {
	/** The words (title, title and tags, description). */
	words: boolean;
	/** The query's own title word pairs (tier 3). */
	pairs: boolean;
	/** The whole query's title word pairs (gatedTiers' half step). */
	whole: boolean;
}

const EVERY_INDEX: Leads = { words: true, pairs: true, whole: true };
const NO_INDEX: Leads = { words: false, pairs: false, whole: false };

/** A positive full-text condition; through coalesce() no index can answer it, so it only filters. */
function matchOn(column: 'head_vector' | 'search_vector' | 'title_pairs', query: SQL, leads: boolean): SQL {
	const match = sql`p.${sql.raw(column)} @@ ${query}`;
	return leads ? match : sql`coalesce(${match}, false)`;
}

/**
 * The tiers (3 down to 0, as tierCondition, but each excluding every tier
 * above it, so the sets are disjoint) as conditions, best first, each led by its
 * positive condition (the NOTs only filter its candidates). A title or tags
 * match implies the whole-text match, so only tiers 3 and 0 state it.
 */
function exclusiveTiers(q: TsQueries, idx: Leads): { tier: number; condition: SQL; indexed: boolean }[] {
	const notPairs = q.titlePairs ? sql` AND NOT p.title_pairs @@ ${pairsQuery(q)}` : sql``;
	const notTitle = sql`NOT p.head_vector @@ ${tsq(q.title)}`;
	const text = matchOn('search_vector', tsq(q.all), idx.words);
	return [
		...(q.titlePairs
			? [{ tier: 3, condition: sql`${matchOn('title_pairs', pairsQuery(q), idx.pairs)} AND ${text}`, indexed: idx.pairs || idx.words }]
			: []),
		{ tier: 2, condition: sql`${matchOn('head_vector', tsq(q.title), idx.words)}${notPairs}`, indexed: idx.words },
		{ tier: 1, condition: sql`${matchOn('head_vector', tsq(q.all), idx.words)} AND ${notTitle}${notPairs}`, indexed: idx.words },
		{ tier: 0, condition: sql`${text} AND NOT p.head_vector @@ ${tsq(q.all)} AND ${notTitle}${notPairs}`, indexed: idx.words }
	];
}

const RELEVANCE_KINDS: readonly KeyKind[] = ['int', 'int', 'uuid'];

const MODES: Record<string, readonly KeyKind[]> = {
	...Object.fromEntries(
		(['fts', 'fuzzy'] as const).flatMap((matcher) => [
			[`${matcher}:relevance`, RELEVANCE_KINDS] as const,
			...(Object.keys(listOrders) as ListSort[]).map((s) => [`${matcher}:${s}`, listOrders[s].kinds] as const)
		])
	),
	// Level, tier, popularity, id.
	'intent:relevance': ['int', 'int', 'int', 'uuid'],
	'intent-fuzzy:relevance': ['int', 'int', 'int', 'uuid']
};

const HIT_COLUMNS = sql`p.id::text AS id, p.created_at::text AS k_created, p.popularity AS k_popularity, p.rating_avg, p.rating_count`;

class SearchPlan {
	private readonly now = clockNow();

	constructor(
		private readonly input: SearchInput,
		private readonly q: TsQueries,
		/** At most this many products match (vocabulary document frequencies). */
		private readonly ceiling: number,
		/** The catalog version vocabulary answers may be remembered under. */
		private readonly version: string | null,
		/** The same positions as vocabulary lexemes, for the in-memory index. */
		private readonly terms: IndexTerms
	) {}

	/**
	 * The in-memory index (./search-index.ts) when it may choose this search's
	 * hits: it holds only what no filter narrows (every published, visible
	 * product), so a filtered search is PostgreSQL's.
	 */
	private indexForFetch(): PostingLists | null {
		const { type, minPrice, maxPrice, categoryId } = this.input;
		const filtered = type !== undefined || minPrice !== undefined || maxPrice !== undefined || categoryId !== undefined;
		const index = filtered ? null : searchIndexFor(this.version);
		recordSearchFetch(index ? 'index' : 'database');
		return index;
	}

	private get rare(): boolean {
		return this.ceiling <= RARE_MATCHES;
	}

	private filters(): SQL[] {
		const { input } = this;
		return [
			...filterConditions(this.now, { type: input.type, minPrice: input.minPrice, maxPrice: input.maxPrice }),
			input.categoryId ? inSubtreeOf(input.categoryId) : sql`true`,
			outsideHiddenCategories
		];
	}

	private scan(match: SQL, order: ScanOrder, after: CursorKey[] | null, limit: number): OrderedScan {
		return { select: HIT_COLUMNS, where: [match, ...this.filters()], order, after, limit };
	}

	async byRelevance(after: CursorKey[] | null, limit: number): Promise<HitRow[]> {
		const index = this.indexForFetch();
		if (index) return relevanceHits(index, this.terms, after, limit);
		if (this.rare) return this.rankedTiers(sql`p.search_vector @@ ${tsq(this.q.all)}`, after, limit);
		// A common query: each tier in turn, walking the popularity index while its
		// matches are dense, through the GIN indexes once they turn out sparse.
		const startTier = after ? Number(after[0]) : 3;
		const out: HitRow[] = [];
		for (let tier = startTier; tier >= 0 && out.length < limit; tier--) {
			const condition = tierCondition(tier, this.q);
			if (!condition) continue;
			const within = after && tier === startTier ? after.slice(1) : null;
			const scan = this.scan(condition, listOrders.popular, within, limit - out.length);
			// Phrase matches are bounded tighter by the title word pairs than by the words.
			const ceiling = tier === 3 ? await pairCeiling(this.q.titlePairs!, this.version) : this.ceiling;
			const rows = tier === 3 && ceiling <= RARE_MATCHES ? await sortedScan<HitRow>(scan) : await orderedScan<HitRow>(scan, ceiling);
			out.push(...rows.map((r) => ({ ...r, k_tier: tier })));
		}
		return out;
	}

	/**
	 * Intent levels best first (see ./intent-rank.ts). `this` plans the whole
	 * query, which level 0 (categories matching none of grade, subject, series)
	 * must match as text; `rest` plans the other words, which every level must
	 * match, in their tier order; without other words a level is its categories by
	 * popularity. Cursor: level, tier, popularity, id.
	 */
	async byIntent(levels: readonly IntentLevel[], rest: SearchPlan | null, after: CursorKey[] | null, limit: number): Promise<HitRow[]> {
		const index = this.indexForFetch();
		if (index) return intentHits(index, levels, this.terms, rest?.terms ?? null, after, limit);
		const startLevel = after ? Number(after[0]) : Infinity;
		const out: HitRow[] = [];
		let leads: Leads | undefined;
		let outsideLeads: Leads | undefined;
		for (const level of levels) {
			if (level.score > startLevel || out.length >= limit) continue;
			const within = after && level.score === startLevel ? after.slice(1) : null;
			const ids = sql`${`{${level.categoryIds.join(',')}}`}::uuid[]`;
			const need = limit - out.length;
			let rows: HitRow[];
			const words = level.score === 0 ? this : rest;
			if (words && level.score > 0) {
				// Matched and tiered on the other words, with a half step up when the whole
				// query stands side by side in the title: "giáo án toán" puts "Giáo án Toán …"
				// before "Combo giáo án … Toán".
				leads ??= await words.leads(this.q);
				rows = await words.gatedTiers({ ids, listed: true }, within, need, leads, this.q);
			} else if (words) {
				// Everything outside the levels above, matched on the whole query.
				outsideLeads ??= await words.leads(null);
				rows = await words.gatedTiers({ ids, listed: false }, within, need, outsideLeads, null);
			} else {
				// Only the category decides: walk the popularity index while the level is dense.
				const scan = this.scan(sql`p.category_id = ANY(${ids})`, listOrders.popular, within ? within.slice(1) : null, need);
				rows = (await orderedScan<HitRow>(scan)).map((r) => ({ ...r, k_tier: 0 }));
			}
			out.push(...rows.map((r) => ({ ...r, k_level: level.score })));
		}
		return out;
	}

	/**
	 * Which conditions may lead (see Leads): the words when they are rare,
	 * title word pairs when those are (a pair still typed as a prefix is looked
	 * up by GIN over the few pairs it starts, so it leads as well).
	 */
	private async leads(whole: TsQueries | null): Promise<Leads> {
		if (this.rare) return EVERY_INDEX;
		const rarePairs = async (pairs: string | null) => {
			if (!pairs) return false;
			const ceiling = await pairCeiling(pairs, this.version);
			return ceiling <= RARE_MATCHES || ceiling === Infinity;
		};
		return { words: false, pairs: await rarePairs(this.q.titlePairs), whole: await rarePairs(whole?.titlePairs ?? null) };
	}

	/** The tiers of gatedTiers (with `whole`, each split in two) as spelled for `leads`. */
	private levelTiers(leads: Leads, whole: TsQueries | null): { key: number; condition: SQL; indexed: boolean }[] {
		if (!whole?.titlePairs) return exclusiveTiers(this.q, leads).map(({ tier, ...rest }) => ({ key: tier, ...rest }));
		const wholePairs = pairsQuery(whole);
		return exclusiveTiers(this.q, leads).flatMap(({ tier, condition, indexed }) => [
			{ key: tier * 2 + 1, condition: sql`${condition} AND ${matchOn('title_pairs', wholePairs, leads.whole)}`, indexed: indexed || leads.whole },
			{ key: tier * 2, condition: sql`${condition} AND NOT p.title_pairs @@ ${wholePairs}`, indexed }
		]);
	}

	/** A rare query's candidates, every one ranked by tier in one bitmap query (after the cursor). */
	private rankedTiers(match: SQL, after: CursorKey[] | null, limit: number): Promise<HitRow[]> {
		const tier = tierOf(this.q);
		const where = [
			match,
			...(after ? [sql`(${tier}, p.popularity, p.id) < (${after[0]}::integer, ${after[1]}::integer, ${after[2]}::uuid)`] : []),
			...this.filters()
		];
		return queryRows<HitRow>(sql`
			SELECT ${HIT_COLUMNS}, ${tier} AS k_tier
			FROM products p
			WHERE ${and(where)}
			ORDER BY k_tier DESC, p.popularity + 0 DESC, p.id DESC
			LIMIT ${limit}`);
	}

	/**
	 * The matches in an intent level ranked by tier, in one statement (after
	 * the cursor); a level of common words holds thousands. Each tier runs only
	 * while the tiers above it left the page short (a one-time filter on their
	 * counts), so a common word found in many titles never ranks its thousands
	 * of description matches. With `whole`, each tier splits in two: the whole
	 * query side by side in the title first.
	 *
	 * A tier some index may lead (see Leads) is a bitmap query and a top-N
	 * sort. One that none may (common words) is an ordered scan in one
	 * statement (as ../catalog/ordered-scan.ts in several):
	 * walks down the popularity index (LEVEL_WALK_ROWS, then maybe
	 * LEVEL_LONG_WALK_ROWS), each stopping once it holds a page, and only when
	 * those fall short a bitmap query led by the words' GIN index (with the
	 * level's categories, when the planner finds that narrower).
	 */
	private gatedTiers(
		/** The level's categories, or (not `listed`) every category but these. */
		level: { ids: SQL; listed: boolean },
		after: CursorKey[] | null,
		limit: number,
		leads: Leads,
		whole: TsQueries | null
	): Promise<HitRow[]> {
		const tiers = this.levelTiers(leads, whole);
		const walked = this.levelTiers(NO_INDEX, whole);
		const fallback = this.levelTiers({ ...NO_INDEX, words: true }, whole);
		const inLevel = sql`p.category_id ${level.listed ? sql`= ANY` : sql`<> ALL`}(${level.ids})`;
		const startKey = after ? Number(after[0]) : Infinity;
		const ctes: SQL[] = [];
		const names: string[] = [];
		tiers.forEach(({ key, condition, indexed }, i) => {
			if (key > startKey) return;
			const name = `t${key}`;
			// Runs only when the tiers above found fewer than `limit`.
			const gate = names.length > 0 ? sql`(${sql.raw(names.map((n) => `(SELECT count(*) FROM ${n})`).join(' + '))}) < ${limit}` : sql`true`;
			const scan = (where: SQL[]): OrderedScan => ({
				select: sql`${HIT_COLUMNS}, p.id AS k_id, ${sql.raw(String(key))} AS k_tier`,
				where: [gate, ...where, inLevel, ...this.filters()],
				order: listOrders.popular,
				after: after && key === startKey ? after.slice(1) : null,
				limit
			});
			if (indexed) {
				ctes.push(sql`${sql.raw(name)} AS MATERIALIZED (${sortedQuery(scan([condition]))})`);
			} else {
				const [first, long] = [`${name}a`, `${name}b`];
				const found = (cte: string) => sql.raw(`(SELECT count(*) FROM ${cte})`);
				const predicted = sql`${found(first)} * ${sql.raw(String(LEVEL_LONG_WALK_ROWS / LEVEL_WALK_ROWS))} >= 2 * ${limit}`;
				const short = [sql`${found(first)} < ${limit}`, sql`${found(long)} < ${limit}`];
				ctes.push(
					sql`${sql.raw(first)} AS MATERIALIZED (${probeQuery(scan([walked[i]!.condition]), LEVEL_WALK_ROWS)})`,
					sql`${sql.raw(long)} AS MATERIALIZED (${probeQuery(scan([short[0]!, predicted, walked[i]!.condition]), LEVEL_LONG_WALK_ROWS)})`,
					sql`${sql.raw(name)} AS MATERIALIZED (
						SELECT * FROM ${sql.raw(first)} WHERE ${found(first)} >= ${limit}
						UNION ALL SELECT * FROM ${sql.raw(long)} WHERE ${found(long)} >= ${limit}
						UNION ALL (${sortedQuery(scan([...short, fallback[i]!.condition]))}))`
				);
			}
			names.push(name);
		});
		if (names.length === 0) return Promise.resolve([]);
		return queryRows<HitRow>(sql`
			WITH ${sql.join(ctes, sql`, `)}
			SELECT id, k_created, k_popularity, rating_avg, rating_count, k_tier
			FROM (${sql.raw(names.map((n) => `SELECT * FROM ${n}`).join(' UNION ALL '))}) hits
			ORDER BY k_tier DESC, k_popularity DESC, k_id DESC
			LIMIT ${limit}`);
	}

	bySort(sort: ListSort, after: CursorKey[] | null, limit: number): Promise<HitRow[]> {
		recordSearchFetch('database');
		const scan = this.scan(sql`p.search_vector @@ ${tsq(this.q.all)}`, listOrders[sort], after, limit);
		return this.rare ? sortedScan<HitRow>(scan) : orderedScan<HitRow>(scan, this.ceiling);
	}
}

/** The summary rows of the page's hits, in the page's order, always read fresh. */
async function materialise(hits: HitRow[], now: Date): Promise<SummaryRow[]> {
	if (hits.length === 0) return [];
	const rows = await summariesOf(hits.map((h) => h.id), now);
	const byId = new Map(rows.map((r) => [r.id, r]));
	return hits.flatMap((h) => {
		const row = byId.get(h.id);
		return row ? [row] : [];
	});
}

function keysOf(order: Order, matcher: Matcher): (r: HitRow) => CursorKey[] {
	if (matcher === 'intent' || matcher === 'intent-fuzzy') return (r) => [r.k_level!, r.k_tier!, Number(r.k_popularity), r.id];
	if (order === 'relevance') return (r) => [r.k_tier!, Number(r.k_popularity), r.id];
	if (order === 'newest') return (r) => [r.k_created!, r.id];
	if (order === 'popular') return (r) => [Number(r.k_popularity), r.id];
	return (r) => [Number(r.rating_avg), Number(r.rating_count), r.id];
}

async function plan(input: SearchInput, positions: Position[], version: string | null): Promise<SearchPlan> {
	const resolved = await resolvePositions(positions, version);
	const terms: IndexTerms = { lexemes: resolved.lexemes, lastIsPrefix: resolved.lastIsPrefix };
	return new SearchPlan(input, tsQueries(resolved.groups, resolved.lastIsPrefix, resolved.lexemes), resolved.ceiling, version, terms);
}

const exactPositions = (w: QueryWords): Position[] =>
	w.words.map((word, i) => ({ terms: [word], folded: [w.folded[i]!], prefix: w.lastIsPrefix && i === w.words.length - 1 }));


export async function searchProducts(input: SearchInput, noteReuse?: NoteReuse): Promise<SearchResult> {
	const words = queryWords(input.q);
	// Only punctuation: nothing to look for, and no page after this one.
	if (!words) return { items: [], nextCursor: null, hasMore: false };

	const order: Order = input.sort ?? 'relevance';
	const filters = fingerprint({
		list: 'search',
		q: words.key,
		type: input.type,
		categoryId: input.categoryId,
		minPrice: input.minPrice,
		maxPrice: input.maxPrice,
		sort: order
	});

	// Recognised grade, subject and series rank relevance; an explicit sort keeps plain matching.
	const intent = order === 'relevance' ? readIntent(words.words, words.folded) : null;
	let matcher: Matcher = intent && intent.facets.length > 0 ? 'intent' : 'fts';
	let after: CursorKey[] | null = null;
	if (input.cursor) {
		const fuzzy = matcher === 'intent' ? 'intent-fuzzy' : 'fuzzy';
		const allowed: Record<string, readonly KeyKind[]> = {
			[`${matcher}:${order}`]: MODES[`${matcher}:${order}`]!,
			[`${fuzzy}:${order}`]: MODES[`${fuzzy}:${order}`]!,
			// A query whose intent matched nothing at all fell back to plain correction.
			[`fuzzy:${order}`]: MODES[`fuzzy:${order}`]!
		};
		const decoded = decodeCursor(input.cursor, filters, allowed);
		matcher = decoded.mode.split(':')[0] as Matcher;
		after = decoded.keys;
	}

	// Checked after the cursor, so a bad cursor is refused even when its page is cached.
	const cacheKey = `${filters}\n${input.cursor ?? ''}\n${input.pageSize}`;
	const catalog = await catalogVersion();
	const version = catalog?.key ?? null;
	const cached = cachedHits<ChosenHits>(cacheKey, version);
	let found = cached?.value;
	let hitsExpireAt = cached?.expiresAt ?? Number.POSITIVE_INFINITY;
	if (!found) {
		found = await chooseHits(input, words, intent, order, matcher, after, version);
		hitsExpireAt = rememberHits(cacheKey, version, found);
	}

	const page = toPage(found.hits, input.pageSize, `${found.matcher}:${order}`, filters, keysOf(order, found.matcher));
	const now = clockNow();
	const epoch = flashEpoch();
	const rows = await materialise(page.rows, now);
	// The whole answer may be replayed (../http/response-cache.ts, which still spends the rate limit)
	// while the version holds, the hits stand (their expiry bounds popularity drift) and no price on the page moves.
	const inMemory = catalog?.memory ?? null;
	if (noteReuse && inMemory !== null) noteReuse(reuseOfPrices(inMemory, hitsExpireAt, rows, now.getTime(), epoch));
	return { items: rows.map(mapSummary), nextCursor: page.nextCursor, hasMore: page.hasMore };
}

interface ChosenHits {
	matcher: Matcher;
	/** Up to pageSize + 1 rows: the page and whether another follows. */
	hits: HitRow[];
}

/** The expensive part: plan from the vocabulary, fetch, and correct typos when nothing matched. */
async function chooseHits(
	input: SearchInput,
	words: QueryWords,
	intent: Intent | null,
	order: Order,
	matcher: Matcher,
	after: CursorKey[] | null,
	version: string | null
): Promise<ChosenHits> {
	const limit = input.pageSize + 1;
	const fetch = (p: SearchPlan) => (order === 'relevance' ? p.byRelevance(after, limit) : p.bySort(order, after, limit));

	if ((matcher === 'intent' || matcher === 'intent-fuzzy') && intent) {
		// The words left after grade, subject and series must match in every level;
		// other categories (level 0) show only products whose text says it all.
		const levels = await intentLevels(intent.facets, version);
		const hasRest = intent.rest.length > 0;
		const byIntent = async (all: Position[]) => {
			const restPositions = intent.rest.map((i) => all[i]!);
			const rest = hasRest ? await plan(input, restPositions, version) : null;
			return (await plan(input, all, version)).byIntent(levels, rest, after, limit);
		};
		if (matcher === 'intent') {
			const hits = await byIntent(exactPositions(words));
			if (hits.length > 0 || input.cursor) return { matcher, hits };
		}
		if (hasRest) {
			// Typos in the other words ("lop1" is no typo): correct those, keep ranking by grade, subject and series.
			const restWords: QueryWords = {
				words: intent.rest.map((i) => words.words[i]!),
				folded: intent.rest.map((i) => words.folded[i]!),
				lastIsPrefix: words.lastIsPrefix && intent.rest.at(-1) === words.words.length - 1,
				key: ''
			};
			const corrected = await correctQuery(restWords, version);
			if (!corrected) return { matcher: 'intent-fuzzy', hits: [] };
			const fixed = correctedPositions(restWords, corrected);
			const all = exactPositions(words);
			intent.rest.forEach((i, k) => (all[i] = fixed[k]!));
			return { matcher: 'intent-fuzzy', hits: await byIntent(all) };
		}
	}

	if (matcher === 'fts') {
		const hits = await fetch(await plan(input, exactPositions(words), version));
		if (hits.length > 0 || input.cursor) return { matcher, hits };
	}
	const corrected = await correctQuery(words, version);
	if (!corrected) return { matcher: 'fuzzy', hits: [] };
	return { matcher: 'fuzzy', hits: await fetch(await plan(input, correctedPositions(words, corrected), version)) };
}

function correctedPositions(words: QueryWords, corrected: Corrected): Position[] {
	return corrected.groups.map((terms, i) => ({
		terms,
		// Corrections are vocabulary words already; kept words fold like the vocabulary.
		folded: terms.length === 1 && terms[0] === words.words[i] ? [words.folded[i]!] : terms,
		prefix: corrected.lastIsPrefix && i === corrected.groups.length - 1
	}));
}
