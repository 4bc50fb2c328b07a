import { C as error } from '../../../../../chunks/utils.js-YOZGUGf-.js';
import { d as describeError } from '../../../../../chunks/errors.js-Bdn5OGQr.js';
import { n as nowMs } from '../../../../../chunks/app-error.js-BJVvpKXy.js';
import { s as serverCaller } from '../../../../../chunks/server-caller.js-RtkrBhaZ.js';

const load = async (event) => {
  const api = serverCaller(event);
  const order = await api.checkout.get({ orderId: event.params.orderId }).catch((e) => {
    if (describeError(e).code !== "not_found") throw e;
    error(404, {
      code: "not_found",
      message: event.locals.session ? "Không tìm thấy đơn hàng này trong tài khoản của bạn. Hãy mở đơn từ trang “Đơn hàng của tôi” hoặc từ email biên nhận." : "Không tìm thấy đơn hàng này. Nếu bạn đã mua khi đăng nhập, hãy đăng nhập để xem đơn; nếu mua không cần tài khoản, hãy mở đơn trên trình duyệt đã dùng để đặt mua hoặc từ email biên nhận."
    });
  });
  const [product] = await api.accountPages.productLinks({ ids: [order.productId] }).catch(() => []);
  return { order, product: product ?? null, signedIn: event.locals.session !== null, serverNow: nowMs() };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-DCXlkd9z.js.map
