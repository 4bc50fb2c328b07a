import { c as config } from './config.js-CBoIX22t.js';

let offsetMs = 0;
function now() {
  return new Date(Date.now() + offsetMs);
}
function nowMs() {
  return Date.now() + offsetMs;
}
function advanceClock(ms) {
  offsetMs += ms;
}
function resetClock() {
  offsetMs = 0;
}
const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SENSITIVE = /pass(word)?|secret|token|otp|code|cookie|authorization|signature|sig$/i;
let sink = (line) => process.stdout.write(line + "\n");
function redact(value, depth = 0) {
  if (depth > 5 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) {
    const { cause, code } = value;
    return {
      name: value.name,
      message: value.message,
      ...typeof code === "string" ? { code } : {},
      ...cause === void 0 ? {} : { cause: redact(cause, depth + 1) }
    };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SENSITIVE.test(k) ? "[redacted]" : redact(v, depth + 1)])
  );
}
function write(level, msg, fields) {
  if (order[level] < order[config().logLevel]) return;
  sink(JSON.stringify({ time: (/* @__PURE__ */ new Date()).toISOString(), level, msg, ...redact(fields ?? {}) }));
}
const log = {
  debug: (msg, fields) => write("debug", msg, fields),
  info: (msg, fields) => write("info", msg, fields),
  warn: (msg, fields) => write("warn", msg, fields),
  error: (msg, fields) => write("error", msg, fields)
};
const errorCodes = [
  "validation_error",
  "not_found",
  "unauthenticated",
  "forbidden",
  "rate_limited",
  "state_violation",
  "already_owned",
  "flash_sale_sold_out",
  "promo_cap_reached",
  "wallet_balance_overflow",
  "payment_processing",
  "quota_exceeded",
  "conflict",
  // Auth flows (/api/auth/*): wrong email or password, taken address, bad or spent codes and links.
  "invalid_credentials",
  "email_taken",
  "invalid_otp",
  "otp_expired",
  "invalid_token",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "service_unavailable",
  "internal"
];
class AppError extends Error {
  constructor(status, code, message, details, extra) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.extra = extra;
  }
  status;
  code;
  details;
  extra;
  name = "AppError";
}
const badRequest = (message, details) => new AppError(400, "validation_error", message, details);
const notFound = (message = "Không tìm thấy tài nguyên.") => new AppError(404, "not_found", message);
const unauthenticated = (message = "Bạn cần đăng nhập để tiếp tục.") => new AppError(401, "unauthenticated", message);
const forbidden = (message = "Bạn không có quyền thực hiện thao tác này.") => new AppError(403, "forbidden", message);
const serviceUnavailable = (message = "Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau.") => new AppError(503, "service_unavailable", message);

export { AppError as A, now as a, badRequest as b, notFound as c, advanceClock as d, errorCodes as e, forbidden as f, log as l, nowMs as n, resetClock as r, serviceUnavailable as s, unauthenticated as u };
//# sourceMappingURL=app-error.js-BJVvpKXy.js.map
