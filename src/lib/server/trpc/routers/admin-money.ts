/**
 * Staff money operations (issue #16), served at /api/v1/admin/orders,
 * /transfers and /users/{id}/wallet-adjustments and tagged Admin. Wiring
 * only: every movement goes through the checkout, payments and wallet
 * services, which write the ledger and the audit row in one transaction.
 */
import {
	AdminOrderDetail,
	AdminOrderPage,
	AdminOrderRef,
	AdminOrderSearch,
	AssignTransferInput,
	CreditTransferInput,
	OpenOrderMatches,
	OpenOrdersQuery,
	RefundOrderInput,
	TransferResolution,
	UnmatchedTransferList,
	WalletAdjustment,
	WalletAdjustmentInput
} from '../../../contracts/admin-money';
import { findOpenOrders, getAdminOrder, searchOrders } from '../../admin/orders';
import { confirmCashOrder } from '../../checkout/methods/cash';
import { refundOrder } from '../../checkout/refund';
import { assignTransferToOrder, creditTransferToWallet, listUnmatchedTransfers } from '../../payments/resolve-unmatched';
import { adjustWallet } from '../../wallet/adjust';
import { route, router } from '../init';
import { z } from 'zod';

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

export const adminMoneyRouter = router({
	orders: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/orders',
			summary: 'Search purchase orders',
			description:
				'Newest first. `q` is matched against the order id, the payment reference (HL…), the buyer\'s email (account or guest, fragment, case-insensitive) and the bank reference or notifier id of a transfer that reached the order.',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: { items: [exampleSummary], nextCursor: null, hasMore: false }
		}
	})
		.input(AdminOrderSearch)
		.output(AdminOrderPage)
		.query(({ input }) => searchOrders(input)),

	order: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/orders/{id}',
			summary: 'One purchase order',
			description: 'The order with its buyer, product, refund (if any), whether the buyer still owns the product, and the bank transfers that reached its reference.',
			tags,
			envelope: 'object',
			auth: 'staff',
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: exampleDetail
		}
	})
		.input(AdminOrderRef)
		.output(AdminOrderDetail)
		.query(({ input }) => getAdminOrder(input.id)),

	confirmCash: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/orders/{id}/confirm-cash',
			summary: 'Confirm a cash order',
			description:
				'The cash is in hand: the pending `cash_manual` order is paid exactly as a matched transfer would pay it (ownership, promo use, receipt), the same service as `npm run ops -- orders:confirm-cash`; audited. 422 `state_violation` for another payment method, an order no longer pending, or one past its expiry (then expired).',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 422: ['state_violation'] },
			example: { ...exampleDetail, paymentMethod: 'cash_manual', transfers: [] }
		}
	})
		.input(AdminOrderRef)
		.output(AdminOrderDetail)
		.mutation(async ({ ctx, input }) => {
			await confirmCashOrder(input.id, { actorId: ctx.session.user.id, via: 'admin' });
			return getAdminOrder(input.id);
		}),

	refund: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/orders/{id}/refund',
			summary: 'Refund a paid order to the buyer\'s wallet',
			description:
				'In one transaction: the order\'s amount goes to the main pocket of the buyer\'s wallet (a `REFUND` ledger entry, refType `order`), the buyer stops owning the product (download links, including ones already issued, stop working), and the refund and its audit row are recorded. The order keeps status `PAID` and gains `refundedAt`. Idempotent per order: a repeated or concurrent request gets the same refund back and moves no money (its reason is ignored). 409 `conflict` for a guest order (no wallet); 422 `state_violation` for an order that is not PAID or was free.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['state_violation'] },
			example: exampleRefunded
		}
	})
		.input(RefundOrderInput)
		.output(AdminOrderDetail)
		.mutation(async ({ ctx, input }) => {
			await refundOrder(ctx.session.user.id, input.id, input.reason);
			return getAdminOrder(input.id);
		}),

	unmatchedTransfers: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/transfers/unmatched',
			summary: 'Bank transfers waiting for staff',
			description:
				'Received transfers whose money is neither applied to an order nor credited to a wallet (no reference, underpaid, a guest\'s late payment …), newest first, at most 200 — the same list as `npm run ops -- transfers:list-unmatched`.',
			tags,
			envelope: 'list',
			auth: 'staff',
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
		}
	})
		.input(z.object({}).optional())
		.output(UnmatchedTransferList)
		.query(() => listUnmatchedTransfers()),

	openOrders: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/transfers/open-orders',
			summary: 'Orders an unmatched transfer may pay',
			description:
				'PENDING or EXPIRED orders paid by bank transfer or cash, found by order number (`DH100042` or `100042`), payment reference (`HL…`), order id, or the buyer\'s email (exact, case-insensitive, account or guest). An email lists that person\'s open orders (newest first, at most 20, `byEmail` true) for staff to pick one; the other keys name one order. Then assign the transfer with the order\'s `id`.',
			tags,
			envelope: 'object',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: { byEmail: false, items: [{ ...exampleSummary, status: 'PENDING', paidAt: null }], nextCursor: null, hasMore: false }
		}
	})
		.input(OpenOrdersQuery)
		.output(OpenOrderMatches)
		.query(({ input }) => findOpenOrders(input.q)),

	assignTransfer: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/transfers/{id}/assign',
			summary: 'Pay an order with an unmatched transfer',
			description:
				'The transfer pays a PENDING or EXPIRED purchase order through the same steps a matching webhook takes (the amount must cover the order; any excess goes to the buyer\'s wallet as a `REFUND`). An EXPIRED order is paid only if it held no promo use or flash-sale unit and the buyer neither owns the product nor has another pending order for it. Exactly once: of concurrent attempts on one transfer, one wins and the others get 409 `conflict`; audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict', 'already_owned'], 422: ['state_violation'] },
			example: {
				transferId,
				outcome: 'assigned',
				orderId,
				userId: buyerId,
				creditedVnd: '0',
				note: 'Nhân viên gán cho đơn DH100245 (HL7K2MQX9A). Lý do: Khách quên ghi mã đơn khi chuyển khoản'
			}
		}
	})
		.input(AssignTransferInput)
		.output(TransferResolution)
		.mutation(({ ctx, input }) => assignTransferToOrder(ctx.session.user.id, input.id, input.orderId, input.reason)),

	creditTransfer: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/transfers/{id}/credit',
			summary: 'Credit an unmatched transfer to a wallet',
			description:
				'The whole transfer goes to the main pocket of the account\'s wallet as a `TOPUP` ledger entry (refType `bank_transfer`, the transfer id), without the wallet maximum (the money was already received). Exactly once: of concurrent attempts on one transfer, one wins and the others get 409 `conflict`; audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['state_violation'] },
			example: {
				transferId,
				outcome: 'credited',
				orderId: null,
				userId: buyerId,
				creditedVnd: '45000',
				note: 'Nhân viên cộng 45.000 ₫ vào ví của co.lan@example.vn. Lý do: Khách chuyển nhầm nội dung, đã xác minh qua điện thoại'
			}
		}
	})
		.input(CreditTransferInput)
		.output(TransferResolution)
		.mutation(({ ctx, input }) => creditTransferToWallet(ctx.session.user.id, input.id, input.userId, input.reason)),

	adjustWallet: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/wallet-adjustments',
			summary: 'Adjust an account\'s wallet',
			description:
				'Credits or debits one pocket with a mandatory reason (at least 10 characters): an `ADJUSTMENT` ledger entry (refType `admin_adjustment`) and an audit row with the pockets before and after, in one transaction. A debit never takes a pocket below zero (409 `conflict`); a credit over the wallet maximum is refused (422 `wallet_balance_overflow`).',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
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
	})
		.input(WalletAdjustmentInput)
		.output(WalletAdjustment)
		.mutation(({ ctx, input }) => adjustWallet(ctx.session.user.id, input))
});
