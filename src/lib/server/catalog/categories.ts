/**
 * The category tree (GET /api/v1/catalog/categories) and category lookups by path. A category is
 * visible only when it and every ancestor are active; hidden categories
 * answer 404 and their products stay out of listings and search.
 */
import { asc, sql } from 'drizzle-orm';
import type { Breadcrumb, CategoryDetail, CategoryTreeItem } from '../../contracts/catalog';
import { db, type DbOrTx } from '../db/client';
import { fixedQuery } from '../db/rows';
import { categories } from '../db/schema';
import { beginCatalogRead, catalogCache, type NoteReuse } from './memory-cache';
import { pathPrefixes } from './paths';

export interface CategoryRow {
	id: string;
	parentId: string | null;
	name: string;
	slug: string;
	path: string;
	depth: number;
	sortOrder: number;
	isActive: boolean;
}

const columns = {
	id: categories.id,
	parentId: categories.parentId,
	name: categories.name,
	slug: categories.slug,
	path: categories.path,
	depth: categories.depth,
	sortOrder: categories.sortOrder,
	isActive: categories.isActive
};

/** The root listing (empty path) describes the whole catalog. */
export const ROOT_CATEGORY: CategoryDetail = {
	id: 'root',
	name: 'Tất cả học liệu',
	slug: '',
	path: '',
	parent: null
};

const collator = new Intl.Collator('vi');

/** Depth-first, siblings by sort order then Vietnamese name: the order menus show. */
export function orderForDisplay(rows: CategoryRow[]): CategoryRow[] {
	const children = new Map<string | null, CategoryRow[]>();
	const ids = new Set(rows.map((r) => r.id));
	for (const row of rows) {
		// An orphan (parent missing) is shown at the top level rather than lost.
		const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
		const list = children.get(parent) ?? [];
		list.push(row);
		children.set(parent, list);
	}
	for (const list of children.values()) {
		list.sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.name, b.name) || a.path.localeCompare(b.path));
	}
	const out: CategoryRow[] = [];
	const visit = (parent: string | null) => {
		for (const row of children.get(parent) ?? []) {
			out.push(row);
			visit(row.id);
		}
	};
	visit(null);
	return out;
}

/** The tree; without a transaction, from memory while the catalog version holds (./memory-cache.ts). */
export async function categoryTree(tx?: DbOrTx, noteReuse?: NoteReuse): Promise<CategoryTreeItem[]> {
	if (tx) return readTree(tx);
	const version = await beginCatalogRead();
	if (version !== null) {
		const hit = catalogCache().lookup<CategoryTreeItem[]>('tree');
		if (hit) {
			noteReuse?.(hit.reuse);
			return hit.value;
		}
	}
	const tree = await readTree(db());
	// Nothing in it depends on the time.
	if (version !== null) {
		catalogCache().set('tree', version, tree, Number.NEGATIVE_INFINITY);
		noteReuse?.({ version, validUntil: Number.POSITIVE_INFINITY });
	}
	return tree;
}

async function readTree(tx: DbOrTx): Promise<CategoryTreeItem[]> {
	const rows = await tx.select(columns).from(categories).orderBy(asc(categories.path));
	return orderForDisplay(rows).map((r) => ({
		id: r.id,
		name: r.name,
		slug: r.slug,
		parentId: r.parentId,
		fullPath: r.path,
		depth: r.depth,
		isActive: r.isActive
	}));
}

export interface Subtree {
	/** The category and its ancestors, root first. */
	chain: CategoryRow[];
	/** Ids of the category and every visible descendant. */
	visibleIds: string[];
}

/**
 * Every category listing reads this first: its text built once (../db/rows.ts fixedQuery) and
 * the same for every depth, where drizzle's `inArray` of the path's prefixes made a new text per
 * depth and was built on every request (docs/performance.md).
 */
const subtreeRows = fixedQuery<CategoryRow>(
	() => sql`SELECT id, parent_id AS "parentId", name, slug, path, depth, sort_order AS "sortOrder", is_active AS "isActive"
		FROM categories WHERE path = ANY(${sql.placeholder('prefixes')}::text[]) OR path LIKE ${sql.placeholder('below')}`
);

/**
 * The category at `path` with its ancestors and its visible descendants; null
 * when the category or an ancestor is missing or inactive. Descendants under
 * an inactive category are left out with it.
 */
export async function visibleSubtree(path: string): Promise<Subtree | null> {
	const prefixes = pathPrefixes(path);
	const rows = await subtreeRows({ prefixes, below: `${path}/%` });
	const byPath = new Map(rows.map((r) => [r.path, r]));
	const chain = prefixes.map((p) => byPath.get(p));
	if (chain.some((r) => !r || !r.isActive)) return null;
	const hidden = rows.filter((r) => !r.isActive).map((r) => `${r.path}/`);
	const visibleIds = rows
		.filter((r) => (r.path === path || r.path.startsWith(`${path}/`)) && r.isActive && !hidden.some((h) => r.path.startsWith(h)))
		.map((r) => r.id);
	return { chain: chain as CategoryRow[], visibleIds };
}

export function categoryDetail(chain: CategoryRow[]): CategoryDetail {
	const self = chain.at(-1)!;
	const parent = chain.at(-2);
	return {
		id: self.id,
		name: self.name,
		slug: self.slug,
		path: self.path,
		parent: parent ? { id: parent.id, name: parent.name } : null
	};
}

export function breadcrumbs(chain: CategoryRow[]): Breadcrumb[] {
	return chain.map((r) => ({ id: r.id, name: r.name, path: r.path }));
}
