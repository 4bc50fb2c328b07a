import { a6 as escape_html, ab as attr_class, a9 as stringify, a4 as attr } from './index.js-Oj9LwuME.js';

function AuthPanel($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { title, notice = null, children, footer } = $$props;
    $$renderer2.push(`<main class="panel svelte-1terusg"><h1 class="svelte-1terusg">${escape_html(title)}</h1> `);
    if (notice) {
      $$renderer2.push("<!--[0-->");
      const at = notice.whole ? notice.text.indexOf(notice.whole) : -1;
      $$renderer2.push(`<p${attr_class(`notice ${stringify(notice.kind)}`, "svelte-1terusg")}${attr("role", notice.kind === "error" ? "alert" : "status")}>`);
      if (notice.whole && at >= 0) {
        $$renderer2.push(`<!--[0-->${escape_html(notice.text.slice(0, at))}<span class="whole svelte-1terusg">${escape_html(notice.whole)}</span>${escape_html(notice.text.slice(at + notice.whole.length))}`);
      } else {
        $$renderer2.push(`<!--[-1-->${escape_html(notice.text)}`);
      }
      $$renderer2.push(`<!--]--></p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    children($$renderer2);
    $$renderer2.push(`<!----> `);
    if (footer) {
      $$renderer2.push(`<!--[0--><div class="footer svelte-1terusg">`);
      footer($$renderer2);
      $$renderer2.push(`<!----></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></main>`);
  });
}

export { AuthPanel as A };
//# sourceMappingURL=AuthPanel.js-DWXYnL40.js.map
