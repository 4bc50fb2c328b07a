/** What /openapi.json says about the routes of ./checkout.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { vietQrPayload } from '../../payments/vietqr';

const tags = ['Checkout'];

const exampleOrder = {
	id: '3f0c9b7e-0000-4000-8000-000000000000',
	orderNumber: 'DH100042',
	status: 'PENDING',
	amountVnd: '45000',
	paymentMethod: 'qr_direct',
	qrUrl: 'data:image/png;base64,iVBORw0KGgo…',
	qrPayload: vietQrPayload({ bankBin: '970422', accountNumber: '0123456789', amountVnd: 45_000n, memo: 'HL7K2MQX9A' }),
	paymentRef: 'HL7K2MQX9A',
	paymentInstructions: 'Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 45.000 ₫ tới Ngân hàng TMCP Quân đội, số tài khoản 0123456789 (HOCLIEU), nội dung: HL7K2MQX9A. Đơn được xác nhận tự động khi tiền về.',
	expiresAt: '2026-01-15T08:45:00.000Z',
	paidAt: null,
	receiptStatus: null,
	downloadUrl: null,
	productId: '0b6f5c1e-0000-4000-8000-000000000000',
	priceVnd: '50000',
	promoDiscountVnd: '5000',
	promoCode: 'GIAOVIEN10',
	createdAt: '2026-01-15T08:30:00.000Z',
	returnTo: '/san-pham/lop-1/toan/giao-an-toan-lop-1'
};

const examplePaid = {
	...exampleOrder,
	status: 'PAID',
	qrUrl: null,
	paymentInstructions: null,
	paidAt: '2026-01-15T08:33:10.000Z',
	receiptStatus: 'sent',
	downloadUrl: 'https://hoclieu.vn/tai-ve?token=eyJ2IjoxLCJwIjoi….Zk3…'
};

export const docs = {
	create: {
		scopes: ['orders:write'],
		summary: 'Create a purchase order',
		description: [
			'Buys one product at its effective price now (flash sale > sale > list), minus an optional promo. The response sets `order_access_<orderId>` (HMAC-signed, HttpOnly, SameSite=Lax, 24 h by default), which alone lets its holder poll that order — the way a guest follows their order.',
			'',
			'Payment methods:',
			'- `qr_direct`: PENDING with a VietQR image (`qrUrl`), the transfer memo (`paymentRef`) and Vietnamese `paymentInstructions`; expires at `expiresAt` (15 minutes by default). The bank-transfer confirmation marks it PAID.',
			'- `wallet` (signed in only): paid at once from the wallet (bonus pocket first, then main) in the same transaction that marks the order PAID and grants ownership. Not enough money → 422 `state_violation` with `details.required` and `details.available`.',
			'- `free_claim`: only when the price after the promo is 0 → PAID at once; otherwise 422 `state_violation` (`details.reason = "not_free"`). Conversely any other method for a free order is 422 (`details.reason = "free_order"`).',
			'- `cash_manual`: PENDING with cash instructions and a reference; staff confirm it (72 hours by default).',
			'',
			'Guests (no session): send `guest.email` and `consent: true` (400 without consent; `wallet` is refused with 400). Without a session and without `guest`, or when guest checkout is disabled: 401.',
			'',
			'A bundle (GET /api/v1/catalog/bundles/{id}) grants each of its items too, and a signed-in buyer who owns some items pays the bundle price minus what they paid for those, never below zero ("Mua nốt bộ"; 0 means `free_claim`). Owning every item answers 409 `already_owned` (`details.reason = "bundle_items_owned"`); a bundle with an item off sale, 422 `state_violation` (`details.reason = "bundle_unavailable"`).',
			'',
			'A flash-sale unit and a promo use are reserved when the order is created and given back if it expires or is cancelled. While a flash sale is running, the product sells only at its price: once its stock is gone, 409 `flash_sale_sold_out` until it ends — a buyer is never charged more than the price they were shown.',
			'',
			'Asking again for a product with a pending order of yours returns that same order (same reference, nothing reserved twice) when the payment method and promo are the same; otherwise the pending order is cancelled and replaced. A transfer that still arrives for a cancelled or expired order is credited to your wallet.',
			'',
			'`Idempotency-Key` (optional, 1–255 printable ASCII characters, e.g. a UUID): a retry with the same key and body returns the first order (header `Idempotent-Replayed: true`) instead of creating another, for 24 hours; the same key with a different body is refused with 422 `state_violation` (`details.reason = "idempotency_key_reused"`). Only requests that created an order are remembered, so a failed request may be retried with its key.',
			'',
			'422 `wallet_balance_overflow` is part of the contract but cannot occur today: checkout only ever takes money out of a wallet, and money received for expired, cancelled or already-paid orders is credited by the bank-transfer confirmation, which never refuses money already received.'
		].join('\n'),
		tags,
		errors: {
			400: ['validation_error'],
			401: ['unauthenticated'],
			409: ['already_owned', 'flash_sale_sold_out', 'promo_cap_reached'],
			422: ['state_violation', 'wallet_balance_overflow'],
			429: ['rate_limited'],
			503: ['payment_processing']
		},
		example: exampleOrder
	},

	list: {
		scopes: ['orders:read'],
		summary: 'My orders',
		description: 'The signed-in user\'s purchase orders, newest first, optionally only one `status`. Pending orders past their expiry are listed as EXPIRED. Orders made as a guest are listed once they have joined the account: at a sign-in with the account\'s proven address equal to the guest email. Until then, poll them with their order-access cookie.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
		example: { items: [examplePaid], nextCursor: null, hasMore: false }
	},

	get: {
		scopes: ['orders:read'],
		summary: 'Poll an order',
		description:
			'The order as it is now, for its owner\'s session or the holder of its `order_access_<orderId>` cookie. PENDING carries the QR and reference; PAID carries `paidAt`, `receiptStatus` and `downloadUrl` (the storefront download page with a fresh download token in its `token` query parameter, which API clients exchange at POST /api/v1/downloads/by-token). A pending order past `expiresAt` reads as EXPIRED. Unknown and not-yours give the same 404.',
		tags,
		errors: { 404: ['not_found'] },
		example: examplePaid
	},

	validatePromo: {
		scopes: ['promos:validate'],
		summary: 'Check a checkout promo code',
		description:
			'What a promo code takes off a product\'s effective price now, for the signed-in buyer, without reserving it. Percentage promos may be capped by a maximum discount; promos may be limited to a product, a product type or a category subtree, a time window, a minimum price, and total and per-user uses. Unknown, expired, exhausted or not-applicable codes answer 200 with `valid: false`.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 429: ['rate_limited'] },
		example: { valid: true, code: 'GIAOVIEN10', discountVnd: '5000', finalPriceVnd: '45000', description: 'Giảm 10% cho giáo viên, tối đa 20.000 ₫' }
	}
} satisfies RouterDocs;
