const VN_TZ = "Asia/Ho_Chi_Minh";
const vnd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND", maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat("vi-VN", {
  timeZone: VN_TZ,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
});
const dateOnly = new Intl.DateTimeFormat("vi-VN", { timeZone: VN_TZ, day: "2-digit", month: "2-digit", year: "numeric" });
const shortDateTime = new Intl.DateTimeFormat("vi-VN", { timeZone: VN_TZ, dateStyle: "short", timeStyle: "short", hourCycle: "h23" });
function vndParts(amount) {
  return vnd.format(typeof amount === "string" ? BigInt(amount) : amount);
}
function formatVnd(amount) {
  return vndParts(amount).replace(/[\u00a0\u202f]/g, " ");
}
function formatVndText(amount) {
  return vndParts(amount).replace(/[\u00a0\u202f]/g, " ");
}
function formatDateTime(iso) {
  return dateTime.format(new Date(iso));
}
function formatDateTimeText(iso) {
  return shortDateTime.format(new Date(iso));
}
function formatDate(iso) {
  return dateOnly.format(new Date(iso));
}
function formatCountdown(msLeft) {
  const total = Math.max(0, Math.floor(msLeft / 1e3));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total % 3600 / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export { formatDateTimeText as a, formatVnd as b, formatCountdown as c, formatDate as d, formatDateTime as e, formatVndText as f };
//# sourceMappingURL=format.js-CUETbGfu.js.map
