import { a4 as attr, a9 as stringify, a6 as escape_html, ab as attr_class, _ as derived } from './index.js-Oj9LwuME.js';
import { b as formatVnd, c as formatCountdown, e as formatDateTime } from './format.js-CUETbGfu.js';

function ExpiryCountdown($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { expiresAt, serverNow, label = "Mã QR hết hạn sau", onExpire } = $$props;
    const left = derived(() => Math.max(0, Date.parse(expiresAt) - serverNow));
    const minutesLeft = derived(() => Math.ceil(left() / 6e4));
    $$renderer2.push(`<p${attr_class("countdown svelte-1mv2jq", void 0, { "urgent": left() < 6e4 })}>`);
    if (left() > 0) {
      $$renderer2.push(`<!--[0--><span>${escape_html(label)} <strong role="timer" class="svelte-1mv2jq">${escape_html(formatCountdown(left()))}</strong></span> <span class="visually-hidden" aria-live="polite">${escape_html(label)} ${escape_html(minutesLeft())} phút.</span>`);
    } else {
      $$renderer2.push(`<!--[-1--><strong aria-live="polite" class="svelte-1mv2jq">Đã hết thời gian thanh toán.</strong>`);
    }
    $$renderer2.push(`<!--]--> <span class="muted until svelte-1mv2jq">(đến ${escape_html(formatDateTime(expiresAt))})</span></p>`);
  });
}
function QrPayment($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let {
      qrUrl,
      amountVnd,
      paymentRef,
      paymentInstructions,
      expiresAt,
      serverNow,
      onExpire
    } = $$props;
    $$renderer2.push(`<div class="qr-payment svelte-ok8rvb"><div class="qr svelte-ok8rvb">`);
    if (qrUrl) {
      $$renderer2.push(`<!--[0--><img${attr("src", qrUrl)} width="240" height="240"${attr("alt", `Mã VietQR chuyển khoản ${stringify(formatVnd(amountVnd))}${paymentRef ? `, nội dung ${paymentRef}` : ""}`)} data-testid="payment-qr" class="svelte-ok8rvb"/>`);
    } else {
      $$renderer2.push(`<!--[-1--><div class="qr-missing muted svelte-ok8rvb">Mã QR tạm thời không hiển thị được. Bạn vẫn có thể chuyển khoản theo hướng dẫn bên cạnh.</div>`);
    }
    $$renderer2.push(`<!--]--></div> <div class="details svelte-ok8rvb"><dl class="svelte-ok8rvb"><div><dt class="svelte-ok8rvb">Số tiền cần chuyển</dt> <dd class="svelte-ok8rvb"><strong class="amount svelte-ok8rvb" data-testid="payment-amount">${escape_html(formatVnd(amountVnd))}</strong> <button type="button" class="btn btn-ghost copy svelte-ok8rvb" aria-label="Sao chép số tiền">${escape_html("Sao chép")}</button></dd></div> `);
    if (paymentRef) {
      $$renderer2.push(`<!--[0--><div><dt class="svelte-ok8rvb">Nội dung chuyển khoản</dt> <dd class="svelte-ok8rvb"><code class="ref svelte-ok8rvb" data-testid="payment-ref">${escape_html(paymentRef)}</code> <button type="button" class="btn btn-ghost copy svelte-ok8rvb" aria-label="Sao chép nội dung chuyển khoản">${escape_html("Sao chép")}</button></dd></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></dl> `);
    if (paymentInstructions) {
      $$renderer2.push(`<!--[0--><p class="instructions svelte-ok8rvb">${escape_html(paymentInstructions)}</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <p class="muted hint svelte-ok8rvb">Ghi đúng nội dung chuyển khoản để hệ thống tự xác nhận.</p> `);
    if (expiresAt) {
      $$renderer2.push("<!--[0-->");
      ExpiryCountdown($$renderer2, { expiresAt, serverNow, onExpire });
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></div>`);
  });
}

export { ExpiryCountdown as E, QrPayment as Q };
//# sourceMappingURL=QrPayment.js-4hbAFe6x.js.map
