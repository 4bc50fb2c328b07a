import { TRPCError } from '@trpc/server';
import { A as AppError, l as log } from './app-error.js-BJVvpKXy.js';

function isZodError(e) {
  return typeof e === "object" && e !== null && e.name === "ZodError" && Array.isArray(e.issues);
}
const UNAVAILABLE_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "DEPENDENCY_TIMEOUT",
  "57P01",
  // admin_shutdown
  "57P03"
  // cannot_connect_now
]);
function isUnavailable(e, depth = 0) {
  if (depth > 4 || typeof e !== "object" || e === null) return false;
  const code = e.code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  return isUnavailable(e.cause, depth + 1);
}
function validationDetails(e) {
  return {
    fields: e.issues.map((i) => ({
      path: i.path.map(String).join("."),
      message: i.message
    }))
  };
}
function classifyError(error) {
  let e = error;
  if (e instanceof TRPCError) {
    if (e.cause instanceof AppError || isZodError(e.cause)) {
      e = e.cause;
    } else if (e.code === "BAD_REQUEST" || e.code === "PARSE_ERROR") {
      return { status: 400, code: "validation_error", message: "Dữ liệu gửi lên không hợp lệ." };
    } else if (e.code === "NOT_FOUND") {
      return { status: 404, code: "not_found", message: "Không tìm thấy tài nguyên." };
    } else if (e.cause) {
      e = e.cause;
    }
  }
  if (e instanceof AppError) {
    return { status: e.status, code: e.code, message: e.message, details: e.details, extra: e.extra };
  }
  if (isZodError(e)) {
    return {
      status: 400,
      code: "validation_error",
      message: "Dữ liệu gửi lên không hợp lệ.",
      details: validationDetails(e)
    };
  }
  if (isUnavailable(e)) {
    log.warn("dependency unavailable", { error: e });
    return {
      status: 503,
      code: "service_unavailable",
      message: "Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau ít phút."
    };
  }
  log.error("unexpected error", { error: e, stack: e instanceof Error ? e.stack : void 0 });
  return { status: 500, code: "internal", message: "Đã có lỗi không mong muốn. Vui lòng thử lại sau." };
}

export { classifyError as c, isUnavailable as i, validationDetails as v };
//# sourceMappingURL=classify.js-IAiHLL2t.js.map
