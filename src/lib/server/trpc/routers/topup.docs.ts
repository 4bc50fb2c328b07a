/** What /openapi.json says about the routes of ./topup.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { vietQrPayload } from '../../payments/vietqr';

const tags = ['Top-up'];

const exampleOrder = {
	id: '6f1c2a9e-0000-4000-8000-000000000000',
	status: 'PENDING',
	amountVnd: '200000',
	bonusVnd: '20000',
	promoDiscountVnd: '10000',
	totalAmountVnd: '190000',
	paymentMethod: 'qr_direct',
	qrUrl: 'data:image/png;base64,iVBORw0KGgo…',
	qrPayload: vietQrPayload({ bankBin: '970422', accountNumber: '0123456789', amountVnd: 190_000n, memo: 'HL7K2MQX9A' }),
	expiresAt: '2026-01-15T09:00:00.000Z',
	paymentRef: 'HL7K2MQX9A',
	paymentInstructions: 'Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 190.000 ₫ … nội dung: HL7K2MQX9A.',
	paidAt: null,
	createdAt: '2026-01-15T08:30:00.000Z',
	returnTo: '/vi'
};

export const docs = {
	denominations: {
		scopes: ['catalog:read'],
		summary: 'Top-up denominations',
		description: 'Active denominations in display order, with the bonus percent each earns.',
		tags,
		errors: {},
		example: [{ id: 'b1d0c3e2-0000-4000-8000-000000000000', amountVnd: '200000', bonusRatePct: 10, isActive: true, sortOrder: 30, tag: 'Phổ biến', isPopular: true }]
	},

	createOrder: {
		scopes: ['topup:write'],
		summary: 'Create a top-up order',
		description:
			'Creates a pending top-up paid by VietQR bank transfer. Once the transfer of `totalAmountVnd` with the `paymentRef` as its content is confirmed, `amountVnd` is credited to the main pocket and `bonusVnd` to the bonus pocket. Unpaid top-ups expire at `expiresAt`. While pending, `qrPayload` is the VietQR (EMVCo) text the `qrUrl` image encodes. ' +
			'`Idempotency-Key` (optional, 1–255 printable ASCII characters, e.g. a UUID): a retry with the same key and body returns the first top-up (header `Idempotent-Replayed: true`) instead of creating another, for 24 hours; the same key with a different body is refused with 422 `state_violation` (`details.reason = "idempotency_key_reused"`). Keys belong to the signed-in account and are separate from checkout keys. Only requests that created a top-up are remembered, so a failed request may be retried with its key.',
		tags,
		errors: {
			400: ['validation_error'],
			401: ['unauthenticated'],
			409: ['promo_cap_reached'],
			422: ['state_violation', 'wallet_balance_overflow'],
			429: ['rate_limited'],
			503: ['payment_processing']
		},
		example: exampleOrder
	},

	getOrder: {
		scopes: ['topup:read'],
		summary: 'Poll a top-up order',
		description: 'One of the caller\'s top-ups. A pending top-up carries its payment QR; a top-up past its expiry is reported EXPIRED.',
		tags,
		errors: { 401: ['unauthenticated'], 404: ['not_found'] },
		example: exampleOrder
	},

	validatePromo: {
		scopes: ['promos:validate'],
		summary: 'Check a top-up promo code',
		description: 'Computes the discount a promo code gives on a top-up amount without reserving it. Unknown, expired, exhausted or not-applicable codes answer 200 with `valid: false`.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 429: ['rate_limited'] },
		example: { valid: true, discountVnd: '10000', finalAmountVnd: '190000', description: 'Giảm 5% tối đa 10.000 ₫' }
	}
} satisfies RouterDocs;
