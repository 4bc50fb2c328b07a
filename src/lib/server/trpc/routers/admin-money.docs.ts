/** What /openapi.json says about the routes of ./admin-money.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Admin'];
const orderId = '3c9e7a10-5b2d-4f6e-9a81-2d4c6b8e0f13';
const buyerId = '6f1c2a9e-0000-4000-8000-000000000000';
const staffId = '1a2b3c4d-0000-4000-8000-000000000000';
const transferId = '8d2f4b60-1c3e-4a5f-b7d9-0e1f2a3b4c5d';
const exampleSummary = {
	id: orderId,
	orderNumber: 'DH100042',
	status: 'PAID',
	paymentMethod: 'qr_direct',
	amountVnd: '45000',
	paymentRef: 'HL7K2MQX9A',
	buyerId,
	buyerEmail: 'co.lan@example.vn',
	buyerName: 'Cô Lan',
	productId: '0f8e2d4c-0000-4000-8000-000000000000',
	productTitle: 'Giáo án Toán lớp 1 — Học kì I',
	createdAt: '2026-01-15T08:30:00.000Z',
	paidAt: '2026-01-15T08:31:05.000Z',
	refundedAt: null
} as const;
const exampleDetail = {
	...exampleSummary,
	priceVnd: '50000',
	promoDiscountVnd: '5000',
	promoCode: 'GIAM5K',
	expiresAt: '2026-01-15T08:45:00.000Z',
	buyerOwnsProduct: true,
	refund: null,
	transfers: [{ id: transferId, amountVnd: '45000', matchStatus: 'matched', bankReference: 'FT26015123456', receivedAt: '2026-01-15T08:31:04.000Z' }]
};
const refundedAt = '2026-01-16T09:00:00.000Z';
const exampleRefunded = {
	...exampleDetail,
	refundedAt,
	buyerOwnsProduct: false,
	refund: { amountVnd: '45000', reason: 'Tệp bị lỗi, khách yêu cầu hoàn tiền', refundedBy: staffId, refundedByEmail: 'quantri@example.vn', createdAt: refundedAt }
};

export const docs = {
	orders: {
		summary: 'Search purchase orders',
		description:
			'Newest first. `q` is matched against the order id, the payment reference (HL…), the buyer\'s email (account or guest, fragment, case-insensitive) and the bank reference or notifier id of a transfer that reached the order.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { items: [exampleSummary], nextCursor: null, hasMore: false }
	},

	order: {
		summary: 'One purchase order',
		description: 'The order with its buyer, product, refund (if any), whether the buyer still owns the product, and the bank transfers that reached its reference.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: exampleDetail
	},

	confirmCash: {
		summary: 'Confirm a cash order',
		description:
			'The cash is in hand: the pending `cash_manual` order is paid exactly as a matched transfer would pay it (ownership, promo use, receipt), the same service as `npm run ops -- orders:confirm-cash`; audited. 422 `state_violation` for another payment method, an order no longer pending, or one past its expiry (then expired).',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 422: ['state_violation'] },
		example: { ...exampleDetail, paymentMethod: 'cash_manual', transfers: [] }
	},

	refund: {
		summary: 'Refund a paid order to the buyer\'s wallet',
		description:
			'In one transaction: the order\'s amount goes to the main pocket of the buyer\'s wallet (a `REFUND` ledger entry, refType `order`), the buyer stops owning the product (download links, including ones already issued, stop working), and the refund and its audit row are recorded. The order keeps status `PAID` and gains `refundedAt`. Idempotent per order: a repeated or concurrent request gets the same refund back and moves no money (its reason is ignored). 409 `conflict` for a guest order (no wallet); 422 `state_violation` for an order that is not PAID or was free.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['state_violation'] },
		example: exampleRefunded
	},

	unmatchedTransfers: {
		summary: 'Bank transfers waiting for staff',
		description:
			'Received transfers whose money is neither applied to an order nor credited to a wallet (no reference, underpaid, a guest\'s late payment …), newest first, at most 200 — the same list as `npm run ops -- transfers:list-unmatched`.',
		tags,
		errors: {},
		example: {
			items: [
				{
					id: transferId,
					providerTxnId: '92704511',
					amountVnd: '45000',
					matchStatus: 'unmatched',
					content: 'CK mua giao an co Lan',
					bankReference: 'FT26015123456',
					note: 'Không tìm thấy mã thanh toán trong nội dung chuyển khoản.',
					receivedAt: '2026-01-15T08:31:04.000Z'
				}
			],
			nextCursor: null,
			hasMore: false
		}
	},

	openOrders: {
		summary: 'Orders an unmatched transfer may pay',
		description:
			'PENDING or EXPIRED orders paid by bank transfer or cash, found by order number (`DH100042` or `100042`), payment reference (`HL…`), order id, or the buyer\'s email (exact, case-insensitive, account or guest). An email lists that person\'s open orders (newest first, at most 20, `byEmail` true) for staff to pick one; the other keys name one order. Then assign the transfer with the order\'s `id`.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { byEmail: false, items: [{ ...exampleSummary, status: 'PENDING', paidAt: null }], nextCursor: null, hasMore: false }
	},

	assignTransfer: {
		summary: 'Pay an order with an unmatched transfer',
		description:
			'The transfer pays a PENDING or EXPIRED purchase order through the same steps a matching webhook takes (the amount must cover the order; any excess goes to the buyer\'s wallet as a `REFUND`). An EXPIRED order is paid only if it held no promo use or flash-sale unit and the buyer neither owns the product nor has another pending order for it. Exactly once: of concurrent attempts on one transfer, one wins and the others get 409 `conflict`; audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict', 'already_owned'], 422: ['state_violation'] },
		example: {
			transferId,
			outcome: 'assigned',
			orderId,
			userId: buyerId,
			creditedVnd: '0',
			note: 'Nhân viên gán cho đơn DH100245 (HL7K2MQX9A). Lý do: Khách quên ghi mã đơn khi chuyển khoản'
		}
	},

	creditTransfer: {
		summary: 'Credit an unmatched transfer to a wallet',
		description:
			'The whole transfer goes to the main pocket of the account\'s wallet as a `TOPUP` ledger entry (refType `bank_transfer`, the transfer id), without the wallet maximum (the money was already received). Exactly once: of concurrent attempts on one transfer, one wins and the others get 409 `conflict`; audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['state_violation'] },
		example: {
			transferId,
			outcome: 'credited',
			orderId: null,
			userId: buyerId,
			creditedVnd: '45000',
			note: 'Nhân viên cộng 45.000 ₫ vào ví của co.lan@example.vn. Lý do: Khách chuyển nhầm nội dung, đã xác minh qua điện thoại'
		}
	},

	adjustWallet: {
		summary: 'Adjust an account\'s wallet',
		description:
			'Credits or debits one pocket with a mandatory reason (at least 10 characters): an `ADJUSTMENT` ledger entry (refType `admin_adjustment`) and an audit row with the pockets before and after, in one transaction. A debit never takes a pocket below zero (409 `conflict`); a credit over the wallet maximum is refused (422 `wallet_balance_overflow`).',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['wallet_balance_overflow'] },
		example: {
			userId: buyerId,
			adjustmentId: '5e6f7a8b-0000-4000-8000-000000000000',
			direction: 'credit',
			pocket: 'main',
			amountVnd: '20000',
			before: { main: '150000', bonus: '20000', total: '170000' },
			after: { main: '170000', bonus: '20000', total: '190000' }
		}
	}
} satisfies RouterDocs;
