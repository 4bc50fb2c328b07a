import { D as DownloadByTokenInput } from '../../../../chunks/checkout.js-CYM5ahjD.js';

const load = ({ url, locals }) => {
  const token = url.searchParams.get("token");
  const problem = !token ? "Liên kết tải xuống thiếu mã tải. Hãy mở lại liên kết trong email biên nhận hoặc trong trang đơn hàng." : !DownloadByTokenInput.safeParse({ token }).success ? "Liên kết tải xuống không đúng định dạng — có thể liên kết bị cắt mất một phần khi sao chép. Hãy mở lại liên kết đầy đủ trong email biên nhận." : null;
  return { token: problem ? null : token, problem, signedIn: locals.session !== null };
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-BcY7c_Bd.js.map
