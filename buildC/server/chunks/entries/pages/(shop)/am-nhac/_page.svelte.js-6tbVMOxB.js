import { a7 as head, a6 as escape_html, a4 as attr, a5 as ensure_array_like, _ as derived, ab as attr_class, a8 as attr_style, a9 as stringify } from '../../../../chunks/index.js-Oj9LwuME.js';
import { M as MediaQuery } from '../../../../chunks/index-server.js-Bpvy_lqR.js';
import { d as formatDate, b as formatVnd } from '../../../../chunks/format.js-CUETbGfu.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import { t as trpc } from '../../../../chunks/client2.js-C3DODzKQ.js';
import { d as describeError, e as errorMessage } from '../../../../chunks/errors.js-Bdn5OGQr.js';
import { D as DownloadButton } from '../../../../chunks/DownloadButton.js-BjNqZTI7.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '@trpc/client';

function QuotaMeter($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { quota } = $$props;
    const limited = derived(() => quota.limit !== "unlimited");
    const left = derived(() => quota.limit === "unlimited" ? null : Math.max(0, quota.limit - quota.used));
    const share = derived(() => quota.limit === "unlimited" || quota.limit === 0 ? 1 : Math.min(1, quota.used / quota.limit));
    $$renderer2.push(`<section${attr_class("card quota svelte-11xp21n", void 0, { "exhausted": left() === 0 })} aria-labelledby="quota-title" data-testid="music-quota"><div class="head svelte-11xp21n"><h2 id="quota-title" class="svelte-11xp21n">Lượt tải nhạc miễn phí tháng này</h2> `);
    if (quota.isVip) {
      $$renderer2.push(`<!--[0--><span class="vip svelte-11xp21n">Thành viên VIP</span>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div> `);
    if (limited()) {
      $$renderer2.push(`<!--[0--><p class="count svelte-11xp21n" aria-live="polite"><strong data-testid="quota-used" class="svelte-11xp21n">${escape_html(quota.used)}/${escape_html(quota.limit)}</strong> lượt đã dùng <span class="muted">· còn ${escape_html(left())} lượt</span></p> <div class="bar svelte-11xp21n" aria-hidden="true"><span class="svelte-11xp21n"${attr_style("", { width: `${stringify(Math.round(share() * 100))}%` })}></span></div>`);
    } else {
      $$renderer2.push(`<!--[-1--><p class="count svelte-11xp21n"><strong data-testid="quota-used" class="svelte-11xp21n">Không giới hạn</strong> <span class="muted">· đã tải ${escape_html(quota.used)} bài tháng này</span></p>`);
    }
    $$renderer2.push(`<!--]--> <p class="muted reset svelte-11xp21n">Lượt tải được làm mới vào 00:00 ngày <time${attr("datetime", quota.resetsAt)}>${escape_html(formatDate(quota.resetsAt))}</time> (giờ Việt Nam). Bài nhạc bạn đã mua tải
		bao nhiêu lần cũng được và không tính lượt.</p></section>`);
  });
}
function TrackItem($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { track, owned, quotaLeft, onQuotaExceeded, onDownloaded } = $$props;
    const price = derived(() => track.salePriceVnd ?? track.priceVnd);
    const free = derived(() => price() === "0");
    const mustBuy = derived(() => !free() && owned === false);
    const outOfQuota = derived(() => free() && owned !== true && quotaLeft === 0);
    let needsPurchase = false;
    async function grant() {
      needsPurchase = false;
      return (await trpc.music.download.mutate({ id: track.id })).signedUrl;
    }
    function explain(error) {
      const problem = describeError(error);
      if (problem.code === "quota_exceeded") {
        onQuotaExceeded(problem.extra, errorMessage(error));
        return true;
      }
      if (problem.code === "forbidden") {
        needsPurchase = true;
        return true;
      }
      return false;
    }
    $$renderer2.push(`<li class="track svelte-9sieqq" data-testid="music-track"><span class="icon svelte-9sieqq" aria-hidden="true"><svg viewBox="0 0 24 24" width="26" height="26"><path fill="currentColor" d="M12 3v10.55A4 4 0 1 0 14 17V7h4V3h-6Z"></path></svg></span> <div class="info svelte-9sieqq"><a class="title svelte-9sieqq"${attr("id", `track-${stringify(track.id)}`)}${attr("href", paths.product(track.fullPath))}>${escape_html(track.title)}</a> <p class="price svelte-9sieqq">`);
    if (free()) {
      $$renderer2.push(`<!--[0--><span class="free svelte-9sieqq">Miễn phí</span> `);
      if (owned) {
        $$renderer2.push(`<!--[0--><span class="muted">· đã có, tải không tính lượt</span>`);
      } else if (outOfQuota()) {
        $$renderer2.push(`<!--[1--><span class="spent svelte-9sieqq">· hết lượt tải miễn phí tháng này</span>`);
      } else {
        $$renderer2.push(`<!--[-1--><span class="muted">· dùng 1 lượt tải</span>`);
      }
      $$renderer2.push(`<!--]-->`);
    } else if (owned) {
      $$renderer2.push(`<!--[1--><span class="owned svelte-9sieqq">Đã mua</span> <span class="muted">· tải không giới hạn</span>`);
    } else {
      $$renderer2.push("<!--[-1-->");
      if (track.salePriceVnd) {
        $$renderer2.push(`<!--[0--><span class="price-sale">${escape_html(formatVnd(track.salePriceVnd))}</span> <span class="price-old">${escape_html(formatVnd(track.priceVnd))}</span>`);
      } else {
        $$renderer2.push(`<!--[-1--><span>${escape_html(formatVnd(track.priceVnd))}</span>`);
      }
      $$renderer2.push(`<!--]--> <span class="muted">· tải khi đã mua</span>`);
    }
    $$renderer2.push(`<!--]--></p> `);
    if (needsPurchase) {
      $$renderer2.push(`<!--[0--><p class="notice notice-warning purchase svelte-9sieqq" role="alert">Bài nhạc này có phí và bạn chưa mua. <a${attr("href", paths.product(track.fullPath))}>Mua tại trang sản phẩm</a> để tải về không giới hạn.</p>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div> <div class="action svelte-9sieqq">`);
    if (mustBuy()) {
      $$renderer2.push(`<!--[0--><a class="btn btn-secondary buy svelte-9sieqq"${attr("href", paths.product(track.fullPath))}${attr("aria-describedby", `track-${stringify(track.id)}`)}>Mua · ${escape_html(formatVnd(price()))}</a>`);
    } else {
      $$renderer2.push("<!--[-1-->");
      DownloadButton($$renderer2, {
        label: "Tải xuống",
        variant: free() && !outOfQuota() || owned ? "primary" : "secondary",
        getUrl: grant,
        fallbackName: `${stringify(track.title)}.wav`,
        onError: explain,
        onDone: onDownloaded,
        describedBy: `track-${stringify(track.id)}`,
        align: "end",
        showFileName: false
      });
    }
    $$renderer2.push(`<!--]--></div></li>`);
  });
}
function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    const phone = new MediaQuery("max-width: 33rem");
    let quota = derived(() => "unavailable" in data.quota ? null : data.quota);
    const unavailable = derived(() => "unavailable" in data.quota ? data.quota.unavailable : null);
    let exhausted = null;
    let items = derived(() => "items" in data.tracks ? data.tracks.items : []);
    let hasMore = derived(() => "items" in data.tracks ? data.tracks.hasMore : false);
    const listProblem = derived(() => "problem" in data.tracks ? data.tracks.problem : null);
    let ownership = derived(() => ownershipOf("items" in data.tracks ? data.tracks.items : [], data.owned));
    const quotaLeft = derived(() => quota() && quota().limit !== "unlimited" ? Math.max(0, quota().limit - quota().used) : null);
    let loadingMore = false;
    function ownershipOf(tracks, owned) {
      if (!owned) return {};
      const set = new Set(owned);
      return Object.fromEntries(tracks.map((t) => [t.id, set.has(t.id)]));
    }
    async function refreshQuota() {
      try {
        quota(await trpc.music.quota.query());
      } catch {
      }
    }
    function quotaExceeded(extra, message) {
      const resetsAt = typeof extra?.resetsAt === "string" ? extra.resetsAt : quota()?.resetsAt ?? null;
      exhausted = { message, resetsAt };
      if (quota() && typeof extra?.used === "number") quota({ ...quota(), used: extra.used });
    }
    head("1blsz3w", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Nhạc cho lớp học — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="robots" content="noindex"/>`);
    });
    $$renderer2.push(`<main class="container music svelte-1blsz3w"><header class="intro svelte-1blsz3w"><h1 class="svelte-1blsz3w">Nhạc cho lớp học</h1> <p class="muted svelte-1blsz3w">Bài hát, nhạc nền và hiệu ứng cho tiết Âm nhạc, khởi động và sinh hoạt lớp. Bài miễn phí tải theo lượt hằng tháng.</p></header> `);
    if (unavailable()) {
      $$renderer2.push(`<!--[0--><p class="notice notice-warning" role="status">${escape_html(unavailable())}</p>`);
    } else if (quota()) {
      $$renderer2.push("<!--[1-->");
      QuotaMeter($$renderer2, { quota: quota() });
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (exhausted) {
      $$renderer2.push(`<!--[0--><div class="notice notice-warning exhausted svelte-1blsz3w" role="alert" data-testid="quota-exceeded"><p class="svelte-1blsz3w"><strong>Bạn đã dùng hết lượt tải nhạc miễn phí của tháng này.</strong></p> <p class="svelte-1blsz3w">`);
      if (exhausted.resetsAt) {
        $$renderer2.push(`<!--[0-->Lượt tải mới có từ 00:00 ngày ${escape_html(formatDate(exhausted.resetsAt))} (giờ Việt Nam).`);
      } else {
        $$renderer2.push(`<!--[-1-->${escape_html(exhausted.message)}`);
      }
      $$renderer2.push(`<!--]--> Trong lúc chờ, bạn vẫn tải được những bài đã mua, hoặc mua bài bạn cần tại trang sản phẩm.</p></div>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <section class="card tracks svelte-1blsz3w" aria-labelledby="tracks-title"><div class="tracks-head svelte-1blsz3w"><h2 id="tracks-title" class="svelte-1blsz3w">${escape_html(data.q ? `Kết quả cho “${data.q}”` : "Bài nhạc được tải nhiều")}</h2> <form method="GET"${attr("action", paths.music)} role="search" class="search svelte-1blsz3w" aria-label="Tìm bài nhạc"><label class="visually-hidden" for="music-q">Tìm bài nhạc</label> <input id="music-q" class="input svelte-1blsz3w" type="search" name="q"${attr("value", data.q)}${attr("placeholder", phone.current ? "Ví dụ: mùa xuân" : "Tìm bài nhạc, ví dụ: mùa xuân")}${attr("maxlength", 128)}/> <button type="submit" class="btn btn-secondary">Tìm</button></form></div> `);
    if (listProblem()) {
      $$renderer2.push(`<!--[0--><p class="notice notice-error" role="alert">${escape_html(listProblem())}</p>`);
    } else if (items().length === 0) {
      $$renderer2.push(`<!--[1--><p class="muted empty svelte-1blsz3w">${escape_html(data.q ? "Không tìm thấy bài nhạc nào phù hợp. Thử từ khoá khác, có dấu hoặc không dấu đều được." : "Chưa có bài nhạc nào.")} `);
      if (data.q) {
        $$renderer2.push(`<!--[0--><a${attr("href", paths.music)}>Xem tất cả bài nhạc</a>`);
      } else {
        $$renderer2.push("<!--[-1-->");
      }
      $$renderer2.push(`<!--]--></p>`);
    } else {
      $$renderer2.push(`<!--[-1--><ul class="list svelte-1blsz3w"><!--[-->`);
      const each_array = ensure_array_like(items());
      for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
        let track = each_array[$$index];
        TrackItem($$renderer2, {
          track,
          owned: ownership()[track.id] ?? null,
          quotaLeft: quotaLeft(),
          onQuotaExceeded: quotaExceeded,
          onDownloaded: refreshQuota
        });
      }
      $$renderer2.push(`<!--]--></ul>`);
    }
    $$renderer2.push(`<!--]--> `);
    {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (hasMore()) {
      $$renderer2.push(`<!--[0--><button type="button" class="btn btn-secondary more svelte-1blsz3w"${attr("disabled", loadingMore, true)}${attr("aria-busy", loadingMore)}>${escape_html("Xem thêm")}</button>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></section></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-6tbVMOxB.js.map
