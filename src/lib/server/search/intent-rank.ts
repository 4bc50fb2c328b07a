/**
 * Ranking by what the query recognisably asks for (./intent.ts): products
 * come in levels by how well their category matches the recognised grade,
 * series and subject, best level first (filter, then fill).
 *
 * A category matches by its path segments, which the catalog keeps as
 * lop-N / subject / series: the grade is the first segment, the subject the
 * second, the series the third. A level's score adds 4 for the grade, 2 for
 * the series and 1 for the subject: a teacher who names a grade wants that
 * grade first, and one who names a series teaches from that book, so another
 * series' lesson of the same subject (different order, different exercises)
 * serves them less than that book's other lessons of the grade. Level 0 is
 * everything else that matches the words.
 *
 * The category list is read once per catalog version (a few hundred rows)
 * and the levels are computed here, so a search adds no query per result:
 * each level is one indexed query on `category_id = ANY(…)`, and most pages
 * fill from the first level or two.
 */
import { sql } from 'drizzle-orm';
import { queryPreparedRows } from '../db/rows';
import type { Facet } from './intent';

export interface IntentLevel {
	score: number;
	/** Ids of the categories at this score (for level 0: every category at a higher score, to exclude). */
	categoryIds: string[];
}

const WEIGHT = { grade: 4, series: 2, subject: 1 } as const;
const SEGMENT = { grade: 0, subject: 1, series: 2 } as const;

interface CategoryPath {
	id: string;
	path: string;
}

/**
 * The categories of one catalog version, and the levels computed from them
 * per set of facets: a query names one of a few hundred grade, subject and
 * series combinations, and scoring every category for each search was 2 % of
 * a cold search's CPU.
 */
interface Categories {
	version: string;
	rows: CategoryPath[];
	levels: Map<string, IntentLevel[]>;
}

/** Distinct facet sets kept per version; past it the memo starts again (a bound, not a cache policy). */
const MAX_LEVEL_SETS = 1_000;

let cached: Categories | null = null;

function readCategories(): Promise<CategoryPath[]> {
	return queryPreparedRows<CategoryPath>(sql`SELECT id::text AS id, path FROM categories`);
}

/** How well a category path matches the facets. */
export function categoryScore(path: string, facets: readonly Facet[]): number {
	const segments = path.split('/');
	return facets.reduce((score, f) => (segments[SEGMENT[f.kind]] === f.slug ? score + WEIGHT[f.kind] : score), 0);
}

/** Levels with at least one category, best first; the last one (score 0) lists the categories to leave out. */
export async function intentLevels(facets: readonly Facet[], version: string | null): Promise<readonly IntentLevel[]> {
	// Without a version (caching off) nothing is kept.
	if (version === null) return levelsOf(await readCategories(), facets);
	if (cached?.version !== version) cached = { version, rows: await readCategories(), levels: new Map() };
	const key = facets.map((f) => `${f.kind}:${f.slug}`).join('/');
	let levels = cached.levels.get(key);
	if (!levels) {
		if (cached.levels.size >= MAX_LEVEL_SETS) cached.levels.clear();
		levels = levelsOf(cached.rows, facets);
		cached.levels.set(key, levels);
	}
	return levels;
}

function levelsOf(categories: readonly CategoryPath[], facets: readonly Facet[]): IntentLevel[] {
	const byScore = new Map<number, string[]>();
	for (const c of categories) {
		const score = categoryScore(c.path, facets);
		if (score === 0) continue;
		const list = byScore.get(score) ?? [];
		list.push(c.id);
		byScore.set(score, list);
	}
	const levels = [...byScore.entries()].sort((a, b) => b[0] - a[0]).map(([score, categoryIds]) => ({ score, categoryIds }));
	return [...levels, { score: 0, categoryIds: levels.flatMap((l) => l.categoryIds) }];
}
