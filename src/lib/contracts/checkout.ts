import { z } from 'zod';
import { MoneyVnd, pageFields } from './money';
import { PromoCode, ReturnTo } from './topup';

export const orderStatuses = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'FAILED'] as const;
export const paymentMethods = ['qr_direct', 'wallet', 'free_claim', 'cash_manual'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** What became of the receipt email of a paid order; `pending` until the first attempt has finished. */
export const receiptStatuses = ['pending', 'sent', 'suppressed', 'failed'] as const;

export const Order = z.object({
	id: z.string(),
	/** Additive: the order number printed on the receipt and quoted to support (`DH` + digits). */
	orderNumber: z.string().regex(/^DH[0-9]+$/),
	status: z.enum(orderStatuses),
	/** What the buyer pays: the effective price at creation minus the promo discount. */
	amountVnd: MoneyVnd,
	paymentMethod: z.enum(paymentMethods),
	/** qr_direct while PENDING: the VietQR image as a PNG data URL. */
	qrUrl: z.string().nullable(),
	/** Additive: qr_direct while PENDING, the VietQR (EMVCo) text the `qrUrl` image encodes, for a banking-app integration. */
	qrPayload: z.string().nullable().optional(),
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
	returnTo: z.string().nullable(),
	/**
	 * Additive, present only when staff refunded the order to the buyer's wallet.
	 * The status stays PAID; `downloadUrl` is then null and earlier download links stop working.
	 */
	refundedAt: z.iso.datetime().optional(),
	/** Additive, with `refundedAt`: the amount given back. */
	refundedVnd: MoneyVnd.optional(),
	/** Additive, with `refundedAt`: where the money went (`main`: the main pocket of the buyer's wallet). */
	refundPocket: z.enum(['main']).optional(),
	/**
	 * Additive, PENDING qr_direct only, present once a transfer arrived short: what has arrived so far.
	 * `qrUrl`, `qrPayload` and `paymentInstructions` then ask for `dueVnd`, the remainder.
	 */
	receivedVnd: MoneyVnd.optional(),
	/** Additive, with `receivedVnd`: what is still due. */
	dueVnd: MoneyVnd.optional()
}).meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const GuestBuyer = z.object({ email: z.email('Email không hợp lệ.').max(254, 'Email quá dài.') });

export const CreateCheckoutInput = z.object({
	productId: z.string().min(1).max(64),
	paymentMethod: z.enum(paymentMethods),
	/** Empty = none; anything else must be a well-formed promo code. */
	promoCode: z.string().max(64).optional(),
	returnTo: ReturnTo.optional(),
	guest: GuestBuyer.optional(),
	consent: z.boolean().optional()
});
export type CreateCheckoutInput = z.infer<typeof CreateCheckoutInput>;

export const OrderListQuery = z.object({
	cursor: z.string().min(1).max(512).optional(),
	pageSize: z.number().int().min(1).max(50).default(10),
	status: z.enum(orderStatuses).optional()
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderPage = z.object({ items: z.array(Order), ...pageFields });
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderIdInput = z.object({ orderId: z.string().min(1) });

export const CheckoutPromoValidateInput = z.object({
	code: PromoCode,
	productId: z.string().min(1).max(64)
});

export const CheckoutPromoResult = z.discriminatedUnion('valid', [
	z.object({
		valid: z.literal(true),
		code: z.string(),
		discountVnd: MoneyVnd,
		finalPriceVnd: MoneyVnd,
		description: z.string().nullable()
	}),
	z.object({ valid: z.literal(false), reason: z.literal('invalid') })
]);
export type CheckoutPromoResult = z.infer<typeof CheckoutPromoResult>;

/** `<base64url payload>.<base64url signature>`; anything else is malformed (400), a bad signature or expiry is 403. */
export const DOWNLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const DownloadByTokenInput = z.object({
	token: z.string().min(1).max(512).regex(DOWNLOAD_TOKEN_PATTERN, 'Mã tải xuống không đúng định dạng.')
});

export const TokenDownload = z.object({
	/** Short-lived signed storage URL of the product's file. */
	url: z.string(),
	/** Seconds until `url` stops working. */
	expiresIn: z.number().int().positive()
});
export type TokenDownload = z.infer<typeof TokenDownload>;
