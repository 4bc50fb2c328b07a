import { ab as attr_class, a4 as attr, a6 as escape_html } from './index.js-Oj9LwuME.js';

function DownloadButton($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let {
      label = "Tải xuống",
      getUrl,
      fallbackName,
      autoStart = false,
      variant = "primary",
      onError,
      onDone,
      describedBy,
      testId,
      align = "start",
      showFileName = true
    } = $$props;
    $$renderer2.push(`<div${attr_class("download svelte-19rwbe8", void 0, { "end": align === "end" })}><button type="button"${attr_class("btn", void 0, { "btn-secondary": variant === "secondary" })}${attr("disabled", true, true)}${attr("aria-describedby", describedBy)}${attr("data-testid", testId)}>`);
    {
      $$renderer2.push(`<!--[-1-->${escape_html(label)}`);
    }
    $$renderer2.push(`<!--]--></button> <div class="state svelte-19rwbe8" aria-live="polite">`);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div> `);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div>`);
  });
}

export { DownloadButton as D };
//# sourceMappingURL=DownloadButton.js-BjNqZTI7.js.map
