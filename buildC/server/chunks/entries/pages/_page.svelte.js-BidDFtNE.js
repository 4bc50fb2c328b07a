import { a7 as head, a4 as attr, a5 as ensure_array_like, a6 as escape_html, a9 as stringify } from '../../chunks/index.js-Oj9LwuME.js';
import { M as MediaQuery } from '../../chunks/index-server.js-Bpvy_lqR.js';
import { P as ProductGrid } from '../../chunks/ProductGrid.js-Bczcies0.js';
import { p as paths } from '../../chunks/paths.js-xLTGA48h.js';
import '../../chunks/utils.js-YOZGUGf-.js';
import '../../chunks/utils2.js-ejsMtG81.js';
import '../../chunks/catalog.js-DINH2wV_.js';
import 'zod';
import '../../chunks/format.js-CUETbGfu.js';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    const phone = new MediaQuery("max-width: 33rem");
    const quick = [
      { label: "Giáo án Toán lớp 1", q: "giáo án toán lớp 1" },
      { label: "Bài giảng Tiếng Việt", q: "bài giảng tiếng việt" },
      { label: "Ngữ văn 9", q: "ngữ văn lớp 9" },
      { label: "Nhạc khởi động", q: "nhạc khởi động" }
    ];
    head("1uha8ag", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>hoclieu — Giáo án, bài giảng, video và nhạc cho giáo viên</title>`);
      });
      $$renderer3.push(`<meta name="description" content="Kho giáo án, bài giảng PowerPoint, video và nhạc lớp học theo chương trình GDPT 2018, từ lớp 1 đến lớp 12. Thanh toán QR hoặc ví, tải về ngay."/> <meta property="og:type" content="website"/> <meta property="og:title" content="hoclieu — Học liệu cho giáo viên Việt Nam"/> <meta property="og:description" content="Giáo án, bài giảng, video và nhạc lớp học từ lớp 1 đến lớp 12."/>`);
    });
    $$renderer2.push(`<main><section class="hero svelte-1uha8ag"><div class="container"><h1 class="svelte-1uha8ag">Học liệu cho giáo viên Việt Nam</h1> <p class="lead svelte-1uha8ag">Giáo án, bài giảng trình chiếu, video và nhạc lớp học theo chương trình GDPT 2018 — mua là tải về ngay.</p> <form class="hero-search svelte-1uha8ag" role="search" method="GET"${attr("action", paths.search())}><label class="visually-hidden" for="home-q">Tìm học liệu</label> <input id="home-q" class="input svelte-1uha8ag" type="search" name="q" maxlength="128"${attr("placeholder", phone.current ? "Ví dụ: toán lớp 1" : "Ví dụ: giáo án toán lớp 1")} autocomplete="off"/> <button class="btn svelte-1uha8ag" type="submit">Tìm kiếm</button></form> <ul class="quick svelte-1uha8ag" aria-label="Tìm nhanh"><!--[-->`);
    const each_array = ensure_array_like(quick);
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let item = each_array[$$index];
      $$renderer2.push(`<li><a${attr("href", paths.search(item.q))} class="svelte-1uha8ag">${escape_html(item.label)}</a></li>`);
    }
    $$renderer2.push(`<!--]--></ul></div></section> <div class="container sections svelte-1uha8ag">`);
    if (data.flashSales.length) {
      $$renderer2.push(`<!--[0--><section aria-labelledby="flash-title" class="flash svelte-1uha8ag"><div class="section-head svelte-1uha8ag"><h2 id="flash-title" class="svelte-1uha8ag"><span aria-hidden="true">⚡</span> Flash sale đang diễn ra</h2> <p class="muted svelte-1uha8ag">Giá sốc trong thời gian ngắn, số suất có hạn.</p></div> `);
      ProductGrid($$renderer2, {
        products: data.flashSales,
        eager: 4,
        label: "Sản phẩm flash sale"
      });
      $$renderer2.push(`<!----></section>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> <section aria-labelledby="grades-title"><div class="section-head svelte-1uha8ag"><h2 id="grades-title" class="svelte-1uha8ag">Danh mục theo lớp và môn</h2> <a${attr("href", paths.category(""))}>Xem tất cả học liệu</a></div> <!--[-->`);
    const each_array_1 = ensure_array_like(data.levels);
    for (let $$index_3 = 0, $$length = each_array_1.length; $$index_3 < $$length; $$index_3++) {
      let group = each_array_1[$$index_3];
      $$renderer2.push(`<h3 class="level svelte-1uha8ag">${escape_html(group.level)}</h3> <ul class="grades svelte-1uha8ag"><!--[-->`);
      const each_array_2 = ensure_array_like(group.grades);
      for (let $$index_2 = 0, $$length2 = each_array_2.length; $$index_2 < $$length2; $$index_2++) {
        let grade = each_array_2[$$index_2];
        $$renderer2.push(`<li class="card grade svelte-1uha8ag"><h4 class="svelte-1uha8ag"><a${attr("href", paths.category(grade.path))} class="svelte-1uha8ag">${escape_html(grade.name)}</a></h4> `);
        if (grade.subjects.length) {
          $$renderer2.push(`<!--[0--><ul class="subjects svelte-1uha8ag"${attr("aria-label", `Môn học ${stringify(grade.name)}`)}><!--[-->`);
          const each_array_3 = ensure_array_like(grade.subjects);
          for (let $$index_1 = 0, $$length3 = each_array_3.length; $$index_1 < $$length3; $$index_1++) {
            let subject = each_array_3[$$index_1];
            $$renderer2.push(`<li><a${attr("href", paths.category(subject.path))} class="svelte-1uha8ag">${escape_html(subject.name)}</a></li>`);
          }
          $$renderer2.push(`<!--]--></ul>`);
        } else {
          $$renderer2.push("<!--[-1-->");
        }
        $$renderer2.push(`<!--]--></li>`);
      }
      $$renderer2.push(`<!--]--></ul>`);
    }
    $$renderer2.push(`<!--]--></section> `);
    if (data.featured.length) {
      $$renderer2.push(`<!--[0--><section aria-labelledby="featured-title"><div class="section-head svelte-1uha8ag"><h2 id="featured-title" class="svelte-1uha8ag">Nổi bật</h2> <a${attr("href", `${stringify(paths.category(""))}?sort=popular`)}>Xem thêm</a></div> `);
      ProductGrid($$renderer2, { products: data.featured, label: "Học liệu nổi bật" });
      $$renderer2.push(`<!----></section>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--> `);
    if (data.onSale.length) {
      $$renderer2.push(`<!--[0--><section aria-labelledby="sale-title"><div class="section-head svelte-1uha8ag"><h2 id="sale-title" class="svelte-1uha8ag">Đang giảm giá</h2> <a${attr("href", `${stringify(paths.category(""))}?onSale=true&sort=popular`)}>Xem tất cả</a></div> `);
      ProductGrid($$renderer2, { products: data.onSale, label: "Học liệu đang giảm giá" });
      $$renderer2.push(`<!----></section>`);
    } else {
      $$renderer2.push("<!--[-1-->");
    }
    $$renderer2.push(`<!--]--></div></main>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-BidDFtNE.js.map
