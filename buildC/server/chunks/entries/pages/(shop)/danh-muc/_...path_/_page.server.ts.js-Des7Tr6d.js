import { N as redirect, C as error } from '../../../../../chunks/utils.js-YOZGUGf-.js';
import { p as parseFilters } from '../../../../../chunks/listing-filters.js-BC-SGA3w.js';
import { p as paths } from '../../../../../chunks/paths.js-xLTGA48h.js';
import { c as classifyError } from '../../../../../chunks/classify.js-IAiHLL2t.js';
import { s as serverCaller } from '../../../../../chunks/server-caller.js-RtkrBhaZ.js';
import { t as throwPageError } from '../../../../../chunks/page-error.js-Dr-caU-8.js';

const PAGE_SIZE = 12;
const load = async (event) => {
  const { params, url } = event;
  const path = params.path.replace(/\/+$/, "");
  const filters = parseFilters(url.searchParams);
  const cursor = url.searchParams.get("cursor") || void 0;
  const api = serverCaller(event);
  let listing, tree;
  try {
    [listing, tree] = await Promise.all([
      api.catalog.listing({
        path,
        type: filters.type,
        minPriceVnd: filters.minPrice,
        maxPriceVnd: filters.maxPrice,
        onSale: filters.onSale,
        sort: filters.sort ?? "newest",
        cursor,
        pageSize: PAGE_SIZE
      }),
      api.catalog.tree()
    ]);
  } catch (e) {
    const c = classifyError(e);
    if (c.code === "validation_error") {
      if (cursor) {
        url.searchParams.delete("cursor");
        redirect(303, url.pathname + url.search);
      }
      error(404, { message: "Không tìm thấy danh mục này. Có thể đường dẫn đã thay đổi.", code: "not_found" });
    }
    throwPageError(e);
  }
  const here = listing.category.id;
  const children = tree.filter((c) => c.isActive && (here === "root" ? c.depth === 0 : c.parentId === here)).map((c) => ({ id: c.id, name: c.name, path: c.fullPath }));
  return {
    path,
    filters,
    fromCursor: cursor !== void 0,
    category: listing.category,
    breadcrumbs: [
      { name: "Trang chủ", href: paths.home },
      { name: "Tất cả học liệu", href: paths.category("") },
      ...listing.breadcrumbs.map((b) => ({ name: b.name, href: paths.category(b.path) }))
    ],
    children,
    items: listing.items,
    nextCursor: listing.nextCursor,
    hasMore: listing.hasMore
  };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-Des7Tr6d.js.map
