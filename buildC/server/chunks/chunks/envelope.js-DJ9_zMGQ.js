import { c as config } from './config.js-CBoIX22t.js';
import { A as AppError } from './app-error.js-BJVvpKXy.js';
import { c as classifyError } from './classify.js-IAiHLL2t.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function problem(text) {
  if (text.includes("\0")) return "nul_character";
  if (LONE_SURROGATE.test(text)) return "lone_surrogate";
  return null;
}
function unstorableText(value) {
  const stack = [[value, ""]];
  while (stack.length > 0) {
    const [v, path] = stack.pop();
    if (typeof v === "string") {
      const reason = problem(v);
      if (reason) return { path, reason };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        const reason = problem(k);
        if (reason) return { path: p, reason };
        stack.push([item, p]);
      }
    }
  }
  return null;
}
const MESSAGES = {
  nul_character: "Dữ liệu chứa ký tự NUL (U+0000) không được chấp nhận.",
  lone_surrogate: "Dữ liệu chứa ký tự Unicode không hợp lệ (nửa cặp UTF-16)."
};
function assertStorableText(value) {
  const found = unstorableText(value);
  if (!found) return;
  const message = MESSAGES[found.reason];
  throw new AppError(400, "validation_error", message, { reason: found.reason, fields: [{ path: found.path, message }] });
}
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;
const DRAIN_FACTOR = 8;
async function read(reader, limit) {
  try {
    return await reader.read();
  } catch (error) {
    reader.releaseLock();
    if (error.status === 413) throw tooLarge(limit);
    throw new AppError(400, "validation_error", "Không đọc được nội dung gửi lên.", { reason: "unreadable_body" });
  }
}
async function settleBody(request) {
  const body = request.body;
  if (!body) return true;
  if (body.locked) return false;
  let left = config().bodyLimitBytes * DRAIN_FACTOR;
  if (Number(request.headers.get("content-length") ?? "0") > left) return false;
  const reader = body.getReader();
  try {
    while (left >= 0) {
      const { done, value } = await reader.read();
      if (done) return true;
      left -= value.byteLength;
    }
    return false;
  } catch {
    return false;
  } finally {
    reader.releaseLock();
  }
}
async function readJsonBody(request) {
  const limit = config().bodyLimitBytes;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return void 0;
  const reader = request.body.getReader();
  const chunks = [];
  let size = 0;
  for (; ; ) {
    const { done, value } = await read(reader, limit);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  reader.releaseLock();
  if (size === 0) return void 0;
  const contentType = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(contentType)) {
    throw new AppError(415, "unsupported_media_type", "Nội dung gửi lên phải là JSON (Content-Type: application/json).");
  }
  let parsed;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new AppError(400, "validation_error", "Nội dung JSON không đúng cú pháp.", { reason: "malformed_json" });
  }
  assertStorableText(parsed);
  return parsed;
}
function tooLarge(limit) {
  return new AppError(413, "payload_too_large", `Nội dung gửi lên vượt quá giới hạn ${limit} byte.`, { limitBytes: limit });
}
function successBody(envelope, result, requestId) {
  const dev = config().isDevelopment;
  if (envelope === "raw") return result;
  if (envelope === "list") {
    const { items, nextCursor, hasMore, ...extra } = result;
    return { data: items, nextCursor, hasMore, ...extra, ...dev ? { requestId } : {} };
  }
  return { data: result, ...dev ? { requestId } : {} };
}
function legacyCode(c) {
  if (c.code === "unauthenticated") return "unauthorized";
  if (c.status === 503) return "service_unavailable";
  if (["validation_error", "quota_exceeded", "not_found"].includes(c.code)) return c.code;
  return c.status >= 500 ? "internal" : c.code;
}
function errorBody(c, requestId, shape = "standard") {
  const cfg = config();
  if (shape === "legacy") return { code: legacyCode(c), message: c.message };
  return {
    error: {
      code: c.code,
      message: c.message,
      ...c.details ? { details: c.details } : {},
      ...c.extra ?? {},
      ...cfg.isProduction ? {} : { trace: requestId },
      ...cfg.isDevelopment ? { request_id: requestId } : {}
    }
  };
}
function json(body, status, headers) {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  h.set("cache-control", h.get("cache-control") ?? "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}
function withHeaders(response, ...sources) {
  for (const source of sources) {
    const entries = source instanceof Headers ? [...source.entries()] : Object.entries(source);
    for (const [k, v] of entries) response.headers.set(k, v);
  }
  return response;
}
function errorResponse(error, requestId, shape = "standard", headers) {
  const c = classifyError(error);
  const extraHeaders = {};
  if (c.status === 429 && typeof c.details?.retryAfterSeconds === "number") {
    extraHeaders["Retry-After"] = String(c.details.retryAfterSeconds);
  }
  return withHeaders(json(errorBody(c, requestId, shape), c.status), headers ?? new Headers(), extraHeaders);
}

export { errorResponse as a, successBody as b, assertStorableText as c, errorBody as e, json as j, readJsonBody as r, settleBody as s, withHeaders as w };
//# sourceMappingURL=envelope.js-DJ9_zMGQ.js.map
