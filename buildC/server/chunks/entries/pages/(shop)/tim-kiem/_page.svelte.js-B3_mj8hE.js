import { a7 as head, a6 as escape_html, a4 as attr, a5 as ensure_array_like, _ as derived, ab as attr_class } from '../../../../chunks/index.js-Oj9LwuME.js';
import { F as FilterBar, L as LoadMore, t as tick } from '../../../../chunks/LoadMore.js-C7310kN2.js';
import '../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/root.js-BiG7g75A.js';
import '../../../../chunks/state.svelte.js-E3lk_GL8.js';
import { P as ProductGrid, t as typeLabels } from '../../../../chunks/ProductGrid.js-Bczcies0.js';
import { b as formatVnd } from '../../../../chunks/format.js-CUETbGfu.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import { t as trpc } from '../../../../chunks/client2.js-C3DODzKQ.js';
import { d as describeError, r as retryAfterSeconds } from '../../../../chunks/errors.js-Bdn5OGQr.js';
import { h as hasFilters, f as filterQuery } from '../../../../chunks/listing-filters.js-BC-SGA3w.js';
import '../../../../chunks/catalog.js-DINH2wV_.js';
import 'zod';
import '@trpc/client';

function SearchBox($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { value, hidden = {} } = $$props;
    let q = derived(() => value);
    let suggestions = [];
    let open = false;
    let active = -1;
    let status = "";
    const listId = "search-suggestions";
    const optionId = (i) => `search-suggestion-${i}`;
    $$renderer2.push(`<form class="search-box svelte-1o0c7a1" role="search" method="GET"${attr("action", paths.search())}><!--[-->`);
    const each_array = ensure_array_like(Object.entries(hidden));
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let [name, v] = each_array[$$index];
      $$renderer2.push(`<input type="hidden"${attr("name", name)}${attr("value", v)}/>`);
    }
    $$renderer2.push(`<!--]--> <label for="search-q" class="label svelte-1o0c7a1">Từ khoá</label> <div class="row svelte-1o0c7a1"><div class="combo svelte-1o0c7a1"><input id="search-q" class="input svelte-1o0c7a1" type="search" name="q" maxlength="128" autocomplete="off" placeholder="Ví dụ: giáo án toán lớp 1" role="combobox" aria-autocomplete="list"${attr("aria-expanded", open)}${attr("aria-controls", listId)}${attr("aria-activedescendant", void 0)} aria-describedby="search-hint"${attr("value", q())}/> <ul${attr("id", listId)} class="suggestions svelte-1o0c7a1" role="listbox" aria-label="Gợi ý tìm kiếm"${attr("hidden", !open)}><!--[-->`);
    const each_array_1 = ensure_array_like(suggestions);
    for (let i = 0, $$length = each_array_1.length; i < $$length; i++) {
      let s = each_array_1[i];
      $$renderer2.push(`<li${attr("id", optionId(i))} role="option"${attr("aria-selected", i === active)}${attr_class("svelte-1o0c7a1", void 0, { "active": i === active })}><a${attr("href", paths.product(s.fullPath))} tabindex="-1" class="svelte-1o0c7a1"><span class="s-title svelte-1o0c7a1">${escape_html(s.title)}</span> <span class="s-meta svelte-1o0c7a1">${escape_html(typeLabels[s.type])} · ${escape_html(s.isOnSale && s.salePriceVnd !== null ? formatVnd(s.salePriceVnd) : BigInt(s.priceVnd) === 0n ? "Miễn phí" : formatVnd(s.priceVnd))}</span></a></li>`);
    }
    $$renderer2.push(`<!--]--></ul></div> <button class="btn svelte-1o0c7a1" type="submit">Tìm kiếm</button></div> <p id="search-hint" class="hint svelte-1o0c7a1">Gõ có dấu hoặc không dấu đều được: “giao an toan” cũng tìm ra “Giáo án Toán”.</p> <p class="visually-hidden" aria-live="polite">${escape_html(status)}</p></form>`);
  });
}
function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    let items = derived(() => data.items);
    let nextCursor = derived(() => data.nextCursor);
    let hasMore = derived(() => data.hasMore);
    let results = void 0;
    let waitUntil = derived(() => data.limited ? Date.now() + data.limited.retryAfter * 1e3 : null);
    let now = Date.now();
    const waitLeft = derived(() => waitUntil() === null ? 0 : Math.max(0, Math.ceil((waitUntil() - now) / 1e3)));
    const announcement = derived(() => waitUntil() === null ? "" : `Bạn tìm kiếm hơi nhanh. Vui lòng thử lại sau ${Math.max(1, Math.ceil((waitUntil() - Date.now()) / 1e3))} giây.`);
    function startWaiting(seconds) {
      waitUntil(Date.now() + seconds * 1e3);
    }
    const filterFields = derived(() => {
      const out = {};
      for (const [k, v] of new URLSearchParams(filterQuery(data.filters)).entries()) out[k] = v;
      return out;
    });
    const clearHref = derived(() => paths.search(data.q));
    const nextHref = derived(() => `${paths.search()}${filterQuery(data.filters, { q: data.q, cursor: nextCursor() ?? void 0 })}`);
    const title = derived(() => data.q ? `Kết quả tìm kiếm “${data.q}”` : "Tìm kiếm học liệu");
    async function loadMore() {
      if (!nextCursor()) return 0;
      try {
        const page = await trpc.search.search.query({
          q: data.q,
          ...data.filters,
          cursor: nextCursor(),
          pageSize: 24
        });
        const before = items().length;
        const seen = new Set(items().map((p) => p.id));
        const added = page.items.filter((p) => !seen.has(p.id));
        items([...items(), ...added]);
        nextCursor(page.nextCursor);
        hasMore(page.hasMore);
        await tick();
        results?.querySelectorAll("li h3 a")[before]?.focus();
        return added.length;
      } catch (e) {
        if (describeError(e).code === "rate_limited") startWaiting(retryAfterSeconds(e) ?? 60);
        throw e;
      }
    }
    head("17jfhvc", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>${escape_html(title())} — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="description" content="Tìm giáo án, bài giảng, video và nhạc lớp học trên hoclieu — gõ có dấu hay không dấu đều được."/> <meta name="robots" content="noindex, follow"/>`);
    });
    $$renderer2.push(`<main class="container page svelte-17jfhvc"><h1 class="svelte-17jfhvc">${escape_html(title())}</h1> <div class="box svelte-17jfhvc">`);
    SearchBox($$renderer2, {
      value: data.q,
      hidden: filterFields()
    });
    $$renderer2.push(`<!----></div> `);
    if (waitUntil() !== null && waitLeft() > 0) {
      $$renderer2.push(`<!--[0--><div class="notice notice-warning limited svelte-17jfhvc"><p class="svelte-17jfhvc"><strong>Bạn tìm kiếm hơi nhanh.</strong> Để hệ thống phục vụ mọi thầy cô, mỗi phút chỉ tìm được tối đa 30 lần.
				Vui lòng thử lại sau <span class="secs svelte-17jfhvc">${escape_html(waitLeft())}</span> giây.</p></div>`);
    } else if (data.limited) {
      $$renderer2.push(`<!--[1--><div class="notice notice-info limited svelte-17jfhvc"><p class="svelte-17jfhvc">Bạn có thể tìm kiếm lại rồi.</p> <button class="btn btn-secondary" type="button">Tìm lại “${escape_html(data.q)}”</button></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <p class="visually-hidden" role="status">${escape_html(waitLeft() > 0 ? announcement() : "")}</p> `);
    if (data.q) {
      $$renderer2.push("<!--[0-->");
      FilterBar($$renderer2, {
        action: paths.search(),
        filters: data.filters,
        relevanceSort: true,
        hidden: { q: data.q },
        clearHref: clearHref()
      });
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <section class="results svelte-17jfhvc" aria-labelledby="results-title"><h2 id="results-title" class="visually-hidden">Kết quả</h2> `);
    if (data.searched && items().length) {
      $$renderer2.push(`<!--[0--><p class="muted count svelte-17jfhvc" role="status">${escape_html(hasMore() ? `Hơn ${items().length}` : items().length)} học liệu phù hợp với “${escape_html(data.q)}”</p> `);
      ProductGrid($$renderer2, { products: items(), eager: 4, label: "Kết quả tìm kiếm" });
      $$renderer2.push(`<!----> `);
      if (hasMore() && nextCursor()) {
        $$renderer2.push("<!--[0-->");
        LoadMore($$renderer2, { href: nextHref(), load: loadMore });
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    } else if (data.searched) {
      $$renderer2.push(`<!--[1--><div class="empty card svelte-17jfhvc" role="status"><h3 class="svelte-17jfhvc">Không tìm thấy học liệu nào cho “${escape_html(data.q)}”</h3> <ul class="svelte-17jfhvc"><li>Kiểm tra lại chính tả, hoặc thử từ khoá ngắn hơn (ví dụ “toán lớp 3”).</li> `);
      if (hasFilters(data.filters)) {
        $$renderer2.push(`<!--[0--><li><a${attr("href", clearHref())}>Bỏ bộ lọc</a> để xem thêm kết quả.</li>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <li>Xem <a${attr("href", paths.category(""))}>tất cả học liệu theo lớp và môn</a>.</li></ul></div>`);
    } else if (!data.limited) {
      $$renderer2.push(`<!--[2--><div class="start"><p>Nhập tên bài, môn học hoặc lớp. Ví dụ:</p> <ul class="examples svelte-17jfhvc"><!--[-->`);
      const each_array = ensure_array_like([
        "giáo án toán lớp 1",
        "bài giảng tiếng việt",
        "unit 3",
        "nhạc khởi động"
      ]);
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let example = each_array[$$index];
        $$renderer2.push(`<li><a${attr("href", paths.search(example))} class="svelte-17jfhvc">${escape_html(example)}</a></li>`);
      }
      $$renderer2.push(`<!--]--></ul></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></section></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-B3_mj8hE.js.map
