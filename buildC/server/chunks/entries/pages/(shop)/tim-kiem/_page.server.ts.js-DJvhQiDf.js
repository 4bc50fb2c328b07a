import { j as SEARCH_MAX_LENGTH } from '../../../../chunks/catalog.js-DINH2wV_.js';
import { p as parseFilters } from '../../../../chunks/listing-filters.js-BC-SGA3w.js';
import { c as classifyError } from '../../../../chunks/classify.js-IAiHLL2t.js';
import { s as serverCaller } from '../../../../chunks/server-caller.js-RtkrBhaZ.js';
import { t as throwPageError } from '../../../../chunks/page-error.js-Dr-caU-8.js';

const PAGE_SIZE = 24;
const load = async (event) => {
  const { url } = event;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const { sort, type, minPrice, maxPrice } = parseFilters(url.searchParams);
  const filters = { sort, type, minPrice, maxPrice };
  const empty = { q, filters, items: [], nextCursor: null, hasMore: false, limited: null, searched: false };
  if (q === "") return empty;
  try {
    const page = await serverCaller(event).search.search({ q, sort, type, minPrice, maxPrice, pageSize: PAGE_SIZE });
    return { ...empty, searched: true, items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
  } catch (e) {
    const c = classifyError(e);
    if (c.code === "rate_limited") {
      const retryAfter = typeof c.details?.retryAfterSeconds === "number" ? c.details.retryAfterSeconds : 60;
      event.setHeaders({ "retry-after": String(retryAfter) });
      return { ...empty, limited: { retryAfter } };
    }
    throwPageError(e);
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-DJvhQiDf.js.map
