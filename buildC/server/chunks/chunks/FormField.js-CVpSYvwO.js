import { a4 as attr, a6 as escape_html, ac as attributes, a9 as stringify, _ as derived } from './index.js-Oj9LwuME.js';

function FormField($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let {
      label,
      name,
      error,
      hint,
      id = `field-${name}`,
      $$slots,
      $$events,
      ...input
    } = $$props;
    const describedBy = derived(() => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || void 0);
    $$renderer2.push(`<div class="field svelte-py80wu"><label${attr("for", id)} class="svelte-py80wu">${escape_html(label)}</label> <input${attributes(
      {
        id,
        name,
        "aria-invalid": error ? "true" : void 0,
        "aria-describedby": describedBy(),
        ...input
      },
      "svelte-py80wu",
      void 0,
      void 0,
      4
    )}/> `);
    if (hint) {
      $$renderer2.push(`<!--[0--><p class="hint svelte-py80wu"${attr("id", `${stringify(id)}-hint`)}>${escape_html(hint)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (error) {
      $$renderer2.push(`<!--[0--><p class="error svelte-py80wu"${attr("id", `${stringify(id)}-error`)}>${escape_html(error)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div>`);
  });
}

export { FormField as F };
//# sourceMappingURL=FormField.js-CVpSYvwO.js.map
