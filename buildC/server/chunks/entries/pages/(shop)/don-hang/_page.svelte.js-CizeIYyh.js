import { a7 as head, a5 as ensure_array_like, a4 as attr, a6 as escape_html, ab as attr_class, _ as derived } from '../../../../chunks/index.js-Oj9LwuME.js';
import { O as OrderStatusBadge } from '../../../../chunks/OrderStatusBadge.js-B743I9vu.js';
import { e as formatDateTime, b as formatVnd } from '../../../../chunks/format.js-CUETbGfu.js';
import { o as orderStatusLabels, p as paymentMethodLabels, a as statusSlugs } from '../../../../chunks/order-labels.js-Cr7VYHAq.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import '../../../../chunks/client2.js-C3DODzKQ.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '@trpc/client';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    const filters = [
      { status: null, label: "Tất cả" },
      { status: "PENDING", label: orderStatusLabels.PENDING },
      { status: "PAID", label: orderStatusLabels.PAID },
      { status: "EXPIRED", label: orderStatusLabels.EXPIRED },
      { status: "CANCELLED", label: orderStatusLabels.CANCELLED }
    ];
    let orders = derived(() => data.page.items);
    let hasMore = derived(() => data.page.hasMore);
    let products = derived(() => new Map(data.products.map((p) => [p.id, p])));
    let loading = false;
    function filterHref(status) {
      return status ? `${paths.orders}?trang-thai=${statusSlugs[status]}` : paths.orders;
    }
    function productOf(order) {
      return products().get(order.productId);
    }
    head("1g1cy3", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Đơn hàng của tôi — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/>`);
    });
    $$renderer2.push(`<main class="container orders-page svelte-1g1cy3"><h1 class="svelte-1g1cy3">Đơn hàng của tôi</h1> <nav class="filters svelte-1g1cy3" aria-label="Lọc đơn hàng theo trạng thái"><!--[-->`);
    const each_array = ensure_array_like(filters);
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let f = each_array[$$index];
      $$renderer2.push(`<a${attr("href", filterHref(f.status))}${attr("aria-current", data.status === f.status ? "page" : void 0)} data-sveltekit-noscroll="" class="svelte-1g1cy3">${escape_html(f.label)}</a>`);
    }
    $$renderer2.push(`<!--]--></nav> `);
    if (orders().length === 0) {
      $$renderer2.push(`<!--[0--><div class="card empty svelte-1g1cy3">`);
      if (data.status) {
        $$renderer2.push(`<!--[0--><p class="svelte-1g1cy3">Không có đơn hàng nào ở trạng thái “${escape_html(orderStatusLabels[data.status])}”.</p> <a${attr("href", paths.orders)}>Xem tất cả đơn hàng</a>`);
      } else {
        $$renderer2.push(`<!--[-1--><p class="svelte-1g1cy3">Bạn chưa có đơn hàng nào.</p> <a class="btn"${attr("href", paths.category(""))}>Khám phá học liệu</a>`);
      }
      $$renderer2.push(`<!--]--></div>`);
    } else {
      $$renderer2.push(`<!--[-1--><ol class="orders svelte-1g1cy3" data-testid="orders"><!--[-->`);
      const each_array_1 = ensure_array_like(orders());
      for (let $$index_1 = 0, $$length = each_array_1.length; $$index_1 < $$length; $$index_1++) {
        let order = each_array_1[$$index_1];
        const product = productOf(order);
        $$renderer2.push(`<li class="card order svelte-1g1cy3" data-testid="order"><div class="main svelte-1g1cy3"><a class="title svelte-1g1cy3"${attr("href", paths.checkout(order.id))}>${escape_html(product?.title ?? "Sản phẩm không còn được bán")}</a> <p class="meta muted svelte-1g1cy3"><time${attr("datetime", order.createdAt)}>${escape_html(formatDateTime(order.createdAt))}</time> · ${escape_html(paymentMethodLabels[order.paymentMethod])} `);
        if (order.promoCode) {
          $$renderer2.push(`<!--[0-->· mã ${escape_html(order.promoCode)} (−${escape_html(formatVnd(order.promoDiscountVnd))})`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--></p></div> <div class="side svelte-1g1cy3">`);
        OrderStatusBadge($$renderer2, { status: order.status });
        $$renderer2.push(`<!----> <strong class="amount svelte-1g1cy3">${escape_html(formatVnd(order.amountVnd))}</strong> <a${attr_class("btn small svelte-1g1cy3", void 0, { "btn-secondary": order.status !== "PENDING" })}${attr("href", paths.checkout(order.id))}>${escape_html(order.status === "PENDING" ? "Thanh toán" : order.status === "PAID" ? "Xem và tải xuống" : "Xem đơn")} <span class="visually-hidden">: ${escape_html(product?.title ?? "đơn hàng")}</span></a></div></li>`);
      }
      $$renderer2.push(`<!--]--></ol>`);
    }
    $$renderer2.push(`<!--]--> `);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (hasMore()) {
      $$renderer2.push(`<!--[0--><button type="button" class="btn btn-secondary more svelte-1g1cy3"${attr("disabled", loading, true)}${attr("aria-busy", loading)}>${escape_html("Xem thêm")}</button>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-CizeIYyh.js.map
