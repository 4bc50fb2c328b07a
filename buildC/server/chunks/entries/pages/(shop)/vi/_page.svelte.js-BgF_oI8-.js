import { a7 as head, a6 as escape_html, a5 as ensure_array_like, ab as attr_class, a4 as attr, ad as clsx, _ as derived } from '../../../../chunks/index.js-Oj9LwuME.js';
import { b as formatVnd, e as formatDateTime } from '../../../../chunks/format.js-CUETbGfu.js';
import '../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/root.js-BiG7g75A.js';
import '../../../../chunks/state.svelte.js-E3lk_GL8.js';
import { t as trpc } from '../../../../chunks/client2.js-C3DODzKQ.js';
import { Q as QrPayment } from '../../../../chunks/QrPayment.js-4hbAFe6x.js';
import '../../../../chunks/topup.js-C5XdnIjH.js';
import '@trpc/client';
import 'zod';

function BalanceCard($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { balance } = $$props;
    $$renderer2.push(`<section class="card balance svelte-v2ol3u" aria-labelledby="balance-title"><h2 id="balance-title" class="visually-hidden">Số dư ví</h2> <div class="total svelte-v2ol3u"><span class="label svelte-v2ol3u">Tổng số dư</span> <strong data-testid="balance-total" class="svelte-v2ol3u">${escape_html(formatVnd(balance.total))}</strong></div> <dl class="pockets svelte-v2ol3u"><div class="svelte-v2ol3u"><dt class="svelte-v2ol3u">Tiền nạp</dt> <dd data-testid="balance-main" class="svelte-v2ol3u">${escape_html(formatVnd(balance.main))}</dd></div> <div class="svelte-v2ol3u"><dt class="svelte-v2ol3u">Tiền thưởng</dt> <dd data-testid="balance-bonus" class="svelte-v2ol3u">${escape_html(formatVnd(balance.bonus))}</dd></div></dl> <p class="muted note svelte-v2ol3u">Khi mua hàng, tiền thưởng được trừ trước, sau đó mới đến tiền nạp.</p></section>`);
  });
}
function GiftCodeForm($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let code = "";
    $$renderer2.push(`<section class="card gift svelte-8buv1r" aria-labelledby="gift-title"><h2 id="gift-title" class="svelte-8buv1r">Đổi mã quà tặng</h2> <p class="muted intro svelte-8buv1r">Có thẻ quà tặng hoclieu? Nhập mã để cộng tiền thưởng vào ví.</p> <form novalidate="" class="svelte-8buv1r"><div class="field"><label for="gift-code">Mã quà tặng</label> <input id="gift-code" name="code" class="input svelte-8buv1r"${attr("value", code)}${attr("maxlength", 64)} autocomplete="off" autocapitalize="characters" spellcheck="false"${attr("aria-invalid", void 0)} aria-describedby="gift-outcome"/></div> <button type="submit" class="btn"${attr("disabled", true, true)}>${escape_html("Đổi mã")}</button></form> <div id="gift-outcome" aria-live="polite">`);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></section>`);
  });
}
function LedgerList($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { ledger } = $$props;
    const typeLabels = {
      TOPUP: "Nạp tiền",
      PURCHASE: "Mua hàng",
      BONUS: "Tiền thưởng",
      REFUND: "Hoàn tiền",
      ADJUSTMENT: "Điều chỉnh"
    };
    const pocketLabels = { main: "Tiền nạp", bonus: "Tiền thưởng" };
    let items = derived(() => ledger.items);
    let hasMore = derived(() => ledger.hasMore);
    let loading = false;
    $$renderer2.push(`<section class="card ledger svelte-kkch9v" aria-labelledby="ledger-title"><h2 id="ledger-title" class="svelte-kkch9v">Lịch sử giao dịch</h2> `);
    if (items().length === 0) {
      $$renderer2.push(`<!--[0--><p class="muted empty svelte-kkch9v">Chưa có giao dịch nào. Nạp tiền hoặc đổi mã quà tặng để bắt đầu.</p>`);
    } else {
      $$renderer2.push(`<!--[-1--><ol class="entries svelte-kkch9v" data-testid="ledger"><!--[-->`);
      const each_array = ensure_array_like(items());
      for (let i = 0, $$length = each_array.length; i < $$length; i++) {
        let entry = each_array[i];
        $$renderer2.push(`<li class="entry svelte-kkch9v"><div class="what svelte-kkch9v"><span class="type svelte-kkch9v">${escape_html(typeLabels[entry.entryType])}</span> <span class="pocket svelte-kkch9v">${escape_html(pocketLabels[entry.pocket])}</span> `);
        if (entry.note) {
          $$renderer2.push(`<!--[0--><span class="note svelte-kkch9v">${escape_html(entry.note)}</span>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--> <time class="muted when svelte-kkch9v"${attr("datetime", entry.createdAt)}>${escape_html(formatDateTime(entry.createdAt))}</time></div> <div class="money svelte-kkch9v"><strong${attr_class(clsx(entry.direction === "CREDIT" ? "credit" : "debit"), "svelte-kkch9v")}><span class="visually-hidden">${escape_html(entry.direction === "CREDIT" ? "Cộng" : "Trừ")}</span> <span aria-hidden="true">${escape_html(entry.direction === "CREDIT" ? "+" : "−")}</span>${escape_html(formatVnd(entry.amount))}</strong> <span class="muted after svelte-kkch9v">Số dư: ${escape_html(formatVnd(entry.balanceAfter))}</span></div></li>`);
      }
      $$renderer2.push(`<!--]--></ol>`);
    }
    $$renderer2.push(`<!--]--> `);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (hasMore()) {
      $$renderer2.push(`<!--[0--><button type="button" class="btn btn-secondary more svelte-kkch9v"${attr("disabled", loading, true)}${attr("aria-busy", loading)}>${escape_html("Xem thêm")}</button>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></section>`);
  });
}
function TopupPanel($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { denominations, topup, serverNow } = $$props;
    let order = derived(() => topup);
    let selectedId = defaultPick();
    let promo = "";
    const selected = derived(() => denominations.find((d) => d.id === selectedId) ?? null);
    const bonusOf = (d) => BigInt(d.amountVnd) * BigInt(Math.round(d.bonusRatePct * 100)) / 10000n;
    function defaultPick() {
      return (denominations.find((d) => d.isPopular) ?? denominations[0])?.id ?? null;
    }
    const payable = derived(() => selected() ? selected().amountVnd : null);
    async function checkNow() {
      if (!order() || order().status !== "PENDING") return;
      try {
        order(await trpc.topup.getOrder.query({ id: order().id }));
      } catch {
      }
    }
    $$renderer2.push(`<section class="card topup svelte-w41p2o" aria-labelledby="topup-title"><h2 id="topup-title" class="svelte-w41p2o">Nạp tiền vào ví</h2> `);
    if (order()) {
      $$renderer2.push(`<!--[0--><div class="status svelte-w41p2o" aria-live="polite" data-testid="topup-status">`);
      if (order().status === "PENDING") {
        $$renderer2.push(`<!--[0--><p class="notice notice-info svelte-w41p2o">Đang chờ chuyển khoản… Trang sẽ tự cập nhật khi ngân hàng xác nhận.</p>`);
      } else if (order().status === "PAID") {
        $$renderer2.push(`<!--[1--><p class="notice notice-success svelte-w41p2o">Nạp tiền thành công! Đã cộng ${escape_html(formatVnd(order().amountVnd))} vào tiền nạp${escape_html(order().bonusVnd !== "0" ? ` và ${formatVnd(order().bonusVnd)} vào tiền thưởng` : "")}.</p>`);
      } else {
        $$renderer2.push(`<!--[-1--><p class="notice notice-warning svelte-w41p2o">${escape_html(order().status === "EXPIRED" ? "Mã QR đã hết hạn" : "Lệnh nạp không thành công")} mà chưa nhận được tiền. Nếu bạn đã chuyển khoản, vui lòng
					liên hệ hỗ trợ kèm nội dung <strong>${escape_html(order().paymentRef)}</strong>.</p>`);
      }
      $$renderer2.push(`<!--]--></div> `);
      if (order().status === "PENDING") {
        $$renderer2.push(`<!--[0--><h3 tabindex="-1" class="svelte-w41p2o">Quét mã để nạp ${escape_html(formatVnd(order().amountVnd))}</h3> `);
        if (order().bonusVnd !== "0" || order().promoDiscountVnd !== "0") {
          $$renderer2.push(`<!--[0--><p class="muted summary svelte-w41p2o">`);
          if (order().bonusVnd !== "0") {
            $$renderer2.push(`<!--[0-->Thưởng thêm ${escape_html(formatVnd(order().bonusVnd))}.`);
          } else {
            $$renderer2.push("<!--[-1-->");
          }
          $$renderer2.push(`<!--]--> `);
          if (order().promoDiscountVnd !== "0") {
            $$renderer2.push(`<!--[0-->Mã khuyến mãi giảm ${escape_html(formatVnd(order().promoDiscountVnd))}.`);
          } else {
            $$renderer2.push("<!--[-1-->");
          }
          $$renderer2.push(`<!--]--></p>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--> `);
        QrPayment($$renderer2, {
          qrUrl: order().qrUrl,
          amountVnd: order().totalAmountVnd,
          paymentRef: order().paymentRef,
          paymentInstructions: order().paymentInstructions,
          expiresAt: order().expiresAt,
          serverNow,
          onExpire: checkNow
        });
        $$renderer2.push(`<!----> <button type="button" class="btn btn-ghost back svelte-w41p2o">Chọn mệnh giá khác</button>`);
      } else if (order().status === "PAID") {
        $$renderer2.push(`<!--[1--><button type="button" class="btn">Nạp thêm</button>`);
      } else {
        $$renderer2.push(`<!--[-1--><button type="button" class="btn">Thử lại</button>`);
      }
      $$renderer2.push(`<!--]-->`);
    } else if (denominations.length === 0) {
      $$renderer2.push(`<!--[1--><p class="notice notice-info">Hiện chưa có mệnh giá nạp nào. Vui lòng quay lại sau.</p>`);
    } else {
      $$renderer2.push(`<!--[-1--><form novalidate="" class="svelte-w41p2o"><fieldset class="denominations svelte-w41p2o"><legend class="svelte-w41p2o">Chọn mệnh giá</legend> <!--[-->`);
      const each_array = ensure_array_like(denominations);
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let d = each_array[$$index];
        $$renderer2.push(`<label${attr_class("denomination svelte-w41p2o", void 0, { "picked": selectedId === d.id })}><input type="radio" name="denomination"${attr("value", d.id)}${attr("checked", selectedId === d.id, true)} class="svelte-w41p2o"/> <span class="amount svelte-w41p2o">${escape_html(formatVnd(d.amountVnd))}</span> `);
        if (d.bonusRatePct > 0) {
          $$renderer2.push(`<!--[0--><span class="bonus svelte-w41p2o">+${escape_html(d.bonusRatePct.toLocaleString("vi-VN"))}% thưởng (${escape_html(formatVnd(bonusOf(d)))})</span>`);
        } else {
          $$renderer2.push(`<!--[-1--><span class="bonus none svelte-w41p2o">Không kèm thưởng</span>`);
        }
        $$renderer2.push(`<!--]--> `);
        if (d.isPopular) {
          $$renderer2.push(`<!--[0--><span class="tag popular svelte-w41p2o">Phổ biến</span>`);
        } else if (d.tag) {
          $$renderer2.push(`<!--[1--><span class="tag svelte-w41p2o">${escape_html(d.tag)}</span>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--></label>`);
      }
      $$renderer2.push(`<!--]--></fieldset> <div class="field promo svelte-w41p2o"><label for="topup-promo">Mã khuyến mãi (không bắt buộc)</label> <input id="topup-promo" class="input svelte-w41p2o"${attr("value", promo)}${attr("maxlength", 40)} autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="topup-promo-state"${attr("aria-invalid", void 0)}/> <p id="topup-promo-state" class="promo-state svelte-w41p2o" aria-live="polite" data-testid="promo-state">`);
      {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--></p></div> `);
      if (selected() && payable()) {
        $$renderer2.push(`<!--[0--><p class="total svelte-w41p2o" data-testid="topup-summary">Bạn chuyển <strong>${escape_html(formatVnd(payable()))}</strong>, ví nhận ${escape_html(formatVnd(selected().amountVnd))} tiền nạp${escape_html(bonusOf(selected()) > 0n ? ` + ${formatVnd(bonusOf(selected()))} tiền thưởng` : "")}.</p>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> `);
      {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--> <button type="submit" class="btn svelte-w41p2o"${attr("disabled", true, true)}>${escape_html("Tạo mã QR nạp tiền")}</button></form>`);
    }
    $$renderer2.push(`<!--]--></section>`);
  });
}
function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    head("rktpfu", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Ví của tôi — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/>`);
    });
    $$renderer2.push(`<main class="container wallet svelte-rktpfu"><h1 class="svelte-rktpfu">Ví của tôi</h1> `);
    BalanceCard($$renderer2, { balance: data.balance });
    $$renderer2.push(`<!----> <div class="columns svelte-rktpfu">`);
    TopupPanel($$renderer2, {
      denominations: data.denominations,
      topup: data.topup,
      serverNow: data.serverNow
    });
    $$renderer2.push(`<!----> `);
    GiftCodeForm($$renderer2);
    $$renderer2.push(`<!----></div> `);
    LedgerList($$renderer2, { ledger: data.ledger });
    $$renderer2.push(`<!----></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-BgF_oI8-.js.map
