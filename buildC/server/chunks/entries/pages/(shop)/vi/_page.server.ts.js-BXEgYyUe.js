import { d as describeError } from '../../../../chunks/errors.js-Bdn5OGQr.js';
import { n as nowMs } from '../../../../chunks/app-error.js-BJVvpKXy.js';
import { r as requireSignIn } from '../../../../chunks/page-guards.js--uaxia2H.js';
import { s as serverCaller } from '../../../../chunks/server-caller.js-RtkrBhaZ.js';

const load = async (event) => {
  requireSignIn(event);
  const api = serverCaller(event);
  const topupId = event.url.searchParams.get("nap");
  const [balance, ledger, denominations, topup] = await Promise.all([
    api.wallet.balance({}),
    api.wallet.ledger({ pageSize: 10 }),
    api.topup.denominations({}),
    topupId ? api.topup.getOrder({ id: topupId }).catch((error) => {
      if (describeError(error).code === "not_found") return null;
      throw error;
    }) : Promise.resolve(null)
  ]);
  return { balance, ledger, denominations, topup, serverNow: nowMs() };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-BXEgYyUe.js.map
