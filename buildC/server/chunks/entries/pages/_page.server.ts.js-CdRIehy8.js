import { s as serverCaller } from '../../chunks/server-caller.js-RtkrBhaZ.js';
import { t as throwPageError } from '../../chunks/page-error.js-Dr-caU-8.js';

const LEVELS = [
  { name: "Tiểu học", grades: [1, 2, 3, 4, 5] },
  { name: "Trung học cơ sở", grades: [6, 7, 8, 9] },
  { name: "Trung học phổ thông", grades: [10, 11, 12] }
];
function groupByLevel(tree) {
  const active = tree.filter((c) => c.isActive);
  const grades = active.filter((c) => c.depth === 0).map((g) => ({
    id: g.id,
    name: g.name,
    path: g.fullPath,
    subjects: active.filter((s) => s.parentId === g.id).map((s) => ({ id: s.id, name: s.name, path: s.fullPath }))
  }));
  const gradeNumber = (path) => Number(/^lop-(\d+)$/.exec(path)?.[1] ?? NaN);
  const groups = LEVELS.map((l) => ({
    level: l.name,
    grades: grades.filter((g) => l.grades.includes(gradeNumber(g.path)))
  }));
  const others = grades.filter((g) => Number.isNaN(gradeNumber(g.path)));
  if (others.length) groups.push({ level: "Khác", grades: others });
  return groups.filter((g) => g.grades.length > 0);
}
const load = async (event) => {
  const api = serverCaller(event);
  try {
    const [tree, featured, onSale, flashSales] = await Promise.all([
      api.catalog.tree(),
      api.catalog.listing({ path: "", sort: "popular", pageSize: 10 }),
      api.catalog.listing({ path: "", onSale: true, sort: "popular", pageSize: 10 }),
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

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-CdRIehy8.js.map
