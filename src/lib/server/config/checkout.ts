/** Checkout, token downloads and the receipt (README "Checkout and downloads"). */
import { z } from 'zod';
import { bool, positiveInt, setting, type EnvOf } from './kit';

export const checkoutVariables = {
	GUEST_CHECKOUT_ENABLED: setting(bool.default(true), 'guests may buy with an email and `consent: true`; `false` → 401 without a session'),
	CHECKOUT_ORDER_TTL_MINUTES: setting(positiveInt.max(24 * 60).default(15), 'how long a `qr_direct` order waits for its transfer'),
	CASH_ORDER_TTL_HOURS: setting(positiveInt.max(30 * 24).default(72), 'how long a `cash_manual` order waits for staff to confirm the cash'),
	ORDER_ACCESS_TTL_MINUTES: setting(positiveInt.max(7 * 24 * 60).default(24 * 60), 'lifetime of the `order_access_<orderId>` cookie'),
	IDEMPOTENCY_KEY_TTL_HOURS: setting(positiveInt.max(7 * 24).default(24), 'how long an `Idempotency-Key` of a checkout or top-up order returns its first order'),
	CHECKOUT_RATE_LIMIT: setting(positiveInt.default(10), 'checkout creations per user (guests: per IP) and minute'),
	CHECKOUT_PROMO_RATE_LIMIT: setting(positiveInt.default(20), 'checkout promo checks per user and minute'),
	DOWNLOAD_TOKEN_TTL_HOURS: setting(positiveInt.max(30 * 24).default(72), 'lifetime of a download token (receipts, paid orders, staff grants)'),
	DOWNLOAD_URL_TTL_SECONDS: setting(
		z.coerce.number().int().min(30).max(24 * 3600).default(300),
		'lifetime of the signed file URL a token is exchanged for (30 s to 24 h)'
	),
	DOWNLOAD_TOKEN_RATE_LIMIT: setting(positiveInt.default(30), 'token exchanges per IP and minute'),
	RECEIPT_SELLER_NAME: setting(z.string().trim().min(1).max(120).default('hoclieu — Học liệu cho giáo viên'), 'the seller printed on receipt PDFs'),
	RECEIPT_SELLER_ADDRESS: setting(z.string().trim().min(1).max(200).optional(), "the seller's address on receipts (left out when unset)", 'unset'),
	RECEIPT_SELLER_TAX_CODE: setting(
		z
			.string()
			.trim()
			.regex(/^[0-9]{10}(-[0-9]{3})?$/, 'must be a 10-digit tax code, or 10-3 for a branch')
			.optional(),
		"the seller's tax code on receipts (10 digits, or 10-3 for a branch)",
		'unset'
	)
};

export function checkoutSettings(env: EnvOf<typeof checkoutVariables>) {
	return {
		checkout: {
			/** Guests may check out with an email and explicit consent (no account). */
			guestEnabled: env.GUEST_CHECKOUT_ENABLED,
			qrOrderTtlMs: env.CHECKOUT_ORDER_TTL_MINUTES * 60_000,
			cashOrderTtlMs: env.CASH_ORDER_TTL_HOURS * 3_600_000,
			orderAccessTtlMs: env.ORDER_ACCESS_TTL_MINUTES * 60_000,
			idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000,
			/** Per user (or guest IP) and minute. */
			createRateLimit: env.CHECKOUT_RATE_LIMIT,
			promoRateLimit: env.CHECKOUT_PROMO_RATE_LIMIT,
			downloadTokenTtlMs: env.DOWNLOAD_TOKEN_TTL_HOURS * 3_600_000,
			downloadUrlTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS,
			/** Per IP and minute. */
			downloadRateLimit: env.DOWNLOAD_TOKEN_RATE_LIMIT
		},
		/** The seller printed on receipts. */
		receiptSeller: { name: env.RECEIPT_SELLER_NAME, address: env.RECEIPT_SELLER_ADDRESS ?? null, taxCode: env.RECEIPT_SELLER_TAX_CODE ?? null }
	};
}

export type CheckoutConfig = ReturnType<typeof checkoutSettings>['checkout'];
