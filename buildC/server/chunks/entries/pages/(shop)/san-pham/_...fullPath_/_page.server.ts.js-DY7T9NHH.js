import { O as fail, N as redirect, C as error } from '../../../../../chunks/utils.js-YOZGUGf-.js';
import { p as paymentMethods } from '../../../../../chunks/checkout.js-CYM5ahjD.js';
import { e as errorMessage } from '../../../../../chunks/errors.js-Bdn5OGQr.js';
import { p as paths } from '../../../../../chunks/paths.js-xLTGA48h.js';
import { c as config } from '../../../../../chunks/config.js-CBoIX22t.js';
import { c as classifyError } from '../../../../../chunks/classify.js-IAiHLL2t.js';
import { P as PRODUCT_PATH_PREFIX } from '../../../../../chunks/app-router.js-DteJZ6ep.js';
import { s as serverCaller } from '../../../../../chunks/server-caller.js-RtkrBhaZ.js';
import { t as throwPageError } from '../../../../../chunks/page-error.js-Dr-caU-8.js';

const notFound = () => error(404, { message: "Không tìm thấy học liệu ở đường dẫn này. Có thể học liệu đã được đổi tên hoặc gỡ xuống.", code: "not_found" });
const load = async (event) => {
  const { params, url, locals } = event;
  const api = serverCaller(event);
  let found;
  try {
    found = await api.catalog.product({ fullPath: params.fullPath });
  } catch (e) {
    if (classifyError(e).code === "validation_error") notFound();
    throwPageError(e);
  }
  if ("redirect" in found) redirect(308, paths.product(found.redirect.slice(PRODUCT_PATH_PREFIX.length)) + url.search);
  const { product, category, isPurchased } = found;
  const signedIn = locals.session !== null;
  const [siblings, download, wallet] = await Promise.all([
    // Breadcrumbs and "cùng danh mục" come from the category's listing; the page stands without them.
    api.catalog.listing({ path: category.path, sort: "popular", pageSize: 5 }).catch(() => null),
    isPurchased ? api.storefront.ownedDownload({ productId: product.id }).catch(() => null) : null,
    signedIn && !isPurchased ? api.wallet.balance({}).catch(() => null) : null
  ]);
  return {
    product,
    category,
    isPurchased,
    signedIn,
    guestCheckout: config().checkout.guestEnabled,
    download,
    walletTotal: wallet?.total ?? null,
    breadcrumbs: [
      { name: "Trang chủ", href: paths.home },
      ...(siblings?.breadcrumbs ?? [{ name: category.name, path: category.path }]).map((b) => ({ name: b.name, href: paths.category(b.path) })),
      { name: product.title, href: paths.product(product.fullPath) }
    ],
    related: (siblings?.items ?? []).filter((p) => p.id !== product.id).slice(0, 4),
    origin: url.origin
  };
};
const wording = {
  unauthenticated: "Hãy đăng nhập để mua, hoặc chọn chuyển khoản QR và nhập email để mua không cần tài khoản.",
  already_owned: "Bạn đã sở hữu học liệu này rồi — tải lại trang để thấy nút “Tải về”."
};
const actions = {
  /** Starts checkout through checkout.create (JavaScript or not), then shows the order. */
  buy: async (event) => {
    const form = await event.request.formData();
    const text = (name) => String(form.get(name) ?? "").trim();
    const values = {
      paymentMethod: text("paymentMethod"),
      promoCode: text("promoCode"),
      email: text("email"),
      consent: form.get("consent") === "on"
    };
    const productId = text("productId");
    if (!paymentMethods.includes(values.paymentMethod)) {
      return fail(400, { message: "Hãy chọn một cách thanh toán.", code: "validation_error", field: "paymentMethod", values });
    }
    const signedIn = event.locals.session !== null;
    if (!signedIn && values.paymentMethod !== "wallet") {
      if (!values.email) return fail(400, { message: "Hãy nhập email để nhận biên nhận và liên kết tải về.", code: "validation_error", field: "email", values });
      if (!values.consent) {
        return fail(400, { message: "Hãy đánh dấu đồng ý để chúng tôi gửi biên nhận và liên kết tải về qua email.", code: "validation_error", field: "consent", values });
      }
    }
    let orderId;
    try {
      const order = await serverCaller(event).checkout.create({
        productId,
        paymentMethod: values.paymentMethod,
        promoCode: values.promoCode || void 0,
        returnTo: event.url.pathname,
        ...signedIn ? {} : { guest: { email: values.email }, consent: values.consent }
      });
      orderId = order.id;
    } catch (e) {
      const c = classifyError(e);
      const fields = Array.isArray(c.details?.fields) ? c.details.fields : [];
      const field = typeof c.details?.field === "string" ? c.details.field : fields[0]?.path ?? null;
      const message = errorMessage({ data: { appCode: c.code, httpStatus: c.status, details: c.details ?? null }, message: c.message }, {
        ...wording,
        ...field === "guest.email" ? { validation_error: "Email chưa đúng định dạng, ví dụ: ten@truong.edu.vn." } : {}
      });
      return fail(c.status, { message, code: c.code, field: field === "guest.email" ? "email" : field, values });
    }
    redirect(303, paths.checkout(orderId));
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-DY7T9NHH.js.map
