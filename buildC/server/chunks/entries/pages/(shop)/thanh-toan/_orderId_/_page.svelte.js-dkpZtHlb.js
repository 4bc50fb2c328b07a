import { a7 as head, a6 as escape_html, a4 as attr, ab as attr_class, _ as derived } from '../../../../../chunks/index.js-Oj9LwuME.js';
import { i as isSafeRedirectPath } from '../../../../../chunks/auth.js-DNKvsyge.js';
import { D as DownloadButton } from '../../../../../chunks/DownloadButton.js-BjNqZTI7.js';
import { Q as QrPayment, E as ExpiryCountdown } from '../../../../../chunks/QrPayment.js-4hbAFe6x.js';
import { O as OrderStatusBadge } from '../../../../../chunks/OrderStatusBadge.js-B743I9vu.js';
import { b as formatVnd, e as formatDateTime } from '../../../../../chunks/format.js-CUETbGfu.js';
import { p as paymentMethodLabels } from '../../../../../chunks/order-labels.js-Cr7VYHAq.js';
import { p as paths } from '../../../../../chunks/paths.js-xLTGA48h.js';
import { t as trpc } from '../../../../../chunks/client2.js-C3DODzKQ.js';
import '../../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../../chunks/utils2.js-ejsMtG81.js';
import 'zod';
import '@trpc/client';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    let order = derived(() => data.order);
    const title = derived(() => data.product?.title ?? "Sản phẩm");
    const retryHref = derived(() => data.product ? paths.product(data.product.fullPath) : order().returnTo && isSafeRedirectPath(order().returnTo) ? order().returnTo : paths.home);
    const receiptNote = derived(() => {
      switch (order().receiptStatus) {
        case "sent":
          return {
            warn: false,
            text: "Biên nhận và liên kết tải xuống đã được gửi tới email của bạn."
          };
        case "pending":
          return {
            warn: false,
            text: "Biên nhận đang được gửi tới email của bạn."
          };
        case "failed":
        case "suppressed":
          return {
            warn: true,
            text: "Chưa gửi được email biên nhận, nhưng bạn có thể tải tài liệu ngay tại đây."
          };
        default:
          return null;
      }
    });
    async function checkNow() {
      if (order().status !== "PENDING") return;
      try {
        order(await trpc.checkout.get.query({ orderId: order().id }));
      } catch {
      }
    }
    async function fileUrl() {
      const fresh = await trpc.checkout.get.query({ orderId: order().id });
      const token = fresh.downloadUrl ? new URL(fresh.downloadUrl, location.href).searchParams.get("token") : null;
      if (!token) throw new Error("Đơn hàng chưa có liên kết tải xuống.");
      return (await trpc.downloads.byToken.mutate({ token })).url;
    }
    head("107egx3", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Thanh toán đơn hàng — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/> <meta name="referrer" content="no-referrer"/>`);
    });
    $$renderer2.push(`<main class="container checkout svelte-107egx3"><h1 class="svelte-107egx3">Đơn hàng: ${escape_html(title())}</h1> <div class="layout svelte-107egx3"><section class="card summary svelte-107egx3" aria-labelledby="summary-title"><h2 id="summary-title" class="svelte-107egx3">Tóm tắt đơn hàng</h2> `);
    if (data.product?.coverImageUrl) {
      $$renderer2.push(`<!--[0--><img class="cover svelte-107egx3"${attr("src", data.product.coverImageUrl)} alt="" width="320" height="180"/>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <dl class="svelte-107egx3"><div class="product svelte-107egx3"><dt class="svelte-107egx3">Sản phẩm</dt> <dd class="svelte-107egx3">`);
    if (data.product) {
      $$renderer2.push(`<!--[0--><a${attr("href", paths.product(data.product.fullPath))}>${escape_html(data.product.title)}</a>`);
    } else {
      $$renderer2.push(`<!--[-1-->Sản phẩm không còn được bán`);
    }
    $$renderer2.push(`<!--]--></dd></div> <div class="svelte-107egx3"><dt class="svelte-107egx3">Trạng thái</dt> <dd class="svelte-107egx3">`);
    OrderStatusBadge($$renderer2, { status: order().status });
    $$renderer2.push(`<!----></dd></div> <div class="svelte-107egx3"><dt class="svelte-107egx3">Giá</dt> <dd class="svelte-107egx3">${escape_html(formatVnd(order().priceVnd))}</dd></div> `);
    if (order().promoDiscountVnd !== "0") {
      $$renderer2.push(`<!--[0--><div class="svelte-107egx3"><dt class="svelte-107egx3">Mã khuyến mãi ${escape_html(order().promoCode ?? "")}</dt> <dd class="svelte-107egx3">−${escape_html(formatVnd(order().promoDiscountVnd))}</dd></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <div class="total svelte-107egx3"><dt class="svelte-107egx3">Thành tiền</dt> <dd class="svelte-107egx3">${escape_html(formatVnd(order().amountVnd))}</dd></div> <div class="svelte-107egx3"><dt class="svelte-107egx3">Thanh toán bằng</dt> <dd class="svelte-107egx3">${escape_html(paymentMethodLabels[order().paymentMethod])}</dd></div> <div class="svelte-107egx3"><dt class="svelte-107egx3">Đặt lúc</dt> <dd class="svelte-107egx3"><time${attr("datetime", order().createdAt)}>${escape_html(formatDateTime(order().createdAt))}</time></dd></div></dl></section> <section class="card payment svelte-107egx3" aria-labelledby="payment-title"><div class="live svelte-107egx3" aria-live="polite" data-testid="checkout-status">`);
    if (order().status === "PENDING") {
      $$renderer2.push(`<!--[0--><h2 id="payment-title" class="svelte-107egx3">${escape_html(order().paymentMethod === "cash_manual" ? "Thanh toán tiền mặt" : "Quét mã QR để thanh toán")}</h2> <p class="notice notice-info svelte-107egx3">Đang chờ thanh toán… Trang tự cập nhật khi nhận được tiền.</p>`);
    } else if (order().status === "PAID") {
      $$renderer2.push(`<!--[1--><h2 id="payment-title" tabindex="-1" class="svelte-107egx3">Thanh toán thành công</h2> <p class="notice notice-success svelte-107egx3">Cảm ơn bạn! Đơn hàng đã được thanh toán${escape_html(order().paidAt ? ` lúc ${formatDateTime(order().paidAt)}` : "")}. Bạn có thể tải tài liệu ngay bây giờ.</p>`);
    } else {
      $$renderer2.push(`<!--[-1--><h2 id="payment-title" tabindex="-1" class="svelte-107egx3">${escape_html(order().status === "EXPIRED" ? "Đơn hàng đã hết hạn thanh toán" : order().status === "CANCELLED" ? "Đơn hàng đã được huỷ" : "Thanh toán không thành công")}</h2> <p class="notice notice-warning svelte-107egx3">`);
      if (order().status === "EXPIRED") {
        $$renderer2.push(`<!--[0-->Đã quá thời gian thanh toán của đơn này nên mã QR không còn dùng được.`);
      } else if (order().status === "CANCELLED") {
        $$renderer2.push(`<!--[1-->Đơn này đã được huỷ, có thể vì bạn đã đặt lại với cách thanh toán khác.`);
      } else {
        $$renderer2.push(`<!--[-1-->Đơn này không được thanh toán.`);
      }
      $$renderer2.push(`<!--]--> `);
      if (data.signedIn) {
        $$renderer2.push(`<!--[0-->Nếu bạn vẫn chuyển khoản cho đơn này, số tiền được hoàn vào tiền nạp trong ví của bạn.`);
      } else if (order().paymentRef) {
        $$renderer2.push(`<!--[1-->Nếu bạn vẫn chuyển khoản cho đơn này, hãy liên hệ hỗ trợ kèm nội dung chuyển khoản ${escape_html(order().paymentRef)} để được hoàn tiền.`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--></p>`);
    }
    $$renderer2.push(`<!--]--></div> `);
    if (order().status === "PENDING" && order().paymentMethod === "qr_direct") {
      $$renderer2.push("<!--[0-->");
      QrPayment($$renderer2, {
        qrUrl: order().qrUrl,
        amountVnd: order().amountVnd,
        paymentRef: order().paymentRef,
        paymentInstructions: order().paymentInstructions,
        expiresAt: order().expiresAt,
        serverNow: data.serverNow,
        onExpire: checkNow
      });
    } else if (order().status === "PENDING") {
      $$renderer2.push("<!--[1-->");
      if (order().paymentInstructions) {
        $$renderer2.push(`<!--[0--><p>${escape_html(order().paymentInstructions)}</p>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> `);
      if (order().paymentRef) {
        $$renderer2.push(`<!--[0--><p>Mã đơn: <code class="ref svelte-107egx3" data-testid="payment-ref">${escape_html(order().paymentRef)}</code></p>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> `);
      if (order().expiresAt) {
        $$renderer2.push("<!--[0-->");
        ExpiryCountdown($$renderer2, {
          expiresAt: order().expiresAt,
          serverNow: data.serverNow,
          label: "Đơn được giữ thêm",
          onExpire: checkNow
        });
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]-->`);
    } else if (order().status === "PAID") {
      $$renderer2.push("<!--[2-->");
      DownloadButton($$renderer2, {
        label: "Tải tài liệu về máy",
        getUrl: fileUrl,
        fallbackName: title(),
        testId: "order-download"
      });
      $$renderer2.push(`<!----> `);
      if (receiptNote()) {
        $$renderer2.push(`<!--[0--><p${attr_class("receipt svelte-107egx3", void 0, {
          "muted": !receiptNote().warn,
          "notice": receiptNote().warn,
          "notice-warning": receiptNote().warn
        })}>${escape_html(receiptNote().text)}</p>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <p class="links svelte-107egx3">`);
      if (data.signedIn) {
        $$renderer2.push(`<!--[0--><a${attr("href", paths.orders)}>Xem tất cả đơn hàng</a>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <a${attr("href", paths.home)}>Tiếp tục mua sắm</a></p>`);
    } else {
      $$renderer2.push(`<!--[-1--><a class="btn"${attr("href", retryHref())}>Thử lại</a>`);
    }
    $$renderer2.push(`<!--]--></section></div></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-dkpZtHlb.js.map
