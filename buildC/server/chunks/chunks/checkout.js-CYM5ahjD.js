import { z } from 'zod';
import { P as PromoCode, M as MoneyVnd, p as pageFields, R as ReturnTo } from './topup.js-C5XdnIjH.js';

const orderStatuses = ["PENDING", "PAID", "EXPIRED", "CANCELLED", "FAILED"];
const paymentMethods = ["qr_direct", "wallet", "free_claim", "cash_manual"];
const receiptStatuses = ["pending", "sent", "suppressed", "failed"];
const Order = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  /** What the buyer pays: the effective price at creation minus the promo discount. */
  amountVnd: MoneyVnd,
  paymentMethod: z.enum(paymentMethods),
  /** qr_direct while PENDING: the VietQR image as a PNG data URL. */
  qrUrl: z.string().nullable(),
  /** qr_direct and cash_manual: the transfer content (memo) or the code quoted to the cashier. */
  paymentRef: z.string().nullable(),
  /** While PENDING: how to pay, in Vietnamese (bank, account, amount, memo — or the cash desk). */
  paymentInstructions: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** PAID only: `pending`, `sent`, `suppressed` (no mail server configured) or `failed`. */
  receiptStatus: z.enum(receiptStatuses).nullable(),
  /**
   * PAID only: the storefront download page `<origin>/tai-ve?token=<download token>`.
   * API clients exchange its `token` query parameter at POST /api/v1/downloads/by-token.
   */
  downloadUrl: z.string().nullable(),
  /** Additive: the product bought. */
  productId: z.string(),
  /** Additive: the effective price at creation (flash sale > sale > list), before the promo. */
  priceVnd: MoneyVnd,
  /** Additive. */
  promoDiscountVnd: MoneyVnd,
  /** Additive: the promo code applied, normalised. */
  promoCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  returnTo: z.string().nullable()
});
const GuestBuyer = z.object({ email: z.email().max(254) });
const CreateCheckoutInput = z.object({
  productId: z.string().min(1).max(64),
  paymentMethod: z.enum(paymentMethods),
  /** Empty = none; anything else must be a well-formed promo code. */
  promoCode: z.string().max(64).optional(),
  returnTo: ReturnTo.optional(),
  guest: GuestBuyer.optional(),
  consent: z.boolean().optional()
});
const OrderListQuery = z.object({
  cursor: z.string().min(1).max(512).optional(),
  pageSize: z.number().int().min(1).max(50).default(10),
  status: z.enum(orderStatuses).optional()
});
const OrderPage = z.object({ items: z.array(Order), ...pageFields });
const OrderIdInput = z.object({ orderId: z.string().min(1) });
const CheckoutPromoValidateInput = z.object({
  code: PromoCode,
  productId: z.string().min(1).max(64)
});
const CheckoutPromoResult = z.discriminatedUnion("valid", [
  z.object({
    valid: z.literal(true),
    code: z.string(),
    discountVnd: MoneyVnd,
    finalPriceVnd: MoneyVnd,
    description: z.string().nullable()
  }),
  z.object({ valid: z.literal(false), reason: z.literal("invalid") })
]);
const DOWNLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const DownloadByTokenInput = z.object({
  token: z.string().min(1).max(512).regex(DOWNLOAD_TOKEN_PATTERN, "Mã tải xuống không đúng định dạng.")
});
const TokenDownload = z.object({
  /** Short-lived signed storage URL of the product's file. */
  url: z.string(),
  /** Seconds until `url` stops working. */
  expiresIn: z.number().int().positive()
});

export { CheckoutPromoValidateInput as C, DownloadByTokenInput as D, OrderIdInput as O, TokenDownload as T, CheckoutPromoResult as a, Order as b, OrderListQuery as c, OrderPage as d, CreateCheckoutInput as e, paymentMethods as p };
//# sourceMappingURL=checkout.js-CYM5ahjD.js.map
