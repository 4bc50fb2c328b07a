import { timingSafeEqual, createHmac } from 'node:crypto';
import { c as config } from './config.js-CBoIX22t.js';
import { n as nowMs, l as log, A as AppError } from './app-error.js-BJVvpKXy.js';

function secretFor(purpose) {
  const { secrets } = config();
  return purpose === "session" || purpose === "auth-code" ? secrets.authSecret : secrets.signingSecret;
}
function hmac(purpose, payload) {
  return createHmac("sha256", secretFor(purpose)).update(`${purpose}
${payload}`).digest("base64url");
}
function safeEqual(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
function sign(purpose, payload) {
  return `${payload}.${hmac(purpose, payload)}`;
}
function verify(purpose, signed) {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = signed.slice(0, dot);
  return safeEqual(signed.slice(dot + 1), hmac(purpose, payload)) ? payload : null;
}
function signJson(purpose, value) {
  return sign(purpose, Buffer.from(JSON.stringify(value)).toString("base64url"));
}
function verifyJson(purpose, signed) {
  const payload = verify(purpose, signed);
  if (payload === null) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
class MemoryRateLimitStore {
  kind = "memory";
  windows = /* @__PURE__ */ new Map();
  lastSweep = 0;
  async limit(policy, key) {
    const state = this.state(policy, key);
    if (!state.result.success) return state.result;
    this.windows.set(state.currentKey, { count: state.currentCount + 1, expires: state.expires });
    return state.result;
  }
  async peek(policy, key) {
    const { result } = this.state(policy, key);
    return result.success ? { ...result, remaining: result.remaining + 1 } : result;
  }
  /** What `limit` would answer now, and where it would count the request. */
  state(policy, key) {
    const t = nowMs();
    this.sweep(t);
    const current = Math.floor(t / policy.windowMs);
    const currentKey = `${policy.name}:${key}:${current}`;
    const previousCount = this.windows.get(`${policy.name}:${key}:${current - 1}`)?.count ?? 0;
    const currentCount = this.windows.get(currentKey)?.count ?? 0;
    const elapsed = t % policy.windowMs / policy.windowMs;
    const weighted = Math.floor(previousCount * (1 - elapsed)) + currentCount;
    const reset = (current + 1) * policy.windowMs;
    const result = weighted >= policy.limit ? { success: false, limit: policy.limit, remaining: 0, reset } : { success: true, limit: policy.limit, remaining: Math.max(0, policy.limit - weighted - 1), reset };
    return { result, currentKey, currentCount, expires: (current + 2) * policy.windowMs };
  }
  async ping() {
  }
  sweep(t) {
    if (t - this.lastSweep < 1e3) return;
    this.lastSweep = t;
    for (const [k, w] of this.windows) if (w.expires <= t) this.windows.delete(k);
  }
  /** Test hooks: forget every counter. */
  reset() {
    this.windows.clear();
  }
}
const memory = new MemoryRateLimitStore();
let store = memory;
function setRateLimitStore(next) {
  store = next;
}
function rateLimitStore() {
  return store;
}
function resetMemoryRateLimits() {
  memory.reset();
}
async function consume(policy, key) {
  return withStore(policy, (s) => s.limit(policy, key));
}
async function peek(policy, key) {
  return withStore(policy, (s) => s.peek(policy, key));
}
async function withStore(policy, use) {
  try {
    return await use(store);
  } catch (error) {
    if (policy.onStoreFailure === "open") {
      log.warn("rate-limit store unavailable, using in-process fallback", { policy: policy.name, error });
      return use(memory);
    }
    log.error("rate-limit store unavailable, refusing guarded request", { policy: policy.name, error });
    throw new AppError(503, "service_unavailable", "Hệ thống tạm thời quá tải, vui lòng thử lại sau ít phút.");
  }
}
function rateLimitHeaders(result) {
  const resetSeconds = Math.max(0, Math.ceil((result.reset - nowMs()) / 1e3));
  return {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(resetSeconds)
  };
}
function rateLimitedError(result) {
  const retryAfter = Math.max(1, Math.ceil((result.reset - nowMs()) / 1e3));
  return new AppError(
    429,
    "rate_limited",
    `Bạn đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau ${retryAfter} giây.`,
    { retryAfterSeconds: retryAfter }
  );
}
function writeHeaders(headers, result) {
  for (const [name, value] of Object.entries(rateLimitHeaders(result))) headers.set(name, value);
}
function report(headers, result) {
  writeHeaders(headers, result);
  if (!result.success) {
    const error = rateLimitedError(result);
    headers.set("Retry-After", String(error.details?.retryAfterSeconds));
    throw error;
  }
}
async function applyRateLimits(headers, checks) {
  let tightest;
  for (const { policy, key } of checks) {
    const result = await consume(policy, key);
    if (!tightest || result.remaining < tightest.remaining || !result.success) tightest = result;
    if (!result.success) break;
  }
  if (tightest) report(headers, tightest);
}
function tightestOf(results) {
  return results.reduce((a, b) => {
    if (a.success !== b.success) return a.success ? b : a;
    if (!a.success) return a.reset >= b.reset ? a : b;
    return a.remaining <= b.remaining ? a : b;
  });
}
async function applyFailureLimits(headers, checks) {
  report(headers, tightestOf(await Promise.all(checks.map(({ policy, key }) => peek(policy, key)))));
}
async function recordFailure(headers, checks) {
  writeHeaders(headers, tightestOf(await Promise.all(checks.map(({ policy, key }) => consume(policy, key)))));
}

export { setRateLimitStore as a, sign as b, signJson as c, verifyJson as d, applyRateLimits as e, recordFailure as f, applyFailureLimits as g, hmac as h, resetMemoryRateLimits as i, rateLimitStore as r, safeEqual as s, verify as v };
//# sourceMappingURL=index3.js-8T1uxQKq.js.map
