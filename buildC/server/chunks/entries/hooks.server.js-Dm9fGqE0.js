import { randomUUID } from 'node:crypto';
import { lt, and, eq } from 'drizzle-orm';
import { a as db, s as sessions, n as authTokens, m as topupOrders } from '../chunks/client.js-CTlknuH-.js';
import { l as log, a as now, n as nowMs } from '../chunks/app-error.js-BJVvpKXy.js';
import { s as startServer, r as registerJob, a as afterMigration } from '../chunks/startup.js-D47vmQcJ.js';
import { p as primePasswordHashing } from '../chunks/password.js-B0SJY3V4.js';
import { c as config } from '../chunks/config.js-CBoIX22t.js';
import { s as sessionFromCookies } from '../chunks/session.js-BLaF3H5c.js';
import { c as classifyError } from '../chunks/classify.js-IAiHLL2t.js';
import { s as settleBody, j as json, e as errorBody } from '../chunks/envelope.js-DJ9_zMGQ.js';
import { r as registerPaymentTarget, b as expireDueIntents } from '../chunks/intents.js-DjAkNpCw.js';
import { O as ORDER_KIND, r as releaseOrder, d as deliverReceipt, m as markOrderPaid, c as credit, a as deliverDueReceipts, b as dropExpiredIdempotencyKeys, T as TOPUP_KIND, s as seedDenominations, e as releasePromoRedemption, f as consumePromoRedemption } from '../chunks/orders.js-B8bAdtQ5.js';
import { f as formatVndText } from '../chunks/format.js-CUETbGfu.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'node:fs';
import 'postgres';
import '../chunks/catalog.js-DINH2wV_.js';
import 'zod';
import '../chunks/index4.js-DXozWz78.js';
import 'node:fs/promises';
import 'node:path';
import '../chunks/index3.js-8T1uxQKq.js';
import '@aws-sdk/client-s3';
import '@aws-sdk/s3-request-presigner';
import '../chunks/paths2.js-Di5BGqld.js';
import 'drizzle-orm/pglite/migrator';
import 'drizzle-orm/postgres-js/migrator';
import '@upstash/redis';
import 'ioredis';
import '@upstash/ratelimit';
import '@node-rs/argon2';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '@trpc/server';
import 'qrcode';
import '../chunks/paths.js-xLTGA48h.js';
import '../chunks/mail-html.js-R8pyZBxu.js';
import 'nodemailer';

const KEEP_SPENT_TOKENS_MS = 7 * 24 * 60 * 60 * 1e3;
async function deleteExpiredAuthRows() {
  await db().delete(sessions).where(lt(sessions.expiresAt, now()));
  await db().delete(authTokens).where(lt(authTokens.expiresAt, new Date(nowMs() - KEEP_SPENT_TOKENS_MS)));
}
function registerAuthCleanup() {
  registerJob("auth-cleanup", 60 * 60 * 1e3, deleteExpiredAuthRows);
}
function isSameOrigin(request) {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const own = new URL(request.url).origin;
    return origin === own || origin === config().origin;
  }
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
function clientIp(request, socketAddress) {
  if (config().trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return socketAddress();
  } catch {
    return "unknown";
  }
}
async function creditBuyersWallet(tx, intent, transfer, amount, entryType, note) {
  if (!intent.userId) return null;
  await credit(tx, { userId: intent.userId, pocket: "main", amount, entryType, refType: "bank_transfer", refId: transfer.id, note, overMax: "allow" });
  return note;
}
const unappliedNote$1 = {
  late: (ref, amount) => `Chuyển khoản ${ref} đến sau khi đơn hàng hết hạn hoặc đã huỷ: hoàn ${formatVndText(amount)} vào ví chính.`,
  duplicate_payment: (ref, amount) => `Chuyển khoản lặp lại cho đơn hàng ${ref} đã thanh toán: hoàn ${formatVndText(amount)} vào ví chính.`,
  overpaid: (ref, amount) => `Chuyển thừa ${formatVndText(amount)} cho đơn hàng ${ref}: hoàn phần thừa vào ví chính.`
};
const orderPaymentTarget = {
  async settle(tx, intent) {
    await markOrderPaid(tx, intent.targetId);
  },
  async afterSettle(intent) {
    await deliverReceipt(intent.targetId);
  },
  async expire(tx, intent) {
    await releaseOrder(tx, intent.targetId, "EXPIRED");
  },
  // A guest's intent has no account: creditBuyersWallet leaves that money for staff.
  creditUnapplied: (tx, intent, transfer, amount, reason) => creditBuyersWallet(tx, intent, transfer, amount, "REFUND", unappliedNote$1[reason](intent.reference, amount))
};
function registerOrderPayments() {
  registerPaymentTarget(ORDER_KIND, orderPaymentTarget);
}
function setupCheckout() {
  registerOrderPayments();
  registerJob("order-receipts", config().paymentSweepIntervalMs, deliverDueReceipts);
  registerJob("checkout-idempotency-cleanup", 15 * 6e4, dropExpiredIdempotencyKeys);
}
function setupPayments() {
  const { payment, paymentWebhook } = config();
  if (!payment.ready) {
    log.error("bank-transfer payments unavailable: top-ups and QR checkout answer 503 payment_processing", { problems: payment.problems });
  }
  if (!paymentWebhook.ready) {
    log.error("bank-transfer confirmations unavailable: the webhook answers 503 payment_processing", { problems: paymentWebhook.problems });
  }
  if (payment.ready && payment.demo || paymentWebhook.ready && paymentWebhook.demo) {
    log.warn("bank-transfer payments use DEMO settings (development/test only): demo QR codes cannot be paid and the demo webhook key is public");
  }
  registerJob("payment-expiry", config().paymentSweepIntervalMs, expireDueIntents);
}
async function moveStatus(tx, id, to) {
  const [order] = await tx.update(topupOrders).set({ status: to, updatedAt: now(), ...to === "PAID" ? { paidAt: now() } : {} }).where(and(eq(topupOrders.id, id), eq(topupOrders.status, "PENDING"))).returning();
  return order;
}
const unappliedNote = {
  late: (ref, amount) => `Chuyển khoản ${ref} đến sau khi lệnh nạp hết hạn: cộng ${formatVndText(amount)} vào ví chính (không kèm thưởng).`,
  duplicate_payment: (ref, amount) => `Chuyển khoản lặp lại cho lệnh nạp ${ref} đã thanh toán: cộng ${formatVndText(amount)} vào ví chính.`,
  overpaid: (ref, amount) => `Chuyển thừa ${formatVndText(amount)} cho lệnh nạp ${ref}: cộng phần thừa vào ví chính.`
};
const topupPaymentTarget = {
  async settle(tx, intent) {
    const order = await moveStatus(tx, intent.targetId, "PAID");
    if (!order) throw new Error(`top-up ${intent.targetId} is not pending while its payment intent was`);
    const ref = { refType: "topup", refId: order.id, overMax: "allow" };
    await credit(tx, { ...ref, userId: order.userId, pocket: "main", amount: order.amountVnd, entryType: "TOPUP", note: `Nạp ${formatVndText(order.amountVnd)} vào ví (mã ${order.paymentRef}).` });
    if (order.bonusVnd > 0n) {
      await credit(tx, { ...ref, userId: order.userId, pocket: "bonus", amount: order.bonusVnd, entryType: "BONUS", note: `Thưởng ${formatVndText(order.bonusVnd)} cho lần nạp ${order.paymentRef}.` });
    }
    if (order.promoRedemptionId) await consumePromoRedemption(tx, order.promoRedemptionId);
  },
  async expire(tx, intent) {
    const order = await moveStatus(tx, intent.targetId, "EXPIRED");
    if (order?.promoRedemptionId) await releasePromoRedemption(tx, order.promoRedemptionId);
  },
  creditUnapplied: (tx, intent, transfer, amount, reason) => creditBuyersWallet(tx, intent, transfer, amount, "TOPUP", unappliedNote[reason](intent.reference, amount))
};
function setupTopups() {
  registerPaymentTarget(TOPUP_KIND, topupPaymentTarget);
  afterMigration(async () => {
    const added = await seedDenominations();
    if (added > 0) log.info("added standard top-up denominations", { count: added });
  });
}
const init = async () => {
  registerAuthCleanup();
  setupPayments();
  setupTopups();
  setupCheckout();
  await startServer();
  await primePasswordHashing();
};
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function decodes(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
function apiError(requestId, status, code, message) {
  return json(errorBody({ status, code, message }, requestId), status, { "x-request-id": requestId });
}
async function answer(event, resolve) {
  const api = event.url.pathname.startsWith("/api/") || event.url.pathname.startsWith("/files/");
  if (!SAFE_METHODS.has(event.request.method) && !isSameOrigin(event.request)) {
    return apiError(event.locals.requestId, 403, "forbidden", "Yêu cầu bị từ chối: nguồn gửi không hợp lệ (khác nguồn gốc của trang).");
  }
  if (api && !decodes(event.url.pathname)) {
    return apiError(event.locals.requestId, 400, "validation_error", "Đường dẫn chứa ký tự mã hoá sai.");
  }
  if (api && event.route.id === null) {
    return apiError(event.locals.requestId, 404, "not_found", "Không có API nào ở đường dẫn này.");
  }
  try {
    event.locals.session = await sessionFromCookies(event.cookies);
  } catch {
    event.locals.session = null;
  }
  const response = await resolve(event);
  response.headers.set("x-request-id", event.locals.requestId);
  return response;
}
const handle = async ({ event, resolve }) => {
  const incoming = event.request.headers.get("x-request-id");
  event.locals.requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  event.locals.clientIp = clientIp(event.request, () => event.getClientAddress());
  const response = await answer(event, resolve);
  if (!await settleBody(event.request)) response.headers.set("connection", "close");
  return response;
};
const handleError = ({ error, status }) => {
  if (status === 404) return { message: "Không tìm thấy trang bạn cần. Có thể đường dẫn đã thay đổi hoặc không đúng.", code: "not_found" };
  const c = classifyError(error);
  return { message: c.message, code: c.code };
};

export { handle, handleError, init };
//# sourceMappingURL=hooks.server.js-Dm9fGqE0.js.map
