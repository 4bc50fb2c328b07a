/**
 * The in-memory search index's life in one process (ADR 018): built from the
 * database in the background, used only while it is exact.
 *
 * An index is used for the catalog version it was built under (the version
 * the hit cache keys on, ./hit-cache.ts: moved by every change a search can
 * see, known in memory from the catalog's LISTEN/NOTIFY). The version leaves
 * out popularity on purpose (drizzle/0027), which orders the lists, so every
 * SEARCH_CACHE_SECONDS (the bound remembered hits keep too) one query
 * checksums (id, popularity) over the catalog, about 0.1 s of PostgreSQL at
 * 100 000 products: the index is rebuilt only when that moved, and answers
 * meanwhile. The server starts a build once the database is ready; a search
 * that finds no index for its version starts one and is answered by
 * PostgreSQL; so is every search when SEARCH_INDEX is off.
 *
 * A build reads every published, visible product's search documents in one
 * read-only REPEATABLE READ transaction (one snapshot: counted, checksummed
 * and read alike, and a product whose popularity moves mid-build is read exactly
 * once), in keyset batches by popularity so the lists come out sorted and
 * only two batches of rows are held at a time; it yields every hundred rows
 * so searches keep being answered, and PostgreSQL reads the next batch while
 * Node adds the last. The documents are read as PostgreSQL prints its
 * tsvectors and parsed here (posting-lists.ts, SearchVectorRow): building the
 * `words` text in SQL took PostgreSQL 6 s for 100 000 products, printing them
 * under 1 s (docs/decisions/024-compact-search-index.md). Builds still take
 * seconds, so a catalog that changes all the time does not rebuild all the
 * time: a build starts at most once per ten build durations, and between
 * builds PostgreSQL answers.
 *
 * An index is dropped as soon as the version moves (the next build may need
 * its memory).
 */
import { sql } from 'drizzle-orm';
import { db, type DbOrTx } from '../db/client';
import { queryRows } from '../db/rows';
import { config } from '../config';
import { log, outsideRequestContext } from '../platform/logger';
import { nowMs } from '../platform/clock';
import { catalogVersionSettled } from '../catalog/memory-cache';
import { outsideHiddenCategories } from '../catalog/product-query';
import { catalogVersion } from './hit-cache';
import { PostingListsBuilder, type PostingLists, type SearchVectorRow } from './posting-lists';

/**
 * Rows a batch reads: two batches are about 7 MB of text at 1 000 000 products. Batches of 1 000
 * left the build waiting on PostgreSQL between them (docs/performance.md, "The index build's
 * appends in runs").
 */
const BATCH_ROWS = 4_000;
/** Builds start at most once per this many build durations. */
const BUILD_SPACING = 10;

interface Built {
	version: string;
	/** The checksum of the popularity the lists are ordered by (see popularityOf). */
	popularity: string;
	/** When the checksum was last found unchanged (service clock, ms). */
	checkedAt: number;
	lists: PostingLists;
}

let current: Built | null = null;
/** A build or a popularity check under way: at most one at a time. */
let busy: Promise<unknown> | null = null;
let nextBuildAt = 0;
/** Test hooks only: the differential test compares answers with the index off and on (see testing router). */
let disabledForTests = false;

function enabled(): boolean {
	return config().searchIndex && config().searchCache.ttlMs > 0 && !disabledForTests;
}

/** Background work: one at a time, its log lines naming no request though a search started it. */
function inBackground<T>(work: () => Promise<T>): Promise<T> {
	const done = outsideRequestContext(work).finally(() => {
		busy = null;
	});
	busy = done;
	return done;
}

/**
 * The index to choose hits from under catalog `version`, or null (PostgreSQL
 * chooses): starts a build when there is none for this version, and the
 * popularity check when it is due.
 */
export function searchIndexFor(version: string | null): PostingLists | null {
	if (version === null || !enabled()) return null;
	if (current && current.version !== version) current = null;
	if (busy) return current?.lists ?? null;
	if (!current) {
		if (performance.now() >= nextBuildAt) void inBackground(() => build(version));
		return null;
	}
	if (nowMs() - current.checkedAt >= config().searchCache.ttlMs) {
		const checked = current;
		void inBackground(() => checkPopularity(checked));
	}
	return current.lists;
}

/**
 * Starts the build for the catalog's current version when the server starts, so the first searches
 * after a start or deploy find the index rather than share the CPU with building it (about 7 s at
 * 100 000 products, each worker its own). It waits for the catalog listener: connecting moves the
 * version searches read under, and an index built under the version before would be dropped by the
 * first search (catalogVersionSettled).
 */
export async function buildSearchIndexAtStart(): Promise<void> {
	if (!enabled()) return;
	await catalogVersionSettled();
	const version = await catalogVersion();
	if (version) searchIndexFor(version.key);
}

/** Builds the index now (after any work under way) and returns it; null when SEARCH_INDEX is off. */
export async function rebuildSearchIndex(version: string): Promise<PostingLists | null> {
	if (!enabled()) return null;
	while (busy) await busy;
	return (await inBackground(() => build(version)))?.lists ?? null;
}

export function disableSearchIndexForTests(disabled: boolean): void {
	disabledForTests = disabled;
	if (disabled) current = null;
}

async function checkPopularity(checked: Built): Promise<void> {
	try {
		const { popularity } = await popularityOf(db());
		if (current !== checked) return;
		if (popularity === checked.popularity) checked.checkedAt = nowMs();
		else await build(checked.version);
	} catch (error) {
		// Checked again at the next search; the index keeps answering for its version.
		log.warn('search index popularity check failed', { error: String(error) });
	}
}

async function build(version: string): Promise<Built | null> {
	const started = performance.now();
	try {
		const { lists, popularity } = await readIndex();
		const ms = performance.now() - started;
		log.info('search index built', { products: lists.size, lexemes: lists.lexemes, ...lists.footprint, ms: Math.round(ms) });
		// Built under an older version than the one now current: the next search drops it and builds again.
		current = { version, popularity, checkedAt: nowMs(), lists };
		return current;
	} catch (error) {
		log.warn('search index build failed; PostgreSQL chooses search hits meanwhile', { error: String(error) });
		return null;
	} finally {
		nextBuildAt = performance.now() + BUILD_SPACING * (performance.now() - started);
	}
}

/**
 * How many products the index holds and a checksum that moves with any
 * product's popularity (a hash of id and popularity per product, combined by
 * XOR, so the order rows are read in does not matter).
 */
async function popularityOf(tx: DbOrTx): Promise<{ products: number; popularity: string }> {
	const [row] = await queryRows<{ products: number; popularity: string }>(
		sql`SELECT count(*)::integer AS products, coalesce(bit_xor(uuid_hash_extended(p.id, p.popularity)), 0)::text AS popularity
			FROM products p WHERE p.is_published AND ${outsideHiddenCategories}`,
		tx
	);
	return row!;
}

/** Rows handled between two turns of the event loop (about a millisecond of work). */
const ROWS_PER_TURN = 100;

async function readIndex(): Promise<{ lists: PostingLists; popularity: string }> {
	return db().transaction(
		async (tx) => {
			const { products, popularity } = await popularityOf(tx);
			const builder = new PostingListsBuilder(products);
			const batch = (after: SearchVectorRow | null) =>
				queryRows<SearchVectorRow>(
					sql`
						SELECT p.id::text AS id, p.popularity, p.category_id::text AS category_id,
							coalesce(p.search_vector::text, '') AS vector, coalesce(p.title_pairs::text, '') AS pairs
						FROM products p
						WHERE p.is_published AND ${outsideHiddenCategories}
							${after ? sql`AND (p.popularity, p.id) < (${after.popularity}::integer, ${after.id}::uuid)` : sql``}
						ORDER BY p.popularity DESC, p.id DESC
						LIMIT ${BATCH_ROWS}`,
					tx
				);
			for (let rows = await batch(null); rows.length > 0; ) {
				// PostgreSQL reads the next batch while this one is added.
				const next = rows.length === BATCH_ROWS ? batch(rows.at(-1)!) : Promise.resolve([]);
				// Awaited below, where a failure ends the build; until then it must not count as unhandled.
				next.catch(() => {});
				for (let i = 0; i < rows.length; i++) {
					builder.addVectors(rows[i]!);
					// Searches and everything else keep their turns while a build runs.
					if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
				}
				rows = await next;
			}
			return { lists: builder.finish(), popularity };
		},
		{ isolationLevel: 'repeatable read', accessMode: 'read only' }
	);
}
