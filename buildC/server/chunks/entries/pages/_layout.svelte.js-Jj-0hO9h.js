import { a4 as attr, a5 as ensure_array_like, a6 as escape_html, _ as derived } from '../../chunks/index.js-Oj9LwuME.js';
import { p as page } from '../../chunks/index2.js-CCcmzUgx.js';
import { p as paths } from '../../chunks/paths.js-xLTGA48h.js';
import '../../chunks/utils.js-YOZGUGf-.js';
import '../../chunks/utils2.js-ejsMtG81.js';
import '../../chunks/state.svelte.js-E3lk_GL8.js';
import '../../chunks/exports.js-B9Uzt4sy.js';
import '../../chunks/root.js-BiG7g75A.js';

function _layout($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data, children } = $$props;
    const nav = [
      { href: paths.category(""), label: "Danh mục" },
      { href: paths.search(), label: "Tìm kiếm" },
      { href: paths.music, label: "Nhạc" },
      { href: paths.wallet, label: "Ví" },
      { href: paths.orders, label: "Đơn hàng" }
    ];
    const here = derived(() => page.url.pathname);
    const current = (href) => here() === href || here().startsWith(`${href}/`);
    const ownSearch = derived(() => here() === paths.home || current(paths.search()));
    $$renderer2.push(`<a class="skip svelte-12qhfyh" href="#noi-dung">Bỏ qua đến nội dung chính</a> `);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <header class="site-header svelte-12qhfyh"><div class="container bar svelte-12qhfyh"><a class="brand svelte-12qhfyh"${attr("href", paths.home)} aria-label="hoclieu — Trang chủ"><svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="currentColor"></rect><path d="M8 10h7a3 3 0 0 1 3 3v10a2 2 0 0 0-2-2H8zM24 10h-4a2 2 0 0 0-2 2" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"></path></svg> <span>hoclieu</span></a> <nav class="main-nav svelte-12qhfyh" aria-label="Chính"><ul class="svelte-12qhfyh"><!--[-->`);
    const each_array = ensure_array_like(nav);
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let item = each_array[$$index];
      $$renderer2.push(`<li><a${attr("href", item.href)}${attr("aria-current", current(item.href) ? "page" : void 0)} class="svelte-12qhfyh">${escape_html(item.label)}</a></li>`);
    }
    $$renderer2.push(`<!--]--></ul></nav> `);
    if (!ownSearch()) {
      $$renderer2.push(`<!--[0--><form class="search svelte-12qhfyh" role="search" method="GET"${attr("action", paths.search())}><label class="visually-hidden" for="header-q">Tìm học liệu</label> <input id="header-q" class="input svelte-12qhfyh" type="search" name="q" maxlength="128" placeholder="Tìm giáo án, bài giảng…" autocomplete="off"/> <button class="btn" type="submit">Tìm<span class="visually-hidden">học liệu</span></button></form>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <div class="account svelte-12qhfyh" aria-label="Tài khoản" role="group">`);
    if (data.user) {
      $$renderer2.push(`<!--[0--><span class="who svelte-12qhfyh" data-testid="signed-in-user"><span class="greeting svelte-12qhfyh">Xin chào,</span> <strong>${escape_html(data.user.name ?? data.user.email)}</strong></span> <form method="POST"${attr("action", paths.signOut)} class="svelte-12qhfyh"><button type="submit" class="link-button svelte-12qhfyh">Đăng xuất</button></form>`);
    } else {
      $$renderer2.push(`<!--[-1--><a${attr("href", paths.signIn)}>Đăng nhập</a> <a${attr("href", paths.signUp)} class="btn btn-small svelte-12qhfyh">Đăng ký</a>`);
    }
    $$renderer2.push(`<!--]--></div></div></header> <div id="noi-dung" class="content svelte-12qhfyh" tabindex="-1">`);
    children($$renderer2);
    $$renderer2.push(`<!----></div> <footer class="site-footer svelte-12qhfyh"><div class="container cols svelte-12qhfyh"><section aria-labelledby="footer-about" class="svelte-12qhfyh"><h2 id="footer-about" class="svelte-12qhfyh">hoclieu</h2> <p class="svelte-12qhfyh">Kho giáo án, bài giảng, video và nhạc lớp học cho giáo viên Việt Nam — thanh toán bằng chuyển khoản QR hoặc ví, tải về ngay.</p></section> <nav aria-labelledby="footer-explore"><h2 id="footer-explore" class="svelte-12qhfyh">Khám phá</h2> <ul class="svelte-12qhfyh"><li><a${attr("href", paths.category(""))} class="svelte-12qhfyh">Tất cả học liệu</a></li> <li><a${attr("href", paths.search())} class="svelte-12qhfyh">Tìm kiếm</a></li> <li><a${attr("href", paths.music)} class="svelte-12qhfyh">Nhạc lớp học</a></li></ul></nav> <nav aria-labelledby="footer-account"><h2 id="footer-account" class="svelte-12qhfyh">Tài khoản</h2> <ul class="svelte-12qhfyh"><li><a${attr("href", paths.orders)} class="svelte-12qhfyh">Đơn hàng của tôi</a></li> <li><a${attr("href", paths.wallet)} class="svelte-12qhfyh">Ví hoclieu</a></li></ul></nav> <nav aria-labelledby="footer-dev"><h2 id="footer-dev" class="svelte-12qhfyh">Nhà phát triển</h2> <ul class="svelte-12qhfyh"><li><a${attr("href", paths.developers)} class="svelte-12qhfyh">Trang nhà phát triển</a></li> <li><a${attr("href", paths.apiDocs)} class="svelte-12qhfyh">Tài liệu API</a></li></ul></nav></div> <div class="container"><p class="fine svelte-12qhfyh">© ${escape_html((/* @__PURE__ */ new Date()).getFullYear())} hoclieu. Giá đã gồm thuế, tính bằng đồng Việt Nam (₫).</p></div></footer>`);
  });
}

export { _layout as default };
//# sourceMappingURL=_layout.svelte.js-Jj-0hO9h.js.map
