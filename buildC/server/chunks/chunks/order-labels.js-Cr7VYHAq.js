const orderStatusLabels = {
  PENDING: "Chờ thanh toán",
  PAID: "Đã thanh toán",
  EXPIRED: "Hết hạn",
  CANCELLED: "Đã huỷ",
  FAILED: "Không thành công"
};
const paymentMethodLabels = {
  qr_direct: "Chuyển khoản (VietQR)",
  wallet: "Ví hoclieu",
  free_claim: "Nhận miễn phí",
  cash_manual: "Tiền mặt"
};
const statusSlugs = {
  PENDING: "cho-thanh-toan",
  PAID: "da-thanh-toan",
  EXPIRED: "het-han",
  CANCELLED: "da-huy",
  FAILED: "khong-thanh-cong"
};
function statusFromSlug(slug) {
  return Object.keys(statusSlugs).find((s) => statusSlugs[s] === slug);
}

export { statusSlugs as a, orderStatusLabels as o, paymentMethodLabels as p, statusFromSlug as s };
//# sourceMappingURL=order-labels.js-Cr7VYHAq.js.map
