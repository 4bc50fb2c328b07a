import { z } from 'zod';

const MoneyVnd = z.string().regex(/^[0-9]+$/).meta({ description: "Whole VND as a decimal string", example: "100000" });
const pageFields = {
  nextCursor: z.string().nullable(),
  hasMore: z.boolean()
};
const Denomination = z.object({
  id: z.string(),
  amountVnd: MoneyVnd,
  /** Bonus percent credited to the bonus pocket on top of the amount. */
  bonusRatePct: z.number(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  tag: z.string().nullable(),
  isPopular: z.boolean()
});
const topupOrderStatuses = ["PENDING", "PAID", "EXPIRED", "FAILED"];
const TopupOrder = z.object({
  id: z.string(),
  status: z.enum(topupOrderStatuses),
  /** Credited to the main pocket once paid. */
  amountVnd: MoneyVnd,
  /** Credited to the bonus pocket once paid. */
  bonusVnd: MoneyVnd,
  promoDiscountVnd: MoneyVnd,
  /** What the buyer transfers: amountVnd − promoDiscountVnd. */
  totalAmountVnd: MoneyVnd,
  paymentMethod: z.literal("qr_direct"),
  /** VietQR PNG data URL while the top-up awaits payment. */
  qrUrl: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Additive: the transfer content (memo) that identifies this top-up. */
  paymentRef: z.string(),
  /** Additive: the bank details spelt out, while awaiting payment. */
  paymentInstructions: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  returnTo: z.string().nullable()
});
const PromoCode = z.string().trim().regex(/^[A-Za-z0-9_-]{3,40}$/, 'Mã khuyến mãi gồm 3–40 chữ cái, chữ số, "-" hoặc "_".');
const ReturnTo = z.string().max(512).regex(/^\/(?![/\\])\S*$/, 'Phải là đường dẫn nội bộ bắt đầu bằng "/".');
const CreateTopupOrderInput = z.object({
  denominationId: z.string().min(1).max(64),
  promoCode: z.union([z.literal(""), PromoCode]).optional(),
  returnTo: ReturnTo.optional()
});
const TopupOrderIdInput = z.object({ id: z.string().min(1) });
const TopupPromoValidateInput = z.object({
  code: PromoCode,
  amountVnd: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
});
const TopupPromoResult = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), discountVnd: MoneyVnd, finalAmountVnd: MoneyVnd, description: z.string().nullable() }),
  z.object({ valid: z.literal(false), reason: z.literal("invalid") })
]);

export { CreateTopupOrderInput as C, Denomination as D, MoneyVnd as M, PromoCode as P, ReturnTo as R, TopupPromoValidateInput as T, TopupPromoResult as a, TopupOrderIdInput as b, TopupOrder as c, pageFields as p };
//# sourceMappingURL=topup.js-C5XdnIjH.js.map
