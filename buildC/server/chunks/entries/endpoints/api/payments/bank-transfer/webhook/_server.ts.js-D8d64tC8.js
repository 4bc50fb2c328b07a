import { c as config } from '../../../../../../chunks/config.js-CBoIX22t.js';
import { u as unauthenticated, A as AppError, a as now, l as log } from '../../../../../../chunks/app-error.js-BJVvpKXy.js';
import { v as validationDetails } from '../../../../../../chunks/classify.js-IAiHLL2t.js';
import { f as paymentsUnavailable, g as runAfterSettle, h as referenceCandidates, i as isPastExpiry, d as expireIntent, j as paymentTarget } from '../../../../../../chunks/intents.js-DjAkNpCw.js';
import { eq, sql, inArray, and } from 'drizzle-orm';
import { z } from 'zod';
import { a as db, D as bankTransfers, g as paymentIntents } from '../../../../../../chunks/client.js-CTlknuH-.js';
import { f as formatVndText } from '../../../../../../chunks/format.js-CUETbGfu.js';
import { timingSafeEqual, createHash } from 'node:crypto';
import { r as readJsonBody, j as json, a as errorResponse } from '../../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import 'node:fs';
import 'node:path';
import '@trpc/server';
import 'qrcode';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../../../chunks/catalog.js-DINH2wV_.js';

const BANK_TRANSFER_PROVIDER = "sepay";
const text = (max) => z.string().max(max).nullish();
const BankTransferNotification = z.looseObject({
  id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(64)]).transform(String),
  gateway: text(100),
  transactionDate: text(40),
  accountNumber: text(40),
  /** Some notifiers extract the payment code themselves. */
  code: text(100),
  content: text(1e3),
  transferType: z.enum(["in", "out"]),
  transferAmount: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[0-9]{1,15}$/)]).transform((v) => BigInt(v)),
  referenceCode: text(100),
  description: text(1e3)
});
async function claim(tx, n, payload) {
  const [row] = await tx.insert(bankTransfers).values({
    provider: BANK_TRANSFER_PROVIDER,
    providerTxnId: n.id,
    gateway: n.gateway ?? null,
    accountNumber: n.accountNumber ?? null,
    transferType: n.transferType,
    amountVnd: n.transferAmount,
    content: n.content ?? "",
    bankReference: n.referenceCode ?? null,
    transactionDate: n.transactionDate ?? null,
    payload,
    matchStatus: "error",
    receivedAt: now()
  }).onConflictDoUpdate({
    target: [bankTransfers.provider, bankTransfers.providerTxnId],
    set: { attempts: sql`${bankTransfers.attempts} + 1` },
    setWhere: eq(bankTransfers.matchStatus, "error")
  }).returning();
  return row ?? null;
}
async function creditUnapplied(tx, intent, transfer, amount, matchStatus) {
  if (amount === 0n) return { matchStatus, intentId: intent.id, needsReview: false, note: "Không có khoản nào cần xử lý thêm." };
  const note = await paymentTarget(intent.kind).creditUnapplied(tx, intent, transfer, amount, matchStatus);
  return note === null ? { matchStatus, intentId: intent.id, needsReview: true, note: `${formatVndText(amount)} chưa được xử lý: cần nhân viên kiểm tra.` } : { matchStatus, intentId: intent.id, creditedVnd: amount, needsReview: false, note };
}
async function resolve(tx, n, transfer) {
  if (n.transferType === "out") return { matchStatus: "outgoing", needsReview: false, note: "Giao dịch tiền ra, không đối soát." };
  const candidates = referenceCandidates([n.code, n.content, n.description].filter(Boolean).join(" "));
  const intents = candidates.length ? await tx.select().from(paymentIntents).where(inArray(paymentIntents.reference, candidates)).for("update") : [];
  if (intents.length !== 1) {
    const note = intents.length === 0 ? "Không tìm thấy mã thanh toán trong nội dung chuyển khoản." : `Nội dung chứa nhiều mã thanh toán: ${intents.map((i) => i.reference).join(", ")}.`;
    return { matchStatus: "unmatched", needsReview: true, note };
  }
  const intent = intents[0];
  const lapsed = intent.status === "PENDING" && isPastExpiry(intent);
  if (lapsed) await expireIntent(tx, intent);
  if (intent.status === "PAID") return creditUnapplied(tx, intent, transfer, transfer.amountVnd, "duplicate_payment");
  if (lapsed || intent.status !== "PENDING") return creditUnapplied(tx, intent, transfer, transfer.amountVnd, "late");
  if (transfer.amountVnd < intent.amountVnd) {
    return {
      matchStatus: "underpaid",
      intentId: intent.id,
      needsReview: true,
      note: `Chuyển ${formatVndText(transfer.amountVnd)}, thiếu so với ${formatVndText(intent.amountVnd)} cần thanh toán; đơn vẫn chờ thanh toán.`
    };
  }
  const [paid] = await tx.update(paymentIntents).set({ status: "PAID", paidAt: now() }).where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, "PENDING"))).returning();
  await paymentTarget(intent.kind).settle(tx, paid, transfer);
  const excess = transfer.amountVnd - intent.amountVnd;
  if (excess === 0n) return { matchStatus: "matched", intentId: intent.id, needsReview: false, note: `Đã thanh toán ${intent.reference}.`, settled: paid };
  return { ...await creditUnapplied(tx, paid, transfer, excess, "overpaid"), settled: paid };
}
async function keepFailedTransfer(n, payload, error) {
  try {
    await db().transaction(async (tx) => {
      const row = await claim(tx, n, payload);
      if (row) {
        const message = error instanceof Error ? error.message : String(error);
        await tx.update(bankTransfers).set({ needsReview: true, note: `Lỗi xử lý, sẽ thử lại ở lần gửi sau: ${message}`.slice(0, 1e3) }).where(eq(bankTransfers.id, row.id));
      }
    });
  } catch (recordError) {
    log.error("could not record a failed bank transfer", { providerTxnId: n.id, error: recordError });
  }
}
async function receiveBankTransfer(n, payload) {
  let settled;
  try {
    const outcome = await db().transaction(async (tx) => {
      const transfer = await claim(tx, n, payload);
      if (!transfer) return { status: "duplicate", transferId: null };
      const r = await resolve(tx, n, transfer);
      await tx.update(bankTransfers).set({
        matchStatus: r.matchStatus,
        intentId: r.intentId ?? null,
        creditedVnd: r.creditedVnd ?? 0n,
        needsReview: r.needsReview,
        note: r.note,
        processedAt: now()
      }).where(eq(bankTransfers.id, transfer.id));
      log.info("bank transfer processed", { providerTxnId: n.id, matchStatus: r.matchStatus, amount: n.transferAmount.toString() });
      settled = r.settled;
      return { status: r.matchStatus, transferId: transfer.id };
    });
    if (settled) await runAfterSettle(settled);
    return outcome;
  } catch (error) {
    log.error("bank transfer processing failed", { providerTxnId: n.id, error });
    await keepFailedTransfer(n, payload, error);
    throw error;
  }
}
function isAuthorisedWebhook(authorization, secret) {
  const match = /^Apikey\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (value) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}
const POST = async ({ request, locals }) => {
  try {
    const key = config().paymentWebhook;
    if (!key.ready) throw paymentsUnavailable();
    if (!isAuthorisedWebhook(request.headers.get("authorization"), key.secret)) {
      throw unauthenticated("Khoá xác thực webhook không hợp lệ.");
    }
    const body = await readJsonBody(request);
    const parsed = BankTransferNotification.safeParse(body);
    if (!parsed.success) {
      throw new AppError(400, "validation_error", "Thông báo chuyển khoản không hợp lệ.", validationDetails(parsed.error));
    }
    const outcome = await receiveBankTransfer(parsed.data, body);
    return json({ success: true, status: outcome.status, transferId: outcome.transferId }, 200);
  } catch (error) {
    return errorResponse(error, locals.requestId);
  }
};

export { POST };
//# sourceMappingURL=_server.ts.js-D8d64tC8.js.map
