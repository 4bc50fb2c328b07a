/**
 * The in-memory search index's life in one process (ADR 018): built from the
 * database in the background, used only while it is exact.
 *
 * An index is used for the catalog version it was built under (the version
 * the hit cache keys on, ./hit-cache.ts: moved by every change a search can
 * see, known in memory from the catalog's LISTEN/NOTIFY) and, like remembered
 * hits, for at most SEARCH_CACHE_SECONDS, the bound on what the version leaves
 * out on purpose (popularity, which orders the lists). A search that finds no
 * usable index starts a build and is answered by PostgreSQL meanwhile; so is
 * every search when SEARCH_INDEX is off.
 *
 * A build reads every published, visible product's search documents in one
 * read-only REPEATABLE READ transaction (one snapshot, so a product whose
 * popularity moves mid-build is read exactly once), in keyset batches by
 * popularity so the lists come out sorted and only a batch of rows is held at
 * a time; it yields between batches so searches keep being answered. At
 * 100 000 products it takes a few seconds of one core, so a catalog that
 * changes all the time does not rebuild all the time: a build starts at most
 * once per ten build durations (at most a tenth of a core), and between
 * builds PostgreSQL answers.
 *
 * A stale index is dropped as soon as the version moves (the next one may
 * need its memory); one only past its time keeps answering until its
 * replacement is ready.
 */
import { sql } from 'drizzle-orm';
import { db } from '../db/client';
import { queryRows } from '../db/rows';
import { config } from '../config';
import { log, outsideRequestContext } from '../platform/logger';
import { nowMs } from '../platform/clock';
import { outsideHiddenCategories } from '../catalog/product-query';
import { PostingListsBuilder, type PostingLists, type SearchDocumentRow } from './posting-lists';

const BATCH_ROWS = 1_000;
/** Builds start at most once per this many build durations. */
const BUILD_SPACING = 10;

interface Built {
	version: string;
	builtAt: number;
	lists: PostingLists;
}

let current: Built | null = null;
let building: Promise<Built | null> | null = null;
let nextBuildAt = 0;
/** Test hooks only: the differential test compares answers with the index off and on (see testing router). */
let disabledForTests = false;

function enabled(): boolean {
	return config().searchIndex && config().searchCache.ttlMs > 0 && !disabledForTests;
}

/**
 * The index to choose hits from under catalog `version`, or null (PostgreSQL
 * chooses): starts a build when there is none usable and none under way.
 */
export function searchIndexFor(version: string | null): PostingLists | null {
	if (version === null || !enabled()) return null;
	const fresh = current !== null && nowMs() - current.builtAt < config().searchCache.ttlMs;
	if (current && current.version === version && fresh) return current.lists;
	if (current && current.version !== version) current = null;
	if (!building && performance.now() >= nextBuildAt) void buildFor(version);
	return current && current.version === version ? current.lists : null;
}

/** Builds the index now (waiting for one under way first) and returns it; null when SEARCH_INDEX is off. */
export async function rebuildSearchIndex(version: string): Promise<PostingLists | null> {
	if (!enabled()) return null;
	if (building) await building;
	return (await buildFor(version))?.lists ?? null;
}

export function disableSearchIndexForTests(disabled: boolean): void {
	disabledForTests = disabled;
	if (disabled) current = null;
}

function buildFor(version: string): Promise<Built | null> {
	// Work of its own: its log lines name no request, though a search started it.
	const done = outsideRequestContext(async () => {
		const started = performance.now();
		try {
			const lists = await readIndex();
			const ms = performance.now() - started;
			log.info('search index built', { products: lists.size, lexemes: lists.lexemes, ...lists.footprint, ms: Math.round(ms) });
			// Built under an older version than the one now current: the next search drops it and builds again.
			current = { version, builtAt: nowMs(), lists };
			return current;
		} catch (error) {
			log.warn('search index build failed; PostgreSQL chooses search hits meanwhile', { error: String(error) });
			return null;
		} finally {
			nextBuildAt = performance.now() + BUILD_SPACING * (performance.now() - started);
			building = null;
		}
	});
	building = done;
	return done;
}

/** Rows handled between two turns of the event loop (about a millisecond of work). */
const ROWS_PER_TURN = 100;

async function readIndex(): Promise<PostingLists> {
	return db().transaction(
		async (tx) => {
			const [counted] = await queryRows<{ products: number }>(
				sql`SELECT count(*)::integer AS products FROM products p WHERE p.is_published AND ${outsideHiddenCategories}`,
				tx
			);
			const builder = new PostingListsBuilder(counted!.products);
			const batch = (after: SearchDocumentRow | null) =>
				queryRows<SearchDocumentRow>(
					sql`
						SELECT p.id::text AS id, p.popularity, p.category_id::text AS category_id,
							coalesce((SELECT string_agg(CASE WHEN 'A' = ANY(t.weights) THEN '2' WHEN 'B' = ANY(t.weights) THEN '1' ELSE '0' END || t.lexeme, ' ')
								FROM unnest(p.search_vector) t), '') AS words,
							array_to_string(tsvector_to_array(p.title_pairs), ' ') AS pairs
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
					builder.add(rows[i]!);
					// Searches and everything else keep their turns while a build runs.
					if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
				}
				rows = await next;
			}
			return builder.finish();
		},
		{ isolationLevel: 'repeatable read', accessMode: 'read only' }
	);
}
