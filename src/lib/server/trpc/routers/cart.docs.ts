/** What /openapi.json says about the routes of ./cart.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Cart'];

const exampleSummary = {
	id: '0b6f5c1e-0000-4000-8000-000000000000',
	title: 'Giáo án Toán lớp 1 — Kết nối tri thức',
	slug: 'giao-an-toan-lop-1',
	fullPath: 'lop-1/toan/giao-an-toan-lop-1',
	type: 'LESSON_PLAN',
	priceVnd: '50000',
	salePriceVnd: '45000',
	isOnSale: true,
	saleEndsAt: '2026-02-01T00:00:00.000Z',
	flashSale: null,
	ratingAvg: 4.8,
	ratingCount: 12,
	coverImageUrl: null,
	previewImageUrls: [],
	tags: ['Toán', 'Lớp 1'],
	createdAt: '2026-01-02T08:00:00.000Z'
};
const exampleCart = {
	lines: [{ product: exampleSummary, priceVnd: '45000', addedPriceVnd: '50000', priceChanged: true, owned: false }],
	totalVnd: '45000',
	maxLines: 50
};
const exampleCheckout = {
	id: '7d1e2f3a-0000-4000-8000-000000000000',
	status: 'PENDING',
	paymentMethod: 'qr_direct',
	amountVnd: '85000',
	promoDiscountVnd: '5000',
	promoCode: 'GIAOVIEN10',
	qrUrl: 'data:image/png;base64,iVBORw0KGgo…',
	qrPayload: null,
	paymentRef: 'HL7K2MQX9A',
	paymentInstructions: 'Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 85.000 ₫ tới Ngân hàng TMCP Quân đội, số tài khoản 0123456789 (HOCLIEU), nội dung: HL7K2MQX9A. Đơn được xác nhận tự động khi tiền về.',
	expiresAt: '2026-01-15T08:45:00.000Z',
	paidAt: null,
	orders: [],
	createdAt: '2026-01-15T08:30:00.000Z'
};

export const docs = {
	get: {
		scopes: ['orders:read'],
		summary: 'My cart',
		description:
			'The cart of the signed-in account, or of the guest whose `cart` cookie (HttpOnly, signed) names one. Each line is priced as checkout would charge it now, with the price it had when added and whether the buyer already owns it. Products taken off sale drop out until they return. The first request signed in with a guest cart cookie moves the guest\'s lines into the account\'s cart and clears the cookie.',
		tags,
		errors: { 429: ['rate_limited'] },
		example: exampleCart
	},

	add: {
		scopes: ['orders:write'],
		summary: 'Put a product in the cart',
		description:
			'Adds a published product (again: nothing changes). A guest\'s first add sets the `cart` cookie. 409 `already_owned` for a product the account owns or sells; 422 `state_violation` (`details.reason = "cart_full"`) past `CART_MAX_LINES` lines; 404 for an unknown or unpublished product.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['already_owned'], 422: ['state_violation'], 429: ['rate_limited'] },
		example: exampleCart
	},

	remove: {
		scopes: ['orders:write'],
		summary: 'Take a product out of the cart',
		description: 'A product not in the cart is answered with the cart unchanged.',
		tags,
		errors: { 400: ['validation_error'], 429: ['rate_limited'] },
		example: { ...exampleCart, lines: [], totalVnd: '0' }
	},

	checkout: {
		scopes: ['orders:write'],
		summary: 'Pay for the whole cart',
		description: [
			'Buys every line of the cart at once, each at its effective price now, and makes one order per line (its own price, promo share, receipt and download; GET /api/v1/checkout/{orderId} reads each). The response sets `order_access_<checkoutId>`, which lets its holder poll this checkout — the way a guest follows it.',
			'',
			'- `qr_direct`: PENDING with **one** VietQR and one `paymentRef` for the whole amount; one bank transfer pays every line. A short transfer leaves it pending (`receivedVnd`, `dueVnd`, the QR asks for the remainder); an overpayment pays it and the excess goes to the wallet. Expires at `expiresAt` (as POST /api/v1/checkout).',
			'- `wallet` (signed in only): paid at once; not enough money for the whole cart → 422 `state_violation` (`details.reason = "insufficient_funds"`, `details.required` is the total of the cart).',
			'- `free_claim`: only when the whole cart costs 0.',
			'',
			'A line the promo makes free is claimed at once. `promoCode` applies to every line it is valid for, each line taking one use as a single order would while the caps allow; a code valid for no line is 400, a cap another buyer reached first is 409 `promo_cap_reached`. A running flash sale with no units left is 409 `flash_sale_sold_out`, a line the buyer already owns is 409 `already_owned` naming it. Send `expectedTotalVnd` (the `totalVnd` of the cart as shown): when prices changed meanwhile the answer is 409 `conflict` (`details.reason = "price_changed"`) and nothing is reserved. Paid lines leave the cart. A pending order for one of the products (single or another cart) is cancelled and replaced, with the whole cart it belonged to.',
			'',
			'Guests: `guest.email` and `consent: true`, as POST /api/v1/checkout. `Idempotency-Key` works as on POST /api/v1/checkout (its own key space).'
		].join('\n'),
		tags,
		errors: {
			400: ['validation_error'],
			401: ['unauthenticated'],
			409: ['already_owned', 'flash_sale_sold_out', 'promo_cap_reached', 'conflict'],
			422: ['state_violation'],
			429: ['rate_limited'],
			503: ['payment_processing']
		},
		example: exampleCheckout
	},

	checkoutStatus: {
		scopes: ['orders:read'],
		summary: 'Poll a cart checkout',
		description:
			'The cart checkout as it is now, for its buyer\'s session or the holder of its `order_access_<checkoutId>` cookie: the one QR while PENDING, then PAID with every order\'s `downloadUrl`. Past `expiresAt` unpaid it reads as EXPIRED and every line gave back its flash-sale unit and promo use. Unknown and not-yours give the same 404.',
		tags,
		errors: { 404: ['not_found'] },
		example: { ...exampleCheckout, status: 'PAID', qrUrl: null, paymentInstructions: null, paidAt: '2026-01-15T08:33:10.000Z' }
	}
} satisfies RouterDocs;
