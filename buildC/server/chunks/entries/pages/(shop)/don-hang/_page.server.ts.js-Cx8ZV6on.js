import { s as statusFromSlug } from '../../../../chunks/order-labels.js-Cr7VYHAq.js';
import { r as requireSignIn } from '../../../../chunks/page-guards.js--uaxia2H.js';
import { s as serverCaller } from '../../../../chunks/server-caller.js-RtkrBhaZ.js';

const PAGE_SIZE = 10;
const load = async (event) => {
  requireSignIn(event);
  const api = serverCaller(event);
  const status = statusFromSlug(event.url.searchParams.get("trang-thai"));
  const page = await api.checkout.list({ pageSize: PAGE_SIZE, status });
  const ids = [...new Set(page.items.map((o) => o.productId))];
  const products = ids.length ? await api.accountPages.productLinks({ ids }) : [];
  return { status: status ?? null, page, products, pageSize: PAGE_SIZE };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-Cx8ZV6on.js.map
