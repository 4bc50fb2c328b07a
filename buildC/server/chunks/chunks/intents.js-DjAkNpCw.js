import { and, eq, lte } from 'drizzle-orm';
import { a as db, g as paymentIntents } from './client.js-CTlknuH-.js';
import { a as now, l as log, A as AppError } from './app-error.js-BJVvpKXy.js';
import { f as formatVndText } from './format.js-CUETbGfu.js';
import { c as config } from './config.js-CBoIX22t.js';
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';

const targets = /* @__PURE__ */ new Map();
function registerPaymentTarget(kind, target) {
  const existing = targets.get(kind);
  if (existing && existing !== target) throw new Error(`payment target "${kind}" is already registered`);
  targets.set(kind, target);
}
function paymentTarget(kind) {
  const target = targets.get(kind);
  if (!target) throw new Error(`no payment target registered for "${kind}"`);
  return target;
}
async function runAfterSettle(intent) {
  try {
    await paymentTarget(intent.kind).afterSettle?.(intent);
  } catch (error) {
    log.error("after-payment work failed; the payment stands", { kind: intent.kind, targetId: intent.targetId, error });
  }
}
function paymentsUnavailable() {
  return new AppError(
    503,
    "payment_processing",
    "Thanh toán chuyển khoản tạm thời không khả dụng. Vui lòng thử lại sau hoặc liên hệ hỗ trợ."
  );
}
function paymentAccount() {
  const settings = config().payment;
  if (!settings.ready) throw paymentsUnavailable();
  return settings;
}
const REFERENCE_PREFIX = "HL";
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const REFERENCE_RANDOM_LENGTH = 8;
const REFERENCE_LENGTH = REFERENCE_PREFIX.length + REFERENCE_RANDOM_LENGTH;
function newPaymentReference() {
  let ref = REFERENCE_PREFIX;
  for (let i = 0; i < REFERENCE_RANDOM_LENGTH; i++) ref += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return ref;
}
const VALID = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_RANDOM_LENGTH}}$`);
function isPaymentReference(value) {
  return VALID.test(value);
}
function referenceCandidates(content) {
  const compact = content.normalize("NFKC").toUpperCase().replace(/[^0-9A-Z]/g, "");
  const found = /* @__PURE__ */ new Set();
  for (let i = compact.indexOf(REFERENCE_PREFIX); i !== -1; i = compact.indexOf(REFERENCE_PREFIX, i + 1)) {
    const candidate = compact.slice(i, i + REFERENCE_LENGTH);
    if (isPaymentReference(candidate)) found.add(candidate);
    if (found.size >= 20) break;
  }
  return [...found];
}
const NAPAS_GUID = "A000000727";
const SERVICE_TO_ACCOUNT = "QRIBFTTA";
function tlv(id, value) {
  if (value.length > 99) throw new Error(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, "0")}${value}`;
}
function crc16CcittFalse(text) {
  let crc = 65535;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 32768 ? (crc << 1 ^ 4129) & 65535 : crc << 1 & 65535;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
function vietQrPayload(input) {
  if (!/^[0-9]{6}$/.test(input.bankBin)) throw new Error("bank BIN must be 6 digits");
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber)) throw new Error("account number must be 1–19 letters or digits");
  if (input.amountVnd <= 0n || input.amountVnd.toString().length > 13) throw new Error("amount out of range");
  if (!/^[0-9A-Za-z]{1,25}$/.test(input.memo)) throw new Error("memo must be 1–25 letters or digits");
  const beneficiary = tlv("00", input.bankBin) + tlv("01", input.accountNumber);
  const merchantAccount = tlv("00", NAPAS_GUID) + tlv("01", beneficiary) + tlv("02", SERVICE_TO_ACCOUNT);
  const body = tlv("00", "01") + // payload format indicator
  tlv("01", "12") + // point of initiation: dynamic (one amount, one use)
  tlv("38", merchantAccount) + tlv("53", "704") + // currency: VND
  tlv("54", input.amountVnd.toString()) + tlv("58", "VN") + tlv("62", tlv("08", input.memo)) + // additional data: purpose of transaction
  "6304";
  return body + crc16CcittFalse(body);
}
const rendered = /* @__PURE__ */ new Map();
const RENDERED_MAX = 1e3;
function vietQrDataUrl(payload) {
  let image = rendered.get(payload);
  if (!image) {
    image = QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 2, width: 360 });
    image.catch(() => rendered.delete(payload));
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value);
    rendered.set(payload, image);
  }
  return image;
}
async function createPaymentIntent(tx, input) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [intent] = await tx.insert(paymentIntents).values({ ...input, reference: newPaymentReference(), createdAt: now() }).onConflictDoNothing({ target: paymentIntents.reference }).returning();
    if (intent) return intent;
  }
  throw new Error("could not allocate a unique payment reference");
}
async function paymentDetails(intent) {
  const account = paymentAccount();
  const payload = vietQrPayload({
    bankBin: account.bankBin,
    accountNumber: account.accountNumber,
    amountVnd: intent.amountVnd,
    memo: intent.reference
  });
  return {
    paymentRef: intent.reference,
    qrUrl: await vietQrDataUrl(payload),
    paymentInstructions: `Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản ${formatVndText(intent.amountVnd)} tới ${account.bankName}, số tài khoản ${account.accountNumber} (${account.accountName}), nội dung: ${intent.reference}. Đơn được xác nhận tự động khi tiền về.`
  };
}
async function expireIntent(tx, intent) {
  const [expired] = await tx.update(paymentIntents).set({ status: "EXPIRED" }).where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, "PENDING"))).returning();
  if (expired) await paymentTarget(expired.kind).expire(tx, expired);
}
function isPastExpiry(intent) {
  return intent.expiresAt.getTime() <= now().getTime();
}
async function expireIfDue(kind, targetId) {
  await db().transaction(async (tx) => {
    const [intent] = await tx.select().from(paymentIntents).where(and(eq(paymentIntents.kind, kind), eq(paymentIntents.targetId, targetId))).for("update");
    if (intent?.status === "PENDING" && isPastExpiry(intent)) await expireIntent(tx, intent);
  });
}
const SWEEP_BATCH = 100;
async function expireDueIntents() {
  let total = 0;
  for (; ; ) {
    const count = await db().transaction(async (tx) => {
      const due = await tx.select().from(paymentIntents).where(and(eq(paymentIntents.status, "PENDING"), lte(paymentIntents.expiresAt, now()))).orderBy(paymentIntents.expiresAt).limit(SWEEP_BATCH).for("update", { skipLocked: true });
      for (const intent of due) await expireIntent(tx, intent);
      return due.length;
    });
    total += count;
    if (count < SWEEP_BATCH) break;
  }
  if (total > 0) log.info("expired unpaid payment intents", { count: total });
  return total;
}

export { paymentDetails as a, expireDueIntents as b, createPaymentIntent as c, expireIntent as d, expireIfDue as e, paymentsUnavailable as f, runAfterSettle as g, referenceCandidates as h, isPastExpiry as i, paymentTarget as j, paymentAccount as p, registerPaymentTarget as r };
//# sourceMappingURL=intents.js-DjAkNpCw.js.map
