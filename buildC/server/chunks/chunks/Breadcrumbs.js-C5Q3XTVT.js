import { a5 as ensure_array_like, a4 as attr, a6 as escape_html } from './index.js-Oj9LwuME.js';

function Breadcrumbs($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { items } = $$props;
    $$renderer2.push(`<nav class="crumbs" aria-label="Đường dẫn"><ol class="svelte-1jovwxm"><!--[-->`);
    const each_array = ensure_array_like(items);
    for (let i = 0, $$length = each_array.length; i < $$length; i++) {
      let item = each_array[i];
      $$renderer2.push(`<li class="svelte-1jovwxm">`);
      if (i === items.length - 1) {
        $$renderer2.push(`<!--[0--><a${attr("href", item.href)} aria-current="page" class="svelte-1jovwxm">${escape_html(item.name)}</a>`);
      } else {
        $$renderer2.push(`<!--[-1--><a${attr("href", item.href)} class="svelte-1jovwxm">${escape_html(item.name)}</a>`);
      }
      $$renderer2.push(`<!--]--></li>`);
    }
    $$renderer2.push(`<!--]--></ol></nav>`);
  });
}

export { Breadcrumbs as B };
//# sourceMappingURL=Breadcrumbs.js-C5Q3XTVT.js.map
