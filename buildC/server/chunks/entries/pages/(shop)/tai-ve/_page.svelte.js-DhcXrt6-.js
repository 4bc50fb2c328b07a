import { a7 as head, a6 as escape_html, a4 as attr, a9 as stringify } from '../../../../chunks/index.js-Oj9LwuME.js';
import { d as describeError } from '../../../../chunks/errors.js-Bdn5OGQr.js';
import { D as DownloadButton } from '../../../../chunks/DownloadButton.js-BjNqZTI7.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import { t as trpc } from '../../../../chunks/client2.js-C3DODzKQ.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '@trpc/client';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    let refused = null;
    async function fileUrl() {
      refused = null;
      return (await trpc.downloads.byToken.mutate({ token: data.token })).url;
    }
    function explain(error) {
      const problem = describeError(error);
      if (problem.code === "forbidden") {
        refused = "Liên kết tải xuống đã hết hạn hoặc không còn hiệu lực.";
        return true;
      }
      if (problem.code === "validation_error") {
        refused = "Liên kết tải xuống không đúng định dạng.";
        return true;
      }
      return false;
    }
    head("iqpomv", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Tải tài liệu — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/> <meta name="referrer" content="no-referrer"/>`);
    });
    $$renderer2.push(`<main class="container download-page svelte-iqpomv"><section class="card panel svelte-iqpomv" aria-labelledby="download-title"><h1 id="download-title" class="svelte-iqpomv">Tải tài liệu</h1> `);
    if (data.problem) {
      $$renderer2.push(`<!--[0--><p class="notice notice-error svelte-iqpomv" role="alert">${escape_html(data.problem)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
      if (refused) {
        $$renderer2.push(`<!--[0--><div class="notice notice-error svelte-iqpomv" role="alert" data-testid="token-refused"><p class="svelte-iqpomv"><strong>${escape_html(refused)}</strong></p> <p class="svelte-iqpomv">Liên kết trong email có hạn dùng. `);
        if (data.signedIn) {
          $$renderer2.push(`<!--[0-->Mở <a${attr("href", paths.orders)}>Đơn hàng của tôi</a> để tải lại bằng liên kết mới.`);
        } else {
          $$renderer2.push(`<!--[-1-->Hãy <a${attr("href", `${stringify(paths.signIn)}?returnTo=${stringify(encodeURIComponent(paths.orders))}`)}>đăng nhập</a> và mở “Đơn hàng của tôi”, hoặc mở lại trang đơn hàng trên
							trình duyệt đã dùng để mua.`);
        }
        $$renderer2.push(`<!--]--></p></div>`);
      } else {
        $$renderer2.push(`<!--[-1--><p class="muted svelte-iqpomv">Tệp sẽ tự động tải về máy. Nếu chưa thấy, hãy bấm nút bên dưới.</p>`);
      }
      $$renderer2.push(`<!--]--> `);
      DownloadButton($$renderer2, {
        label: "Tải xuống",
        getUrl: fileUrl,
        onError: explain,
        autoStart: true,
        testId: "token-download"
      });
      $$renderer2.push(`<!---->`);
    }
    $$renderer2.push(`<!--]--> <p class="links svelte-iqpomv"><a${attr("href", paths.home)}>Về trang chủ</a> `);
    if (data.signedIn) {
      $$renderer2.push(`<!--[0--><a${attr("href", paths.orders)}>Đơn hàng của tôi</a>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></p></section></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-DhcXrt6-.js.map
