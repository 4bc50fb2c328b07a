import { randomUUID, createHash } from 'node:crypto';
import { and, eq, sql, isNotNull, or, lt, lte, inArray, asc, gt, isNull } from 'drizzle-orm';
import { c as config } from './config.js-CBoIX22t.js';
import { o as orders, a as db, h as productOwnerships, w as wallets, i as walletLedger, f as flashSales, j as promoRedemptions, k as promos, p as products, u as users, l as checkoutIdempotencyKeys, t as topupDenominations, m as topupOrders, b as categories, g as paymentIntents } from './client.js-CTlknuH-.js';
import { l as log, a as now, A as AppError, n as nowMs, b as badRequest, c as notFound } from './app-error.js-BJVvpKXy.js';
import { p as paths } from './paths.js-xLTGA48h.js';
import { c as signJson, d as verifyJson } from './index3.js-8T1uxQKq.js';
import { s as sendMail, m as mailConfigured, a as maskEmail, b as mailHtml } from './mail-html.js-R8pyZBxu.js';
import { f as formatVndText, a as formatDateTimeText } from './format.js-CUETbGfu.js';
import { i as isPastExpiry, e as expireIfDue, p as paymentAccount, c as createPaymentIntent, a as paymentDetails } from './intents.js-DjAkNpCw.js';
import { alias } from 'drizzle-orm/pg-core';

const KEY = /^[\x21-\x7e]{1,255}$/;
function parseIdempotencyKey(header) {
  if (header === null) return void 0;
  if (!KEY.test(header)) {
    throw badRequest("Idempotency-Key phải gồm 1–255 ký tự ASCII in được.", { fields: [{ path: "Idempotency-Key", message: "invalid header" }] });
  }
  return header;
}
function requestHash(request) {
  const canonical = (v) => v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== void 0).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash("sha256").update(JSON.stringify(canonical(request))).digest("hex");
}
async function claimIdempotencyKey(tx, scope, key, hash) {
  const at = now();
  const expiresAt = new Date(at.getTime() + config().checkout.idempotencyKeyTtlMs);
  const fresh = { requestHash: hash, orderId: null, createdAt: at, expiresAt };
  const [claimed] = await tx.insert(checkoutIdempotencyKeys).values({ scope, key, ...fresh }).onConflictDoUpdate({
    target: [checkoutIdempotencyKeys.scope, checkoutIdempotencyKeys.key],
    set: fresh,
    // An expired key is forgotten: it starts over.
    setWhere: lte(checkoutIdempotencyKeys.expiresAt, at)
  }).returning({ scope: checkoutIdempotencyKeys.scope });
  if (claimed) return { kind: "claimed" };
  const [existing] = await tx.select().from(checkoutIdempotencyKeys).where(and(eq(checkoutIdempotencyKeys.scope, scope), eq(checkoutIdempotencyKeys.key, key)));
  if (!existing?.orderId) throw new Error("idempotency key row without an order");
  if (existing.requestHash !== hash) {
    throw new AppError(422, "state_violation", "Idempotency-Key này đã được dùng cho một yêu cầu khác. Hãy dùng khoá mới cho đơn hàng mới.", {
      reason: "idempotency_key_reused"
    });
  }
  return { kind: "replay", orderId: existing.orderId };
}
async function recordIdempotentOrder(tx, scope, key, orderId) {
  await tx.update(checkoutIdempotencyKeys).set({ orderId }).where(and(eq(checkoutIdempotencyKeys.scope, scope), eq(checkoutIdempotencyKeys.key, key)));
}
async function dropExpiredIdempotencyKeys() {
  const dropped = await db().delete(checkoutIdempotencyKeys).where(lte(checkoutIdempotencyKeys.expiresAt, now())).returning({ key: checkoutIdempotencyKeys.key });
  return dropped.length;
}
function bigintParam(value) {
  return sql`${value.toString()}::bigint`;
}
function balance(row) {
  return { main: row.main, bonus: row.bonus, total: row.main + row.bonus };
}
function assertPositive(amount) {
  if (amount <= 0n) throw new Error(`wallet amounts must be positive, got ${amount}`);
}
async function ensureWallet(tx, userId) {
  await tx.insert(wallets).values({ userId, createdAt: now(), updatedAt: now() }).onConflictDoNothing();
}
async function getBalance(tx, userId) {
  const [row] = await tx.select({ main: wallets.main, bonus: wallets.bonus }).from(wallets).where(eq(wallets.userId, userId));
  return balance(row ?? { main: 0n, bonus: 0n });
}
function overflowError(current, adding) {
  const max = config().walletMaxBalanceVnd;
  return new AppError(
    422,
    "wallet_balance_overflow",
    `Số dư ví tối đa là ${formatVndText(max)}; khoản ${formatVndText(adding)} sẽ vượt quá giới hạn này.`,
    { maxBalance: max.toString(), balance: current.toString(), amount: adding.toString() }
  );
}
async function credit(tx, input) {
  assertPositive(input.amount);
  await ensureWallet(tx, input.userId);
  const column = input.pocket === "main" ? wallets.main : wallets.bonus;
  const withinMax = input.overMax === "allow" ? void 0 : sql`${wallets.main} + ${wallets.bonus} + ${bigintParam(input.amount)} <= ${bigintParam(config().walletMaxBalanceVnd)}`;
  const [row] = await tx.update(wallets).set({ [input.pocket]: sql`${column} + ${bigintParam(input.amount)}`, updatedAt: now() }).where(and(eq(wallets.userId, input.userId), withinMax)).returning({ main: wallets.main, bonus: wallets.bonus });
  if (!row) throw overflowError((await getBalance(tx, input.userId)).total, input.amount);
  const after = balance(row);
  await tx.insert(walletLedger).values({
    userId: input.userId,
    entryType: input.entryType,
    direction: "CREDIT",
    pocket: input.pocket,
    amount: input.amount,
    balanceAfter: after.total,
    refType: input.refType,
    refId: input.refId,
    note: input.note,
    createdAt: now()
  });
  return after;
}
async function debit(tx, input) {
  assertPositive(input.amount);
  await ensureWallet(tx, input.userId);
  const amount = bigintParam(input.amount);
  const before = tx.select({ userId: wallets.userId, bonus: wallets.bonus }).from(wallets).where(eq(wallets.userId, input.userId)).for("update").as("before");
  const [row] = await tx.update(wallets).set({
    bonus: sql`${wallets.bonus} - LEAST(${wallets.bonus}, ${amount})`,
    main: sql`${wallets.main} - (${amount} - LEAST(${wallets.bonus}, ${amount}))`,
    updatedAt: now()
  }).from(before).where(and(eq(wallets.userId, before.userId), sql`${wallets.main} + ${wallets.bonus} >= ${amount}`)).returning({
    main: wallets.main,
    bonus: wallets.bonus,
    fromBonus: sql`${before.bonus} - ${wallets.bonus}`.mapWith((v) => BigInt(v))
  });
  if (!row) {
    const available = (await getBalance(tx, input.userId)).total;
    throw new AppError(422, "state_violation", `Số dư ví không đủ: cần ${formatVndText(input.amount)}, hiện có ${formatVndText(available)}.`, {
      reason: "insufficient_funds",
      required: input.amount.toString(),
      available: available.toString()
    });
  }
  const fromBonus = row.fromBonus;
  const fromMain = input.amount - fromBonus;
  const after = balance(row);
  const base = { userId: input.userId, entryType: "PURCHASE", direction: "DEBIT", refType: input.refType, refId: input.refId, note: input.note, createdAt: now() };
  const entries = [
    ...fromBonus > 0n ? [{ ...base, pocket: "bonus", amount: fromBonus, balanceAfter: after.total + fromMain }] : [],
    ...fromMain > 0n ? [{ ...base, pocket: "main", amount: fromMain, balanceAfter: after.total }] : []
  ];
  await tx.insert(walletLedger).values(entries);
  return { ...after, fromBonus, fromMain };
}
function downloadPageUrl(token) {
  return `${config().origin}${paths.download(token)}`;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(value) {
  return typeof value === "string" && UUID.test(value);
}
function issueDownloadToken(entitlement, ttlMs = config().checkout.downloadTokenTtlMs) {
  const exp = Math.floor((nowMs() + ttlMs) / 1e3);
  const claims = "orderId" in entitlement ? { v: 1, p: entitlement.productId, o: entitlement.orderId, exp } : { v: 1, p: entitlement.productId, u: entitlement.userId, exp };
  return { token: signJson("download-token", claims), expiresAt: new Date(exp * 1e3) };
}
function readDownloadToken(token) {
  const c = verifyJson("download-token", token);
  if (!c || c.v !== 1 || !isUuid(c.p) || typeof c.exp !== "number" || c.exp * 1e3 <= nowMs()) return null;
  if (isUuid(c.o) && c.u === void 0) return { productId: c.p, orderId: c.o };
  if (isUuid(c.u) && c.o === void 0) return { productId: c.p, userId: c.u };
  return null;
}
const METHOD_LABEL = {
  qr_direct: "Chuyển khoản ngân hàng (VietQR)",
  wallet: "Ví hoclieu",
  free_claim: "Nhận miễn phí",
  cash_manual: "Tiền mặt"
};
function receiptMail(r) {
  const lines = [
    `Xin chào ${r.buyerName?.trim() || "quý thầy cô"},`,
    `Cảm ơn bạn đã mua tài liệu trên hoclieu. Đơn hàng đã được ${r.amountVnd === 0n ? "xác nhận" : "thanh toán"} lúc ${formatDateTimeText(r.paidAt)}.`,
    [
      `Sản phẩm: ${r.productTitle}`,
      `Mã đơn hàng: ${r.orderId}`,
      ...r.paymentRef ? [`Mã thanh toán: ${r.paymentRef}`] : [],
      `Giá: ${formatVndText(r.priceVnd)}`,
      ...r.promoDiscountVnd > 0n ? [`Giảm giá${r.promoCode ? ` (mã ${r.promoCode})` : ""}: −${formatVndText(r.promoDiscountVnd)}`] : [],
      `Thành tiền: ${formatVndText(r.amountVnd)}`,
      `Hình thức thanh toán: ${METHOD_LABEL[r.paymentMethod]}`
    ].join("\n"),
    `Tải tài liệu bằng liên kết dưới đây. Liên kết dành riêng cho đơn hàng này, có hiệu lực đến ${formatDateTimeText(r.downloadExpiresAt)}; vui lòng không chia sẻ.`
  ];
  const footer = "Email này là biên nhận điện tử của đơn hàng. Nếu cần hỗ trợ, hãy trả lời email kèm mã đơn hàng.";
  return {
    kind: "order_receipt",
    to: r.to,
    subject: `Biên nhận đơn hàng hoclieu: ${r.productTitle}`,
    text: [...lines, r.downloadUrl, footer].join("\n\n") + "\n",
    html: mailHtml(lines, { href: r.downloadUrl, label: "Tải tài liệu" }, [footer])
  };
}
const STALE_SENDING_MS = 10 * 6e4;
const PENDING_GRACE_MS = 6e4;
const RETRY_FAILED_AFTER_MS = 5 * 6e4;
const MAX_RECEIPT_ATTEMPTS = 5;
const JOB_BATCH = 20;
const ago = (ms) => new Date(nowMs() - ms);
function claim(orderId) {
  return db().update(orders).set({ receiptStatus: "sending", receiptAttempts: sql`${orders.receiptAttempts} + 1`, receiptAttemptedAt: now() }).where(
    and(
      eq(orders.id, orderId),
      eq(orders.status, "PAID"),
      or(
        eq(orders.receiptStatus, "pending"),
        and(eq(orders.receiptStatus, "failed"), lt(orders.receiptAttempts, MAX_RECEIPT_ATTEMPTS)),
        and(eq(orders.receiptStatus, "sending"), lte(orders.receiptAttemptedAt, ago(STALE_SENDING_MS)))
      )
    )
  ).returning();
}
async function compose(order) {
  const [product] = await db().select({ title: products.title }).from(products).where(eq(products.id, order.productId));
  const [account] = order.userId ? await db().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId)) : [];
  const to = account?.email ?? order.guestEmail;
  if (!product || !to) throw new Error(`order ${order.id} has no product or no recipient`);
  const { token, expiresAt } = issueDownloadToken({ productId: order.productId, orderId: order.id });
  return receiptMail({
    to,
    buyerName: account?.name ?? null,
    orderId: order.id,
    productTitle: product.title,
    priceVnd: order.priceVnd,
    promoDiscountVnd: order.promoDiscountVnd,
    promoCode: order.promoCode,
    amountVnd: order.amountVnd,
    paymentMethod: order.paymentMethod,
    paymentRef: order.paymentRef,
    paidAt: order.paidAt,
    downloadUrl: downloadPageUrl(token),
    downloadExpiresAt: expiresAt
  });
}
async function deliverReceipt(orderId) {
  const [order] = await claim(orderId);
  if (!order) return null;
  let outcome;
  try {
    const message = await compose(order);
    await sendMail(message);
    outcome = mailConfigured() ? "sent" : "suppressed";
    log.info("order receipt", { orderId, outcome, to: maskEmail(message.to) });
  } catch (error) {
    outcome = "failed";
    log.warn("order receipt failed; the receipts job retries it", { orderId, attempt: order.receiptAttempts, error });
  }
  await db().update(orders).set({ receiptStatus: outcome, updatedAt: now() }).where(and(eq(orders.id, orderId), eq(orders.receiptStatus, "sending")));
  return outcome;
}
function deliverReceiptSoon(orderId) {
  void deliverReceipt(orderId).catch((error) => log.error("order receipt: could not record the outcome", { orderId, error }));
}
async function deliverDueReceipts() {
  const due = await db().select({ id: orders.id }).from(orders).where(
    and(
      eq(orders.status, "PAID"),
      inArray(orders.receiptStatus, ["pending", "failed", "sending"]),
      or(
        and(eq(orders.receiptStatus, "pending"), lte(orders.paidAt, ago(PENDING_GRACE_MS))),
        and(eq(orders.receiptStatus, "failed"), lt(orders.receiptAttempts, MAX_RECEIPT_ATTEMPTS), lte(orders.receiptAttemptedAt, ago(RETRY_FAILED_AFTER_MS))),
        and(eq(orders.receiptStatus, "sending"), lte(orders.receiptAttemptedAt, ago(STALE_SENDING_MS)))
      )
    )
  ).orderBy(asc(orders.paidAt)).limit(JOB_BATCH);
  let sent = 0;
  for (const { id } of due) if (await deliverReceipt(id) !== null) sent++;
  return sent;
}
function normalisePromoCode(code) {
  return code.normalize("NFKC").trim().toUpperCase();
}
function discountFor(promo, amount) {
  let discount;
  if (promo.kind === "PERCENT") {
    discount = amount * BigInt(promo.percentOff ?? 0) / 100n;
    if (promo.maxDiscountVnd !== null && discount > promo.maxDiscountVnd) discount = promo.maxDiscountVnd;
  } else {
    discount = promo.amountOffVnd ?? 0n;
  }
  return discount > amount ? amount : discount;
}
function liveNow(appliesTo) {
  const t = now();
  return and(
    eq(promos.appliesTo, appliesTo),
    eq(promos.isActive, true),
    or(isNull(promos.startsAt), lte(promos.startsAt, t)),
    or(isNull(promos.endsAt), gt(promos.endsAt, t))
  );
}
async function usesByUser(tx, promoId, userId) {
  const [row] = await tx.select({ n: sql`count(*)::int` }).from(promoRedemptions).where(and(eq(promoRedemptions.promoId, promoId), eq(promoRedemptions.userId, userId), inArray(promoRedemptions.status, ["RESERVED", "CONSUMED"])));
  return row?.n ?? 0;
}
async function findLivePromo(tx, code, appliesTo) {
  const [promo] = await tx.select().from(promos).where(and(eq(promos.code, normalisePromoCode(code)), liveNow(appliesTo)));
  return promo;
}
async function capsAllow(tx, promo, userId, discountVnd) {
  if (promo.totalCap !== null && promo.used >= promo.totalCap) return { ok: false, reason: "cap_reached" };
  if (promo.perUserCap !== null) {
    if (userId === null) return { ok: false, reason: "account_required" };
    if (await usesByUser(tx, promo.id, userId) >= promo.perUserCap) return { ok: false, reason: "cap_reached" };
  }
  return { ok: true, promo, discountVnd };
}
async function evaluateTopupPromo(tx, code, userId, amountVnd) {
  const promo = await findLivePromo(tx, code, "TOPUP");
  if (!promo || amountVnd <= 0n || amountVnd < promo.minAmountVnd) return { ok: false, reason: "invalid" };
  const discountVnd = discountFor(promo, amountVnd);
  if (discountVnd >= amountVnd) return { ok: false, reason: "invalid" };
  return capsAllow(tx, promo, userId, discountVnd);
}
async function inScope(tx, promo, product) {
  if (promo.productId !== null && promo.productId !== product.id) return false;
  if (promo.productType !== null && promo.productType !== product.type) return false;
  if (promo.categoryId === null || promo.categoryId === product.categoryId) return true;
  const scope = alias(categories, "scope");
  const [inside] = await tx.select({ id: categories.id }).from(categories).innerJoin(scope, eq(scope.id, promo.categoryId)).where(and(eq(categories.id, product.categoryId), sql`starts_with(${categories.path}, ${scope.path} || '/')`));
  return inside !== void 0;
}
async function evaluateCheckoutPromo(tx, code, userId, product, priceVnd) {
  const promo = await findLivePromo(tx, code, "CHECKOUT");
  if (!promo || priceVnd <= 0n || priceVnd < promo.minAmountVnd) return { ok: false, reason: "invalid" };
  if (!await inScope(tx, promo, product)) return { ok: false, reason: "invalid" };
  return capsAllow(tx, promo, userId, discountFor(promo, priceVnd));
}
function capReached() {
  return new AppError(409, "promo_cap_reached", "Mã khuyến mãi đã hết lượt sử dụng.", { field: "promoCode" });
}
async function reservePromo(tx, r, appliesTo) {
  const [promo] = await tx.update(promos).set({ used: sql`${promos.used} + 1`, updatedAt: now() }).where(and(eq(promos.id, r.promoId), liveNow(appliesTo), or(isNull(promos.totalCap), sql`${promos.used} < ${promos.totalCap}`))).returning({ perUserCap: promos.perUserCap });
  if (!promo) throw capReached();
  if (r.userId !== null && promo.perUserCap !== null && await usesByUser(tx, r.promoId, r.userId) >= promo.perUserCap) {
    throw capReached();
  }
  const [redemption] = await tx.insert(promoRedemptions).values({ ...r, status: "RESERVED", createdAt: now(), updatedAt: now() }).returning({ id: promoRedemptions.id });
  return redemption.id;
}
async function consumePromoRedemption(tx, redemptionId) {
  await tx.update(promoRedemptions).set({ status: "CONSUMED", updatedAt: now() }).where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, "RESERVED")));
}
async function releasePromoRedemption(tx, redemptionId) {
  const [released] = await tx.update(promoRedemptions).set({ status: "RELEASED", updatedAt: now() }).where(and(eq(promoRedemptions.id, redemptionId), eq(promoRedemptions.status, "RESERVED"))).returning({ promoId: promoRedemptions.promoId });
  if (released) {
    await tx.update(promos).set({ used: sql`${promos.used} - 1`, updatedAt: now() }).where(eq(promos.id, released.promoId));
  }
}
function isSaleRunning(p, at) {
  return p.salePriceVnd !== null && (p.saleEndsAt === null || p.saleEndsAt.getTime() > at.getTime());
}
function isFlashSaleRunning(f, at) {
  const t = at.getTime();
  return f.startsAt.getTime() <= t && t < f.endsAt.getTime();
}
function isFlashSaleOpen(f, at) {
  return isFlashSaleRunning(f, at) && (f.stockCap === null || (f.stockLeft ?? 0) > 0);
}
function regularPrice(p, at) {
  if (isSaleRunning(p, at) && p.salePriceVnd < p.priceVnd) return { priceVnd: p.salePriceVnd, source: "sale" };
  return { priceVnd: p.priceVnd, source: "list" };
}
function effectivePriceVnd(p, flashSales2, at) {
  let price = regularPrice(p, at).priceVnd;
  for (const f of flashSales2) if (isFlashSaleOpen(f, at) && f.salePriceVnd < price) price = f.salePriceVnd;
  return price;
}
function isFreeNow(p, flashSales2, at) {
  return effectivePriceVnd(p, flashSales2, at) === 0n;
}
function undercuttingFlashSales(p, flashSales2, at) {
  const regular = regularPrice(p, at).priceVnd;
  return flashSales2.filter((f) => isFlashSaleRunning(f, at) && f.salePriceVnd < regular).sort((a, b) => a.salePriceVnd < b.salePriceVnd ? -1 : a.salePriceVnd > b.salePriceVnd ? 1 : 0);
}
const unknownProduct = () => badRequest("Sản phẩm không tồn tại hoặc chưa được mở bán.", { fields: [{ path: "productId", message: "unknown or unpublished product" }] });
const invalidPromo = (message = "Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho sản phẩm này.") => badRequest(message, { fields: [{ path: "promoCode", message: "invalid promo code" }] });
const alreadyOwned = (productId) => new AppError(409, "already_owned", "Bạn đã sở hữu sản phẩm này, không cần mua lại.", { productId });
const flashSaleSoldOut = (productId) => new AppError(
  409,
  "flash_sale_sold_out",
  "Đợt giảm giá chớp nhoáng của sản phẩm này đã hết suất. Bạn có thể mua với giá thường sau khi đợt giảm giá kết thúc.",
  { productId }
);
const orderNotFound = () => notFound("Không tìm thấy đơn hàng.");
function runningFlashSales(tx, productId, at) {
  return tx.select().from(flashSales).where(and(eq(flashSales.productId, productId), lte(flashSales.startsAt, at), gt(flashSales.endsAt, at)));
}
async function takeUnit(tx, flashSaleId, at) {
  const taken = await tx.update(flashSales).set({ stockLeft: sql`${flashSales.stockLeft} - 1` }).where(and(eq(flashSales.id, flashSaleId), gt(flashSales.stockLeft, 0), lte(flashSales.startsAt, at), gt(flashSales.endsAt, at))).returning({ id: flashSales.id });
  return taken.length > 0;
}
async function releaseFlashSaleUnit(tx, flashSaleId) {
  await tx.update(flashSales).set({ stockLeft: sql`LEAST(${flashSales.stockLeft} + 1, ${flashSales.stockCap})` }).where(and(eq(flashSales.id, flashSaleId), isNotNull(flashSales.stockLeft)));
}
async function quoteAndHold(tx, product, at) {
  const candidates = undercuttingFlashSales(product, await runningFlashSales(tx, product.id, at), at);
  for (const f of candidates) {
    if (f.stockCap === null) return { priceVnd: f.salePriceVnd, source: "flash_sale", flashSaleId: f.id, unitHeld: false };
    if (await takeUnit(tx, f.id, at)) return { priceVnd: f.salePriceVnd, source: "flash_sale", flashSaleId: f.id, unitHeld: true };
  }
  if (candidates.length > 0) throw flashSaleSoldOut(product.id);
  const regular = regularPrice(product, at);
  return { priceVnd: regular.priceVnd, source: regular.source, flashSaleId: null, unitHeld: false };
}
const ORDER_KIND = "order";
async function markOrderPaid(tx, orderId) {
  const at = now();
  const [order] = await tx.update(orders).set({ status: "PAID", paidAt: at, receiptStatus: "pending", updatedAt: at }).where(and(eq(orders.id, orderId), eq(orders.status, "PENDING"))).returning();
  if (!order) throw new Error(`order ${orderId} is not pending`);
  if (order.userId) {
    await tx.insert(productOwnerships).values({ userId: order.userId, productId: order.productId, source: order.paymentMethod === "free_claim" ? "free_claim" : "purchase", orderId: order.id, createdAt: at }).onConflictDoNothing();
  }
  if (order.promoRedemptionId) await consumePromoRedemption(tx, order.promoRedemptionId);
  return order;
}
async function releaseOrder(tx, orderId, to) {
  const at = now();
  const stamp = to === "EXPIRED" ? { expiredAt: at } : { cancelledAt: at };
  const [order] = await tx.update(orders).set({ status: to, ...stamp, updatedAt: at }).where(and(eq(orders.id, orderId), eq(orders.status, "PENDING"))).returning();
  if (!order) return void 0;
  if (order.flashSaleUnitHeld && order.flashSaleId) await releaseFlashSaleUnit(tx, order.flashSaleId);
  if (order.promoRedemptionId) await releasePromoRedemption(tx, order.promoRedemptionId);
  return order;
}
async function cancelPendingOrder(tx, order) {
  if (order.paymentIntentId) {
    await tx.update(paymentIntents).set({ status: "CANCELLED" }).where(and(eq(paymentIntents.id, order.paymentIntentId), eq(paymentIntents.status, "PENDING")));
  }
  await releaseOrder(tx, order.id, "CANCELLED");
}
const STANDARD_DENOMINATIONS = [
  { amountVnd: 50000n, bonusRateBp: 0, sortOrder: 10, tag: null, isPopular: false },
  { amountVnd: 100000n, bonusRateBp: 500, sortOrder: 20, tag: "Tặng 5%", isPopular: false },
  { amountVnd: 200000n, bonusRateBp: 1e3, sortOrder: 30, tag: "Phổ biến", isPopular: true },
  { amountVnd: 500000n, bonusRateBp: 1500, sortOrder: 40, tag: "Tặng 15%", isPopular: false },
  { amountVnd: 1000000n, bonusRateBp: 2e3, sortOrder: 50, tag: "Tiết kiệm nhất", isPopular: false }
];
async function seedDenominations(tx = db()) {
  const inserted = await tx.insert(topupDenominations).values(STANDARD_DENOMINATIONS.map((d) => ({ ...d, createdAt: now(), updatedAt: now() }))).onConflictDoNothing({ target: topupDenominations.amountVnd }).returning({ id: topupDenominations.id });
  return inserted.length;
}
function bonusFor(amountVnd, bonusRateBp) {
  return amountVnd * BigInt(bonusRateBp) / 10000n;
}
function toDenomination(row) {
  return {
    id: row.id,
    amountVnd: row.amountVnd.toString(),
    bonusRatePct: row.bonusRateBp / 100,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    tag: row.tag,
    isPopular: row.isPopular
  };
}
async function listActiveDenominations() {
  const rows = await db().select().from(topupDenominations).where(eq(topupDenominations.isActive, true)).orderBy(asc(topupDenominations.sortOrder), asc(topupDenominations.amountVnd));
  return rows.map(toDenomination);
}
const TOPUP_KIND = "topup";
function unknownDenomination() {
  return badRequest("Mệnh giá nạp không tồn tại hoặc đã ngừng áp dụng.", {
    fields: [{ path: "denominationId", message: "unknown or inactive denomination" }]
  });
}
async function committedBalance(tx, userId) {
  await ensureWallet(tx, userId);
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for("update");
  const [pending] = await tx.select({ total: sql`coalesce(sum(${topupOrders.amountVnd} + ${topupOrders.bonusVnd}), 0)`.mapWith((v) => BigInt(v)) }).from(topupOrders).where(and(eq(topupOrders.userId, userId), eq(topupOrders.status, "PENDING"), gt(topupOrders.expiresAt, now())));
  return wallet.main + wallet.bonus + (pending?.total ?? 0n);
}
async function createTopupOrder(userId, input) {
  paymentAccount();
  if (!isUuid(input.denominationId)) throw unknownDenomination();
  const promoCode = input.promoCode || void 0;
  const order = await db().transaction(async (tx) => {
    const [denomination] = await tx.select().from(topupDenominations).where(and(eq(topupDenominations.id, input.denominationId), eq(topupDenominations.isActive, true)));
    if (!denomination) throw unknownDenomination();
    const amountVnd = denomination.amountVnd;
    const bonusVnd = bonusFor(amountVnd, denomination.bonusRateBp);
    const committed = await committedBalance(tx, userId);
    if (committed + amountVnd + bonusVnd > config().walletMaxBalanceVnd) throw overflowError(committed, amountVnd + bonusVnd);
    let promo;
    if (promoCode) {
      const evaluation = await evaluateTopupPromo(tx, promoCode, userId, amountVnd);
      if (!evaluation.ok && evaluation.reason === "cap_reached") throw capReached();
      if (!evaluation.ok) {
        throw badRequest("Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho mệnh giá này.", {
          fields: [{ path: "promoCode", message: "invalid promo code" }]
        });
      }
      promo = { id: evaluation.promo.id, discountVnd: evaluation.discountVnd };
    }
    const id = randomUUID();
    const totalAmountVnd = amountVnd - (promo?.discountVnd ?? 0n);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + config().topupOrderTtlMs);
    const intent = await createPaymentIntent(tx, { kind: TOPUP_KIND, targetId: id, amountVnd: totalAmountVnd, userId, expiresAt });
    const promoRedemptionId = promo ? await reservePromo(tx, { promoId: promo.id, userId, refType: TOPUP_KIND, refId: id, discountVnd: promo.discountVnd }, "TOPUP") : null;
    const [row] = await tx.insert(topupOrders).values({
      id,
      userId,
      denominationId: denomination.id,
      amountVnd,
      bonusVnd,
      promoDiscountVnd: promo?.discountVnd ?? 0n,
      totalAmountVnd,
      promoRedemptionId,
      paymentRef: intent.reference,
      returnTo: input.returnTo ?? null,
      expiresAt,
      createdAt,
      updatedAt: createdAt
    }).returning();
    return row;
  });
  return toTopupOrder(order);
}
async function getTopupOrder(userId, id) {
  if (!isUuid(id)) throw notFound("Không tìm thấy lệnh nạp tiền.");
  const find = async () => (await db().select().from(topupOrders).where(and(eq(topupOrders.id, id), eq(topupOrders.userId, userId))))[0];
  let row = await find();
  if (!row) throw notFound("Không tìm thấy lệnh nạp tiền.");
  if (row.status === "PENDING" && isPastExpiry(row)) {
    await expireIfDue(TOPUP_KIND, row.id);
    row = await find();
  }
  return toTopupOrder(row);
}
async function toTopupOrder(row) {
  const payable = row.status === "PENDING" && config().payment.ready;
  const details = payable ? await paymentDetails({ reference: row.paymentRef, amountVnd: row.totalAmountVnd }) : null;
  return {
    id: row.id,
    status: row.status,
    amountVnd: row.amountVnd.toString(),
    bonusVnd: row.bonusVnd.toString(),
    promoDiscountVnd: row.promoDiscountVnd.toString(),
    totalAmountVnd: row.totalAmountVnd.toString(),
    paymentMethod: "qr_direct",
    qrUrl: details?.qrUrl ?? null,
    expiresAt: row.expiresAt.toISOString(),
    paymentRef: row.paymentRef,
    paymentInstructions: details?.paymentInstructions ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    returnTo: row.returnTo
  };
}

export { quoteAndHold as A, capReached as B, reservePromo as C, deliverReceiptSoon as D, downloadPageUrl as E, issueDownloadToken as F, evaluateTopupPromo as G, isFreeNow as H, unknownProduct as I, cancelPendingOrder as J, recordIdempotentOrder as K, ORDER_KIND as O, TOPUP_KIND as T, deliverDueReceipts as a, dropExpiredIdempotencyKeys as b, credit as c, deliverReceipt as d, releasePromoRedemption as e, consumePromoRedemption as f, debit as g, getTopupOrder as h, createTopupOrder as i, getBalance as j, readDownloadToken as k, listActiveDenominations as l, markOrderPaid as m, effectivePriceVnd as n, runningFlashSales as o, parseIdempotencyKey as p, evaluateCheckoutPromo as q, releaseOrder as r, seedDenominations as s, isUuid as t, orderNotFound as u, invalidPromo as v, normalisePromoCode as w, requestHash as x, claimIdempotencyKey as y, alreadyOwned as z };
//# sourceMappingURL=orders.js-B8bAdtQ5.js.map
