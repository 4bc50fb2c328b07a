import type { PageServerLoad } from './$types';
import type { CategoryTreeItem } from '$lib/contracts/catalog';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

interface GradeGroup {
	level: string;
	grades: { id: string; name: string; path: string; subjects: { id: string; name: string; path: string }[] }[];
}

const LEVELS = [
	{ name: 'Tiểu học', grades: [1, 2, 3, 4, 5] },
	{ name: 'Trung học cơ sở', grades: [6, 7, 8, 9] },
	{ name: 'Trung học phổ thông', grades: [10, 11, 12] }
];

/** Grades (top-level categories) with their subjects, grouped by school level; other top-level categories go last. */
function groupByLevel(tree: CategoryTreeItem[]): GradeGroup[] {
	const active = tree.filter((c) => c.isActive);
	const grades = active
		.filter((c) => c.depth === 0)
		.map((g) => ({
			id: g.id,
			name: g.name,
			path: g.fullPath,
			subjects: active.filter((s) => s.parentId === g.id).map((s) => ({ id: s.id, name: s.name, path: s.fullPath }))
		}));
	const gradeNumber = (path: string) => Number(/^lop-(\d+)$/.exec(path)?.[1] ?? NaN);
	const groups: GradeGroup[] = LEVELS.map((l) => ({
		level: l.name,
		grades: grades.filter((g) => l.grades.includes(gradeNumber(g.path)))
	}));
	const others = grades.filter((g) => Number.isNaN(gradeNumber(g.path)));
	if (others.length) groups.push({ level: 'Khác', grades: others });
	return groups.filter((g) => g.grades.length > 0);
}

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	try {
		const [tree, featured, onSale, flashSales] = await Promise.all([
			api.catalog.tree(),
			api.catalog.listing({ path: '', sort: 'popular', pageSize: 10 }),
			api.catalog.listing({ path: '', onSale: true, sort: 'popular', pageSize: 10 }),
			api.storefront.flashSales({ limit: 8 })
		]);
		return {
			levels: groupByLevel(tree),
			featured: featured.items,
			onSale: onSale.items,
			flashSales
		};
	} catch (e) {
		throwPageError(e);
	}
};
