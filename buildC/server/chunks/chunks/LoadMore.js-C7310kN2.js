import { a4 as attr, a5 as ensure_array_like, a6 as escape_html } from './index.js-Oj9LwuME.js';
import './exports.js-B9Uzt4sy.js';
import './utils2.js-ejsMtG81.js';
import './utils.js-YOZGUGf-.js';
import './root.js-BiG7g75A.js';
import './state.svelte.js-E3lk_GL8.js';
import { p as productTypes } from './catalog.js-DINH2wV_.js';
import { s as sortLabels, h as hasFilters } from './listing-filters.js-BC-SGA3w.js';
import { t as typeLabels } from './ProductGrid.js-Bczcies0.js';

async function tick() {
}
function FilterBar($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let {
      action,
      filters,
      withOnSale = false,
      relevanceSort = false,
      hidden = {},
      clearHref
    } = $$props;
    const group = new Intl.NumberFormat("vi-VN");
    const price = (v) => v === void 0 ? "" : group.format(v);
    $$renderer2.push(`<form class="filters svelte-m9tjun" method="GET"${attr("action", action)} aria-label="Bộ lọc"><!--[-->`);
    const each_array = ensure_array_like(Object.entries(hidden));
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let [name, value] = each_array[$$index];
      $$renderer2.push(`<input type="hidden"${attr("name", name)}${attr("value", value)}/>`);
    }
    $$renderer2.push(`<!--]--> <div class="field svelte-m9tjun"><label for="f-type" class="svelte-m9tjun">Loại học liệu</label> <select id="f-type" name="type" class="svelte-m9tjun">`);
    $$renderer2.option({ value: "", selected: !filters.type }, ($$renderer3) => {
      $$renderer3.push(`Tất cả`);
    });
    $$renderer2.push(`<!--[-->`);
    const each_array_1 = ensure_array_like(productTypes);
    for (let $$index_1 = 0, $$length = each_array_1.length; $$index_1 < $$length; $$index_1++) {
      let t = each_array_1[$$index_1];
      $$renderer2.option({ value: t, selected: filters.type === t }, ($$renderer3) => {
        $$renderer3.push(`${escape_html(typeLabels[t])}`);
      });
    }
    $$renderer2.push(`<!--]--></select></div> <div class="field svelte-m9tjun"><label for="f-min" class="svelte-m9tjun">Giá từ (₫)</label> <input id="f-min" name="minPrice" inputmode="numeric" autocomplete="off" placeholder="0"${attr("value", price(filters.minPrice))} class="svelte-m9tjun"/></div> <div class="field svelte-m9tjun"><label for="f-max" class="svelte-m9tjun">Đến (₫)</label> <input id="f-max" name="maxPrice" inputmode="numeric" autocomplete="off" placeholder="Không giới hạn"${attr("value", price(filters.maxPrice))} class="svelte-m9tjun"/></div> <div class="field sort svelte-m9tjun"><label for="f-sort" class="svelte-m9tjun">Sắp xếp</label> <select id="f-sort" name="sort" class="svelte-m9tjun">`);
    if (relevanceSort) {
      $$renderer2.push("<!--[0-->");
      $$renderer2.option({ value: "", selected: !filters.sort }, ($$renderer3) => {
        $$renderer3.push(`Phù hợp nhất`);
      });
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--><!--[-->`);
    const each_array_2 = ensure_array_like(Object.entries(sortLabels));
    for (let $$index_2 = 0, $$length = each_array_2.length; $$index_2 < $$length; $$index_2++) {
      let [value, label] = each_array_2[$$index_2];
      $$renderer2.option(
        {
          value,
          selected: (filters.sort ?? (relevanceSort ? "" : "newest")) === value
        },
        ($$renderer3) => {
          $$renderer3.push(`${escape_html(label)}`);
        }
      );
    }
    $$renderer2.push(`<!--]--></select></div> `);
    if (withOnSale) {
      $$renderer2.push(`<!--[0--><label class="check svelte-m9tjun"><input type="checkbox" name="onSale" value="true"${attr("checked", filters.onSale === true, true)} class="svelte-m9tjun"/> Đang giảm giá</label>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <div class="actions svelte-m9tjun"><button class="btn" type="submit">Áp dụng</button> `);
    if (hasFilters(filters)) {
      $$renderer2.push(`<!--[0--><a class="clear"${attr("href", clearHref)}>Xoá bộ lọc</a>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></form>`);
  });
}
function LoadMore($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { href, load, noun = "học liệu" } = $$props;
    let announced = "";
    $$renderer2.push(`<div class="load-more svelte-1trp0fj">`);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <a class="btn btn-secondary svelte-1trp0fj"${attr("href", href)}${attr("aria-disabled", void 0)} data-sveltekit-noscroll="">`);
    {
      $$renderer2.push(`<!--[-1-->Xem thêm`);
    }
    $$renderer2.push(`<!--]--></a> <p class="visually-hidden" aria-live="polite">${escape_html(announced)}</p></div>`);
  });
}

export { FilterBar as F, LoadMore as L, tick as t };
//# sourceMappingURL=LoadMore.js-C7310kN2.js.map
