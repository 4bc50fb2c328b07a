import { d as describeError, e as errorMessage } from '../../../../chunks/errors.js-Bdn5OGQr.js';
import { r as requireSignIn } from '../../../../chunks/page-guards.js--uaxia2H.js';
import { s as serverCaller } from '../../../../chunks/server-caller.js-RtkrBhaZ.js';

const PAGE_SIZE = 12;
const load = async (event) => {
  requireSignIn(event);
  const api = serverCaller(event);
  const q = event.url.searchParams.get("q")?.trim().slice(0, 128) ?? "";
  const [quota, tracks] = await Promise.all([
    api.music.quota().catch((error) => {
      if (describeError(error).code === "service_unavailable") return { unavailable: errorMessage(error) };
      throw error;
    }),
    (q ? api.search.search({ q, type: "MUSIC", pageSize: PAGE_SIZE }) : api.catalog.listing({ path: "", type: "MUSIC", sort: "popular", pageSize: PAGE_SIZE })).catch((error) => ({ problem: errorMessage(error) }))
  ]);
  const ids = "items" in tracks ? tracks.items.map((t) => t.id) : [];
  const owned = ids.length ? await api.storefront.ownedProducts({ ids }).catch(() => null) : [];
  return { q, quota, tracks, owned };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-BRI0_vq-.js.map
