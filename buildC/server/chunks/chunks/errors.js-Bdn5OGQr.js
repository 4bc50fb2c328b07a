const BY_CODE = {
  validation_error: "Thông tin chưa hợp lệ. Vui lòng kiểm tra lại rồi thử lần nữa.",
  not_found: "Không tìm thấy nội dung bạn cần. Có thể nó đã được gỡ hoặc đường dẫn không đúng.",
  unauthenticated: "Bạn cần đăng nhập để tiếp tục.",
  forbidden: "Bạn không có quyền thực hiện thao tác này.",
  rate_limited: "Bạn thao tác hơi nhanh. Vui lòng đợi một lát rồi thử lại.",
  state_violation: "Thao tác này không thực hiện được ở trạng thái hiện tại. Hãy tải lại trang để xem tình trạng mới nhất.",
  already_owned: "Bạn đã sở hữu học liệu này rồi — có thể tải về ngay trong “Đơn hàng”.",
  flash_sale_sold_out: "Suất flash sale đã hết. Bạn vẫn có thể mua với giá hiện tại.",
  promo_cap_reached: "Mã khuyến mãi đã hết lượt sử dụng.",
  wallet_balance_overflow: "Số dư ví đã chạm mức tối đa cho phép, không thể cộng thêm.",
  payment_processing: "Cổng thanh toán đang tạm gián đoạn. Vui lòng thử lại sau ít phút.",
  quota_exceeded: "Bạn đã dùng hết lượt tải nhạc trong kỳ này.",
  conflict: "Dữ liệu vừa thay đổi. Hãy tải lại trang rồi thử lại.",
  invalid_credentials: "Email hoặc mật khẩu không đúng.",
  email_taken: "Email này đã có tài khoản. Hãy đăng nhập hoặc dùng email khác.",
  invalid_otp: "Mã xác nhận không đúng.",
  otp_expired: "Mã xác nhận đã hết hạn. Hãy yêu cầu mã mới.",
  invalid_token: "Liên kết không hợp lệ hoặc đã hết hạn.",
  method_not_allowed: "Thao tác này không được hỗ trợ.",
  payload_too_large: "Nội dung gửi lên quá lớn.",
  unsupported_media_type: "Định dạng dữ liệu gửi lên không được hỗ trợ.",
  service_unavailable: "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau ít phút.",
  internal: "Đã có lỗi không mong muốn ở máy chủ. Vui lòng thử lại sau.",
  network: "Không kết nối được tới máy chủ. Hãy kiểm tra mạng rồi thử lại.",
  aborted: "Yêu cầu đã bị huỷ.",
  unknown: "Đã có lỗi xảy ra. Vui lòng thử lại."
};
const BY_STATUS = {
  400: BY_CODE.validation_error,
  401: BY_CODE.unauthenticated,
  403: BY_CODE.forbidden,
  404: BY_CODE.not_found,
  409: BY_CODE.conflict,
  429: BY_CODE.rate_limited,
  503: BY_CODE.service_unavailable
};
const STATUS_CODES = {
  400: "validation_error",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  429: "rate_limited",
  500: "internal",
  503: "service_unavailable"
};
const isObject = (v) => typeof v === "object" && v !== null;
const str = (v) => typeof v === "string" && v.trim() !== "" ? v : null;
const obj = (v) => isObject(v) ? v : null;
function describeError(err) {
  if (!isObject(err)) return { status: 0, code: "unknown", serverMessage: str(err), details: null, extra: null };
  if (err.name === "AbortError") {
    return { status: 0, code: "aborted", serverMessage: null, details: null, extra: null };
  }
  const data = obj(err.data);
  if (data && str(data.appCode)) {
    return {
      status: typeof data.httpStatus === "number" ? data.httpStatus : 0,
      code: data.appCode,
      serverMessage: str(err.message),
      details: obj(data.details),
      extra: obj(data.extra)
    };
  }
  const cause = obj(err.cause);
  if (cause && typeof cause.status === "number" && str(cause.code)) {
    return { status: cause.status, code: cause.code, serverMessage: str(cause.message), details: obj(cause.details), extra: obj(cause.extra) };
  }
  const body = obj(err.body);
  const status = typeof err.status === "number" ? err.status : 0;
  if (body && (str(body.message) || str(body.code))) {
    return {
      status,
      code: str(body.code) ?? STATUS_CODES[status] ?? "unknown",
      serverMessage: str(body.message),
      details: null,
      extra: null
    };
  }
  const envelope = obj(err.error);
  if (envelope && str(envelope.code)) {
    return { status, code: envelope.code, serverMessage: str(envelope.message), details: obj(envelope.details), extra: null };
  }
  if (str(err.code) && str(err.message) && !(err instanceof Error)) {
    return { status, code: err.code, serverMessage: str(err.message), details: null, extra: null };
  }
  const name = str(err.name);
  if (name === "TRPCClientError" || err instanceof TypeError) {
    return { status: 0, code: "network", serverMessage: null, details: null, extra: null };
  }
  return { status, code: STATUS_CODES[status] ?? "unknown", serverMessage: null, details: null, extra: null };
}
function retryAfterSeconds(err) {
  const seconds = describeError(err).details?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds) : null;
}
function formatWait(seconds) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} giây`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} phút`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} giờ ${m} phút` : `${h} giờ`;
}
function errorMessage(err, wording = {}) {
  const info = describeError(err);
  const own = wording[info.code];
  if (own) return own;
  if (info.code === "rate_limited") {
    const wait = retryAfterSeconds(err);
    if (wait) return `Bạn thao tác hơi nhanh. Vui lòng đợi ${formatWait(wait)} rồi thử lại.`;
  }
  if (info.serverMessage && info.code !== "network" && info.code !== "unknown") return info.serverMessage;
  return BY_CODE[info.code] ?? BY_STATUS[info.status] ?? BY_CODE.unknown;
}

export { describeError as d, errorMessage as e, retryAfterSeconds as r };
//# sourceMappingURL=errors.js-Bdn5OGQr.js.map
