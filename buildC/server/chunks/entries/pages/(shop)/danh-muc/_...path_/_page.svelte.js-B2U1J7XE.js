import { a7 as head, a6 as escape_html, a4 as attr, a5 as ensure_array_like, a9 as stringify, _ as derived } from '../../../../../chunks/index.js-Oj9LwuME.js';
import { F as FilterBar, L as LoadMore, t as tick } from '../../../../../chunks/LoadMore.js-C7310kN2.js';
import { p as page } from '../../../../../chunks/index2.js-CCcmzUgx.js';
import { B as Breadcrumbs } from '../../../../../chunks/Breadcrumbs.js-C5Q3XTVT.js';
import { P as ProductGrid } from '../../../../../chunks/ProductGrid.js-Bczcies0.js';
import { h as hasFilters, f as filterQuery } from '../../../../../chunks/listing-filters.js-BC-SGA3w.js';
import { p as paths } from '../../../../../chunks/paths.js-xLTGA48h.js';
import { t as trpc } from '../../../../../chunks/client2.js-C3DODzKQ.js';
import '../../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../../chunks/root.js-BiG7g75A.js';
import '../../../../../chunks/state.svelte.js-E3lk_GL8.js';
import '../../../../../chunks/catalog.js-DINH2wV_.js';
import 'zod';
import '../../../../../chunks/format.js-CUETbGfu.js';
import '@trpc/client';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    let items = derived(() => data.items);
    let nextCursor = derived(() => data.nextCursor);
    let hasMore = derived(() => data.hasMore);
    const base = derived(() => paths.category(data.path));
    const query = derived(() => filterQuery(data.filters));
    const nextHref = derived(() => `${base()}${filterQuery(data.filters, { cursor: nextCursor() ?? void 0 })}`);
    const isRoot = derived(() => data.category.id === "root");
    const title = derived(() => isRoot() ? "Tất cả học liệu" : data.category.name);
    const fullTitle = derived(() => isRoot() ? title() : [data.category.name, data.category.parent?.name].filter(Boolean).join(" — "));
    async function loadMore() {
      if (!nextCursor()) return 0;
      const next = await trpc.catalog.listing.query({
        path: data.path,
        type: data.filters.type,
        minPriceVnd: data.filters.minPrice,
        maxPriceVnd: data.filters.maxPrice,
        onSale: data.filters.onSale,
        sort: data.filters.sort ?? "newest",
        cursor: nextCursor(),
        pageSize: 12
      });
      items().length;
      const seen = new Set(items().map((p) => p.id));
      const added = next.items.filter((p) => !seen.has(p.id));
      items([...items(), ...added]);
      nextCursor(next.nextCursor);
      hasMore(next.hasMore);
      await tick();
      return added.length;
    }
    head("1whqxye", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>${escape_html(fullTitle())} — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="description"${attr("content", isRoot() ? "Tất cả giáo án, bài giảng, video và nhạc lớp học trên hoclieu, lọc theo loại, giá và khuyến mãi." : `Giáo án, bài giảng, video và nhạc ${fullTitle()}: lọc theo loại, giá, khuyến mãi; tải về ngay sau khi mua.`)}/> <link rel="canonical"${attr("href", `${stringify(page.url.origin)}${stringify(base())}${stringify(query())}`)}/> `);
      if (data.fromCursor) {
        $$renderer3.push(`<!--[0--><meta name="robots" content="noindex, follow"/>`);
      } else {
        $$renderer3.push("<!--[-1-->");
      }
      $$renderer3.push(`<!--]-->`);
    });
    $$renderer2.push(`<main class="container page svelte-1whqxye">`);
    Breadcrumbs($$renderer2, { items: data.breadcrumbs });
    $$renderer2.push(`<!----> <h1 class="svelte-1whqxye">${escape_html(title())}</h1> `);
    if (data.children.length) {
      $$renderer2.push(`<!--[0--><nav class="children svelte-1whqxye"${attr("aria-label", isRoot() ? "Các lớp" : `Danh mục con của ${title()}`)}><ul class="svelte-1whqxye"><!--[-->`);
      const each_array = ensure_array_like(data.children);
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let child = each_array[$$index];
        $$renderer2.push(`<li><a${attr("href", `${stringify(paths.category(child.path))}${stringify(query())}`)} class="svelte-1whqxye">${escape_html(child.name)}</a></li>`);
      }
      $$renderer2.push(`<!--]--></ul></nav>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    FilterBar($$renderer2, {
      action: base(),
      filters: data.filters,
      withOnSale: true,
      clearHref: base()
    });
    $$renderer2.push(`<!----> <section class="results svelte-1whqxye" aria-labelledby="results-title"><h2 id="results-title" class="visually-hidden">Danh sách học liệu</h2> `);
    if (data.fromCursor) {
      $$renderer2.push(`<!--[0--><p class="muted">Bạn đang xem các trang tiếp theo. <a${attr("href", `${stringify(base())}${stringify(query())}`)}>Về trang đầu</a></p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (items().length) {
      $$renderer2.push("<!--[0-->");
      ProductGrid($$renderer2, {
        products: items(),
        eager: 4,
        label: `Học liệu trong ${stringify(title())}`
      });
      $$renderer2.push(`<!----> `);
      if (hasMore() && nextCursor()) {
        $$renderer2.push("<!--[0-->");
        LoadMore($$renderer2, { href: nextHref(), load: loadMore });
      } else if (items().length > 12) {
        $$renderer2.push(`<!--[1--><p class="end muted svelte-1whqxye">Bạn đã xem hết ${escape_html(items().length)} học liệu.</p>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    } else {
      $$renderer2.push(`<!--[-1--><div class="empty card svelte-1whqxye"><h3 class="svelte-1whqxye">Chưa có học liệu phù hợp</h3> `);
      if (hasFilters(data.filters)) {
        $$renderer2.push(`<!--[0--><p>Không có học liệu nào khớp với bộ lọc đang chọn. Hãy nới khoảng giá hoặc chọn loại khác.</p> <a class="btn btn-secondary"${attr("href", base())}>Xoá bộ lọc</a>`);
      } else {
        $$renderer2.push(`<!--[-1--><p>Danh mục này đang được cập nhật. Bạn có thể xem các lớp và môn khác.</p> <a class="btn btn-secondary"${attr("href", paths.category(""))}>Xem tất cả học liệu</a>`);
      }
      $$renderer2.push(`<!--]--></div>`);
    }
    $$renderer2.push(`<!--]--></section></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-B2U1J7XE.js.map
