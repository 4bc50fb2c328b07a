import { a4 as attr, a5 as ensure_array_like, a8 as attr_style, a6 as escape_html, a9 as stringify, aa as element, _ as derived, ab as attr_class } from './index.js-Oj9LwuME.js';
import { k as productTypeLabels } from './catalog.js-DINH2wV_.js';
import { p as paths } from './paths.js-xLTGA48h.js';
import { b as formatVnd, c as formatCountdown } from './format.js-CUETbGfu.js';

const typeLabels = {
  LESSON_PLAN: "Giáo án",
  SLIDE: "Bài giảng (slide)",
  VIDEO: "Video",
  MUSIC: "Nhạc",
  COMBO: "Combo"
};
const typeColours = {
  LESSON_PLAN: { fg: "#1d6f42", bg: "#e8f5ec" },
  SLIDE: { fg: "#b24a1c", bg: "#fdf0ea" },
  VIDEO: { fg: "#8a1c7c", bg: "#f8ebf6" },
  MUSIC: { fg: "#1f5fa8", bg: "#eaf1fb" },
  COMBO: { fg: "#7a5500", bg: "#fdf5e3" }
};
function Countdown($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { until, label = "Còn", expiredText = "Đã kết thúc", onexpire } = $$props;
    const DAY = 864e5;
    let now = Date.now();
    const left = derived(() => Math.max(0, Date.parse(until) - now));
    const expired = derived(() => left() === 0);
    const days = derived(() => Math.floor(left() / DAY));
    const clock = derived(() => formatCountdown(days() > 0 ? left() % DAY : left()));
    const spoken = derived(() => {
      if (expired()) return expiredText;
      const minutes = Math.ceil(left() / 6e4);
      if (days() > 0) return `${label} hơn ${days()} ngày`;
      if (minutes > 60) return `${label} khoảng ${Math.floor(minutes / 60)} giờ`;
      return `${label} ${minutes} phút`;
    });
    $$renderer2.push(`<span${attr_class("countdown svelte-vckp0f", void 0, { "expired": expired() })}><span aria-hidden="true">`);
    if (expired()) {
      $$renderer2.push(`<!--[0-->${escape_html(expiredText)}`);
    } else {
      $$renderer2.push(`<!--[-1-->${escape_html(label)} <time class="digits svelte-vckp0f"${attr("datetime", until)}>`);
      if (days() > 0) {
        $$renderer2.push(`<!--[0--><span class="part svelte-vckp0f">${escape_html(days())} ngày</span>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <span class="part svelte-vckp0f">${escape_html(clock())}</span></time>`);
    }
    $$renderer2.push(`<!--]--></span> <span class="visually-hidden" aria-live="polite" aria-atomic="true">${escape_html(spoken())}</span></span>`);
  });
}
function Cover($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { product, eager = false, alt = "" } = $$props;
    const colours = derived(() => typeColours[product.type]);
    $$renderer2.push(`<div class="cover svelte-z07927"${attr_style("", { "--fg": colours().fg, "--bg": colours().bg })}>`);
    if (product.coverImageUrl && true) {
      $$renderer2.push(`<!--[0--><img${attr("src", product.coverImageUrl)}${attr("alt", alt)} width="640" height="400"${attr("loading", eager ? "eager" : "lazy")} decoding="async" class="svelte-z07927" onerror="this.__e=event"/>`);
    } else {
      $$renderer2.push(`<!--[-1--><span class="fallback svelte-z07927"${attr("role", alt ? "img" : void 0)}${attr("aria-label", alt || void 0)}>${escape_html(typeLabels[product.type])}</span>`);
    }
    $$renderer2.push(`<!--]--></div>`);
  });
}
function Price($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { product, size = "sm" } = $$props;
    const list = derived(() => BigInt(product.priceVnd));
    const sale = derived(() => product.isOnSale && product.salePriceVnd !== null ? BigInt(product.salePriceVnd) : null);
    const charged = derived(() => sale() ?? list());
    const percentOff = derived(() => sale() !== null && list() > 0n ? Number((list() - sale()) * 100n / list()) : 0);
    const isFlash = derived(() => sale() !== null && product.flashSale?.active === true && product.saleEndsAt !== null && product.saleEndsAt === product.flashSale.endTime);
    $$renderer2.push(`<span${attr_class(`price ${stringify(size)}`, "svelte-1qtqoe5")}>`);
    if (charged() === 0n) {
      $$renderer2.push(`<!--[0--><span class="free svelte-1qtqoe5">Miễn phí</span> `);
      if (list() > 0n) {
        $$renderer2.push(`<!--[0--><s class="price-old svelte-1qtqoe5"><span class="visually-hidden">Giá gốc</span>${escape_html(formatVnd(list()))}</s>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    } else if (sale() !== null) {
      $$renderer2.push("<!--[1-->");
      if (isFlash()) {
        $$renderer2.push(`<!--[0--><span class="flash-tag svelte-1qtqoe5">⚡ Giá flash sale</span>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <span class="price-sale svelte-1qtqoe5"><span class="visually-hidden">Giá bán</span>${escape_html(formatVnd(sale()))}</span> <s class="price-old svelte-1qtqoe5"><span class="visually-hidden">Giá gốc</span>${escape_html(formatVnd(list()))}</s> `);
      if (percentOff() > 0) {
        $$renderer2.push(`<!--[0--><span class="off svelte-1qtqoe5">−${escape_html(percentOff())}%</span>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    } else {
      $$renderer2.push(`<!--[-1--><span class="regular svelte-1qtqoe5">${escape_html(formatVnd(list()))}</span>`);
    }
    $$renderer2.push(`<!--]--></span>`);
  });
}
function Rating($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { average, count } = $$props;
    const one = new Intl.NumberFormat("vi-VN", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const int = new Intl.NumberFormat("vi-VN");
    const percent = derived(() => Math.max(0, Math.min(100, average / 5 * 100)));
    if (count > 0) {
      $$renderer2.push(`<!--[0--><span class="rating svelte-13ptswj" role="img"${attr("aria-label", `Đánh giá ${stringify(one.format(average))} trên 5 từ ${stringify(int.format(count))} lượt`)}><span class="stars svelte-13ptswj" aria-hidden="true"><span class="empty svelte-13ptswj">★★★★★</span> <span class="full svelte-13ptswj"${attr_style("", { width: `${stringify(percent())}%` })}>★★★★★</span></span> <span class="value svelte-13ptswj" aria-hidden="true">${escape_html(one.format(average))}</span> <span class="count" aria-hidden="true">(${escape_html(int.format(count))})</span></span>`);
    } else {
      $$renderer2.push(`<!--[-1--><span class="rating none svelte-13ptswj">Chưa có đánh giá</span>`);
    }
    $$renderer2.push(`<!--]-->`);
  });
}
function TypeBadge($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { type } = $$props;
    const colours = derived(() => typeColours[type]);
    $$renderer2.push(`<span class="badge svelte-433zwn"${attr_style("", { "--fg": colours().fg, "--bg": colours().bg })}>${escape_html(typeLabels[type])}</span>`);
  });
}
function ProductCard($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { product, level = 3, eager = false } = $$props;
    const flash = derived(() => product.flashSale?.active ? product.flashSale : null);
    const context = derived(() => {
      const repeated = new Set([
        typeLabels[product.type],
        productTypeLabels[product.type],
        ...product.type === "SLIDE" ? ["PowerPoint"] : [],
        "Miễn phí"
      ].map((t) => t.toLowerCase()));
      return [...new Set(product.tags.map((t) => t.trim()))].filter((t) => t && !repeated.has(t.toLowerCase())).slice(0, 3).join(" · ");
    });
    $$renderer2.push(`<article class="card product svelte-11ja2cl">`);
    Cover($$renderer2, { product, eager });
    $$renderer2.push(`<!----> <div class="body svelte-11ja2cl">`);
    TypeBadge($$renderer2, { type: product.type });
    $$renderer2.push(`<!----> `);
    element(
      $$renderer2,
      `h${level}`,
      () => {
        $$renderer2.push(` class="title svelte-11ja2cl"`);
      },
      () => {
        $$renderer2.push(`<a${attr("href", paths.product(product.fullPath))} class="svelte-11ja2cl">${escape_html(product.title)}</a>`);
      }
    );
    $$renderer2.push(` `);
    if (context()) {
      $$renderer2.push(`<!--[0--><p class="context svelte-11ja2cl">${escape_html(context())}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    Rating($$renderer2, { average: product.ratingAvg, count: product.ratingCount });
    $$renderer2.push(`<!----> <div class="price svelte-11ja2cl">`);
    Price($$renderer2, { product });
    $$renderer2.push(`<!----></div> `);
    if (flash()) {
      $$renderer2.push(`<!--[0--><div class="flash svelte-11ja2cl">`);
      Countdown($$renderer2, { until: flash().endTime, label: "Kết thúc sau" });
      $$renderer2.push(`<!----> `);
      if (flash().stockLeft !== null) {
        $$renderer2.push(`<!--[0--><span class="stock svelte-11ja2cl">Còn ${escape_html(flash().stockLeft)} suất</span>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></article>`);
  });
}
function ProductGrid($$renderer, $$props) {
  let { products, level = 3, eager = 0, label } = $$props;
  $$renderer.push(`<ul class="grid svelte-188fjcn"${attr("aria-label", label)}><!--[-->`);
  const each_array = ensure_array_like(products);
  for (let i = 0, $$length = each_array.length; i < $$length; i++) {
    let product = each_array[i];
    $$renderer.push(`<li class="svelte-188fjcn">`);
    ProductCard($$renderer, { product, level, eager: i < eager });
    $$renderer.push(`<!----></li>`);
  }
  $$renderer.push(`<!--]--></ul>`);
}

export { Cover as C, ProductGrid as P, Rating as R, TypeBadge as T, Price as a, Countdown as b, typeLabels as t };
//# sourceMappingURL=ProductGrid.js-Bczcies0.js.map
