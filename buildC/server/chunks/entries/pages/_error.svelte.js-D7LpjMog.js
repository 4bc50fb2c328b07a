import { a7 as head, a6 as escape_html, a4 as attr, _ as derived } from '../../chunks/index.js-Oj9LwuME.js';
import { p as page } from '../../chunks/index2.js-CCcmzUgx.js';
import { e as errorMessage } from '../../chunks/errors.js-Bdn5OGQr.js';
import { p as paths } from '../../chunks/paths.js-xLTGA48h.js';
import '../../chunks/utils.js-YOZGUGf-.js';
import '../../chunks/utils2.js-ejsMtG81.js';
import '../../chunks/state.svelte.js-E3lk_GL8.js';
import '../../chunks/exports.js-B9Uzt4sy.js';
import '../../chunks/root.js-BiG7g75A.js';

function _error($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    const status = derived(() => page.status);
    const title = derived(() => status() === 404 ? "Không tìm thấy trang" : status() === 429 ? "Bạn thao tác hơi nhanh" : status() === 401 || status() === 403 ? "Không thể truy cập" : status() >= 500 ? "Hệ thống đang gặp trục trặc" : "Không thể hiển thị trang");
    const message = derived(() => errorMessage({
      status: status(),
      body: {
        code: page.error?.code ?? (status() === 404 ? "not_found" : void 0),
        message: page.error?.message
      }
    }));
    head("1j96wlh", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>${escape_html(title())} — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/>`);
    });
    $$renderer2.push(`<main class="container error-page svelte-1j96wlh"><p class="code svelte-1j96wlh" aria-hidden="true">${escape_html(status())}</p> <h1 class="svelte-1j96wlh">${escape_html(title())}</h1> <p class="message svelte-1j96wlh">${escape_html(message())}</p> <div class="actions svelte-1j96wlh"><a class="btn"${attr("href", paths.home)}>Về trang chủ</a> <a class="btn btn-secondary"${attr("href", paths.search())}>Tìm học liệu</a> `);
    if (status() >= 500 || status() === 429) {
      $$renderer2.push(`<!--[0--><button class="btn btn-ghost" type="button">Thử lại</button>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></main>`);
  });
}

export { _error as default };
//# sourceMappingURL=_error.svelte.js-D7LpjMog.js.map
