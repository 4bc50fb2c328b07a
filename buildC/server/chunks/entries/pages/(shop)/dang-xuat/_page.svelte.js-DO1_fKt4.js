import { a7 as head, a6 as escape_html, a4 as attr } from '../../../../chunks/index.js-Oj9LwuME.js';
import { A as AuthPanel } from '../../../../chunks/AuthPanel.js-DWXYnL40.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    head("6r2fxq", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Đăng xuất — hoclieu</title>`);
      });
    });
    AuthPanel($$renderer2, {
      title: "Đăng xuất",
      children: ($$renderer3) => {
        if (data.user) {
          $$renderer3.push(`<!--[0--><p>Bạn đang đăng nhập với <strong>${escape_html(data.user.email)}</strong>.</p> <form method="POST"><button type="submit">Đăng xuất</button></form>`);
        } else {
          $$renderer3.push(`<!--[-1--><p>Bạn chưa đăng nhập.</p> <p><a${attr("href", paths.signIn)}>Đăng nhập</a> · <a${attr("href", paths.home)}>Về trang chủ</a></p>`);
        }
        $$renderer3.push(`<!--]-->`);
      }
    });
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-DO1_fKt4.js.map
