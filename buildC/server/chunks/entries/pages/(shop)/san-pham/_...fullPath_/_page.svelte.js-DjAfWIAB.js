import { a7 as head, a6 as escape_html, a5 as ensure_array_like, a4 as attr, _ as derived, ab as attr_class, a9 as stringify } from '../../../../../chunks/index.js-Oj9LwuME.js';
import { B as Breadcrumbs } from '../../../../../chunks/Breadcrumbs.js-C5Q3XTVT.js';
import { T as TypeBadge, R as Rating, t as typeLabels, P as ProductGrid, C as Cover, a as Price, b as Countdown } from '../../../../../chunks/ProductGrid.js-Bczcies0.js';
import { d as formatDate, b as formatVnd } from '../../../../../chunks/format.js-CUETbGfu.js';
import { p as paths } from '../../../../../chunks/paths.js-xLTGA48h.js';
import '../../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../../chunks/root.js-BiG7g75A.js';
import '../../../../../chunks/state.svelte.js-E3lk_GL8.js';
import { p as page } from '../../../../../chunks/index2.js-CCcmzUgx.js';
import '../../../../../chunks/client2.js-C3DODzKQ.js';
import '../../../../../chunks/catalog.js-DINH2wV_.js';
import 'zod';
import '@trpc/client';

function html(value) {
  var html2 = String(value ?? "");
  var open = "<!---->";
  return open + html2 + "<!---->";
}
function invalidateAll() {
  {
    throw new Error("Cannot call invalidateAll() on the server");
  }
}
function BuyBox($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data, form } = $$props;
    const product = derived(() => data.product);
    const charged = derived(() => BigInt(product().isOnSale && product().salePriceVnd !== null ? product().salePriceVnd : product().priceVnd));
    const free = derived(() => charged() === 0n);
    const flash = derived(() => product().flashSale?.active ? product().flashSale : null);
    const walletEnough = derived(() => data.walletTotal !== null && BigInt(data.walletTotal) >= charged());
    const signInHref = derived(() => `${paths.signIn}?returnTo=${encodeURIComponent(page.url.pathname)}`);
    const canBuy = derived(() => data.signedIn || data.guestCheckout);
    const failure = derived(() => form && "message" in form ? form : null);
    let method = "qr_direct";
    let promo = "";
    let email = "";
    let consent = false;
    let pending = false;
    let promoCheck = null;
    $$renderer2.push(`<div class="box card svelte-sr6qgg"><div class="price">`);
    Price($$renderer2, { product: product(), size: "lg" });
    $$renderer2.push(`<!----></div> `);
    if (product().isOnSale && product().saleEndsAt) {
      $$renderer2.push(`<!--[0--><p class="ends svelte-sr6qgg">`);
      Countdown($$renderer2, {
        until: product().saleEndsAt,
        label: flash() ? "Flash sale kết thúc sau" : "Giá ưu đãi kết thúc sau",
        expiredText: "Ưu đãi vừa kết thúc",
        onexpire: () => invalidateAll()
      });
      $$renderer2.push(`<!----></p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (flash() && flash().stockLeft !== null) {
      $$renderer2.push(`<!--[0--><p class="stock svelte-sr6qgg">Chỉ còn <strong>${escape_html(flash().stockLeft)}</strong> suất giá flash sale</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (data.isPurchased) {
      $$renderer2.push(`<!--[0--><div class="owned svelte-sr6qgg"><p class="notice notice-success svelte-sr6qgg"><span aria-hidden="true">✓</span> Bạn đã mua học liệu này.</p> `);
      if (data.download) {
        $$renderer2.push(`<!--[0--><a class="btn wide svelte-sr6qgg"${attr("href", data.download.url)} data-sveltekit-preload-data="off">Tải về</a>`);
      } else {
        $$renderer2.push(`<!--[-1--><a class="btn wide svelte-sr6qgg"${attr("href", paths.orders)}>Tải về từ “Đơn hàng”</a>`);
      }
      $$renderer2.push(`<!--]--></div>`);
    } else if (!canBuy()) {
      $$renderer2.push(`<!--[1--><p class="svelte-sr6qgg">Đăng nhập để mua và tải học liệu này.</p> <a class="btn wide svelte-sr6qgg"${attr("href", signInHref())}>Đăng nhập để mua</a>`);
    } else {
      $$renderer2.push(`<!--[-1--><form method="POST" action="?/buy" novalidate="" class="svelte-sr6qgg"><input type="hidden" name="productId"${attr("value", product().id)}/> `);
      if (failure()) {
        $$renderer2.push(`<!--[0--><div class="notice notice-error svelte-sr6qgg" role="alert"><p class="svelte-sr6qgg">${escape_html(failure().message)}</p> `);
        if (failure().code === "unauthenticated") {
          $$renderer2.push(`<!--[0--><p class="svelte-sr6qgg"><a${attr("href", signInHref())}>Đăng nhập</a></p>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--> `);
        if (failure().code === "already_owned") {
          $$renderer2.push(`<!--[0--><p class="svelte-sr6qgg"><a${attr("href", paths.orders)}>Xem đơn hàng của tôi</a></p>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--></div>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> `);
      if (free()) {
        $$renderer2.push(`<!--[0--><input type="hidden" name="paymentMethod" value="free_claim"/>`);
      } else {
        $$renderer2.push(`<!--[-1--><fieldset class="methods svelte-sr6qgg"><legend class="svelte-sr6qgg">Chọn cách thanh toán</legend> <label class="method svelte-sr6qgg"><input type="radio" name="paymentMethod" value="qr_direct"${attr("checked", method === "qr_direct", true)} class="svelte-sr6qgg"/> <span class="svelte-sr6qgg"><strong>Chuyển khoản QR</strong> <span class="hint svelte-sr6qgg">Quét mã VietQR bằng ứng dụng ngân hàng; xác nhận tự động.</span></span></label> <label${attr_class("method svelte-sr6qgg", void 0, { "disabled": !walletEnough() })}><input type="radio" name="paymentMethod" value="wallet"${attr("checked", method === "wallet", true)}${attr("disabled", !walletEnough(), true)} aria-describedby="wallet-hint" class="svelte-sr6qgg"/> <span class="svelte-sr6qgg"><strong>Ví hoclieu</strong> <span class="hint svelte-sr6qgg" id="wallet-hint">`);
        if (!data.signedIn) {
          $$renderer2.push(`<!--[0-->Cần đăng nhập để dùng ví.`);
        } else if (data.walletTotal === null) {
          $$renderer2.push(`<!--[1-->Chưa xem được số dư ví lúc này.`);
        } else if (walletEnough()) {
          $$renderer2.push(`<!--[2-->Số dư: ${escape_html(formatVnd(data.walletTotal))}. Trừ tiền ngay, tải về ngay.`);
        } else {
          $$renderer2.push(`<!--[-1-->Số dư ${escape_html(formatVnd(data.walletTotal))} chưa đủ. <a${attr("href", paths.wallet)}>Nạp thêm</a>`);
        }
        $$renderer2.push(`<!--]--></span></span></label></fieldset> <div class="field"><label for="promo">Mã khuyến mãi (nếu có)</label> <div class="promo-row svelte-sr6qgg"><input id="promo" name="promoCode" maxlength="40" autocomplete="off"${attr("value", promo)}${attr("aria-invalid", failure()?.field === "promoCode" || promoCheck?.kind === "bad" ? "true" : void 0)} aria-describedby="promo-status" class="svelte-sr6qgg"/> `);
        if (data.signedIn) {
          $$renderer2.push(`<!--[0--><button class="btn btn-secondary" type="button"${attr("disabled", promo.trim() === "", true)}>${escape_html("Kiểm tra")}</button>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--></div> <p id="promo-status"${attr_class(`promo-status ${stringify("")}`, "svelte-sr6qgg")} aria-live="polite">${escape_html("")}</p></div>`);
      }
      $$renderer2.push(`<!--]--> `);
      if (!data.signedIn) {
        $$renderer2.push(`<!--[0--><div class="guest svelte-sr6qgg"><p class="muted small svelte-sr6qgg">Mua không cần tài khoản: nhập email để nhận biên nhận và liên kết tải về. Hoặc <a${attr("href", signInHref())}>đăng nhập</a>.</p> <div class="field"><label for="guest-email">Email nhận hàng</label> <input id="guest-email" name="email" type="email" autocomplete="email" required=""${attr("value", email)}${attr("aria-invalid", failure()?.field === "email" ? "true" : void 0)}/></div> <label class="consent svelte-sr6qgg"><input type="checkbox" name="consent"${attr("checked", consent, true)}${attr("aria-invalid", failure()?.field === "consent" ? "true" : void 0)} class="svelte-sr6qgg"/> <span>Tôi đồng ý để hoclieu lưu email này để gửi biên nhận và liên kết tải về.</span></label></div>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <button class="btn wide buy svelte-sr6qgg" type="submit"${attr("disabled", pending, true)}${attr("aria-busy", pending)}>`);
      if (free()) {
        $$renderer2.push(`<!--[1-->Nhận miễn phí`);
      } else {
        $$renderer2.push(`<!--[-1-->Mua ngay · ${escape_html(formatVnd(charged()))}`);
      }
      $$renderer2.push(`<!--]--></button></form>`);
    }
    $$renderer2.push(`<!--]--> <ul class="promises svelte-sr6qgg"><li>Tải về ngay sau khi thanh toán</li> <li>Liên kết tải về gửi kèm biên nhận qua email</li></ul></div>`);
  });
}
function Gallery($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { images, title, type } = $$props;
    let selected = 0;
    const current = derived(() => images[selected] ?? images[0] ?? null);
    const altFor = (i) => i === 0 ? `Ảnh bìa: ${title}` : `Trang xem trước ${i}: ${title}`;
    $$renderer2.push(`<div class="gallery svelte-ibx9td"><div class="stage card svelte-ibx9td"><!---->`);
    {
      Cover($$renderer2, {
        product: { coverImageUrl: current(), type, title },
        eager: true,
        alt: altFor(selected)
      });
    }
    $$renderer2.push(`<!----></div> `);
    if (images.length > 1) {
      $$renderer2.push(`<!--[0--><ul class="thumbs svelte-ibx9td" aria-label="Ảnh xem trước"><!--[-->`);
      const each_array = ensure_array_like(images);
      for (let i = 0, $$length = each_array.length; i < $$length; i++) {
        let src = each_array[i];
        $$renderer2.push(`<li><button type="button"${attr("aria-pressed", selected === i)} class="svelte-ibx9td"><img${attr("src", src)}${attr("alt", altFor(i))} width="640" height="400" loading="lazy" decoding="async" class="svelte-ibx9td"/></button></li>`);
      }
      $$renderer2.push(`<!--]--></ul>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div>`);
  });
}
function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data, form } = $$props;
    const product = derived(() => data.product);
    const pageUrl = derived(() => `${data.origin}${paths.product(product().fullPath)}`);
    const absolute = (src) => /^https?:\/\//.test(src) ? src : `${data.origin}${src}`;
    const images = derived(() => [product().coverImageUrl, ...product().previewImageUrls].filter((s) => !!s));
    const summary = derived(() => product().description.length > 160 ? `${product().description.slice(0, 157).trimEnd()}…` : product().description);
    const charged = derived(() => product().isOnSale && product().salePriceVnd !== null ? product().salePriceVnd : product().priceVnd);
    const tags = derived(() => [...new Set(product().tags)]);
    const paragraphs = derived(() => product().description.split(/\n+/).filter((p) => p.trim() !== ""));
    const jsonLd = derived(() => {
      const doc = {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product().title,
        description: product().description,
        sku: product().id,
        url: pageUrl(),
        image: images().map(absolute),
        category: [data.category.parent?.name, data.category.name].filter(Boolean).join(" > "),
        brand: { "@type": "Brand", name: "hoclieu" },
        keywords: tags().join(", "),
        ...product().ratingCount > 0 ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product().ratingAvg,
            reviewCount: product().ratingCount,
            bestRating: 5,
            worstRating: 1
          }
        } : {},
        offers: {
          "@type": "Offer",
          url: pageUrl(),
          price: charged(),
          priceCurrency: "VND",
          availability: "https://schema.org/InStock",
          itemCondition: "https://schema.org/NewCondition",
          ...product().isOnSale && product().saleEndsAt ? { priceValidUntil: product().saleEndsAt.slice(0, 10) } : {}
        }
      };
      return `<script type="application/ld+json">${JSON.stringify(doc).replace(/</g, "\\u003c")}<\/script>`;
    });
    head("1tm1jod", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>${escape_html(product().title)} — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="description"${attr("content", summary())}/> <link rel="canonical"${attr("href", pageUrl())}/> <meta property="og:type" content="product"/> <meta property="og:site_name" content="hoclieu"/> <meta property="og:locale" content="vi_VN"/> <meta property="og:title"${attr("content", product().title)}/> <meta property="og:description"${attr("content", summary())}/> <meta property="og:url"${attr("content", pageUrl())}/> `);
      if (images()[0]) {
        $$renderer3.push(`<!--[0--><meta property="og:image"${attr("content", absolute(images()[0]))}/> <meta property="og:image:alt"${attr("content", `Ảnh bìa: ${stringify(product().title)}`)}/>`);
      } else {
        $$renderer3.push("<!--[-1-->");
      }
      $$renderer3.push(`<!--]--> <meta property="product:price:amount"${attr("content", charged())}/> <meta property="product:price:currency" content="VND"/> <meta name="twitter:card" content="summary_large_image"/> ${html(jsonLd())}`);
    });
    $$renderer2.push(`<main class="container page svelte-1tm1jod">`);
    Breadcrumbs($$renderer2, { items: data.breadcrumbs });
    $$renderer2.push(`<!----> <div class="layout svelte-1tm1jod"><div class="main svelte-1tm1jod"><header class="head svelte-1tm1jod">`);
    TypeBadge($$renderer2, { type: product().type });
    $$renderer2.push(`<!----> <h1 class="svelte-1tm1jod">${escape_html(product().title)}</h1> <div class="meta svelte-1tm1jod">`);
    Rating($$renderer2, { average: product().ratingAvg, count: product().ratingCount });
    $$renderer2.push(`<!----> <span class="muted">Đăng ngày ${escape_html(formatDate(product().createdAt))}</span></div></header> `);
    Gallery($$renderer2, {
      images: images(),
      title: product().title,
      type: product().type
    });
    $$renderer2.push(`<!----></div> <aside class="side svelte-1tm1jod" aria-label="Mua học liệu">`);
    BuyBox($$renderer2, { data, form });
    $$renderer2.push(`<!----></aside> <div class="details svelte-1tm1jod"><section aria-labelledby="desc-title" class="svelte-1tm1jod"><h2 id="desc-title" class="svelte-1tm1jod">Mô tả</h2> <!--[-->`);
    const each_array = ensure_array_like(paragraphs());
    for (let i = 0, $$length = each_array.length; i < $$length; i++) {
      let p = each_array[i];
      $$renderer2.push(`<p class="svelte-1tm1jod">${escape_html(p)}</p>`);
    }
    $$renderer2.push(`<!--]--></section> <section aria-labelledby="info-title" class="svelte-1tm1jod"><h2 id="info-title" class="svelte-1tm1jod">Thông tin</h2> <dl class="facts svelte-1tm1jod"><dt class="svelte-1tm1jod">Loại</dt> <dd class="svelte-1tm1jod">${escape_html(typeLabels[product().type])}</dd> <dt class="svelte-1tm1jod">Danh mục</dt> <dd class="svelte-1tm1jod"><a${attr("href", paths.category(data.category.path))}>${escape_html([data.category.parent?.name, data.category.name].filter(Boolean).join(" › "))}</a></dd> <dt class="svelte-1tm1jod">Ngày đăng</dt> <dd class="svelte-1tm1jod">${escape_html(formatDate(product().createdAt))}</dd></dl></section> `);
    if (tags().length) {
      $$renderer2.push(`<!--[0--><section aria-labelledby="tags-title" class="svelte-1tm1jod"><h2 id="tags-title" class="svelte-1tm1jod">Thẻ</h2> <ul class="tags svelte-1tm1jod"><!--[-->`);
      const each_array_1 = ensure_array_like(tags());
      for (let $$index_1 = 0, $$length = each_array_1.length; $$index_1 < $$length; $$index_1++) {
        let tag = each_array_1[$$index_1];
        $$renderer2.push(`<li><a${attr("href", paths.search(tag))} class="svelte-1tm1jod">${escape_html(tag)}</a></li>`);
      }
      $$renderer2.push(`<!--]--></ul></section>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></div> `);
    if (data.related.length) {
      $$renderer2.push(`<!--[0--><section class="related svelte-1tm1jod" aria-labelledby="related-title"><h2 id="related-title" class="svelte-1tm1jod">Cùng danh mục ${escape_html(data.category.name)}</h2> `);
      ProductGrid($$renderer2, { products: data.related });
      $$renderer2.push(`<!----></section>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-DjAfWIAB.js.map
