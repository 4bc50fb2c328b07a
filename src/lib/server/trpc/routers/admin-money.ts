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
import { docs } from './admin-money.docs';

export const adminMoneyRouter = router({
	orders: route({ openapi: { method: 'GET', path: '/api/v1/admin/orders', envelope: 'list', auth: 'staff', ...docs.orders } })
		.input(AdminOrderSearch)
		.output(AdminOrderPage)
		.query(({ input }) => searchOrders(input)),

	order: route({ openapi: { method: 'GET', path: '/api/v1/admin/orders/{id}', envelope: 'object', auth: 'staff', ...docs.order } })
		.input(AdminOrderRef)
		.output(AdminOrderDetail)
		.query(({ input }) => getAdminOrder(input.id)),

	confirmCash: route({
		openapi: { method: 'POST', path: '/api/v1/admin/orders/{id}/confirm-cash', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.confirmCash }
	})
		.input(AdminOrderRef)
		.output(AdminOrderDetail)
		.mutation(async ({ ctx, input }) => {
			await confirmCashOrder(input.id, { actorId: ctx.session.user.id, via: 'admin' });
			return getAdminOrder(input.id);
		}),

	refund: route({
		openapi: { method: 'POST', path: '/api/v1/admin/orders/{id}/refund', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.refund }
	})
		.input(RefundOrderInput)
		.output(AdminOrderDetail)
		.mutation(async ({ ctx, input }) => {
			await refundOrder(ctx.session.user.id, input.id, input.reason);
			return getAdminOrder(input.id);
		}),

	unmatchedTransfers: route({
		openapi: { method: 'GET', path: '/api/v1/admin/transfers/unmatched', envelope: 'list', auth: 'staff', ...docs.unmatchedTransfers }
	})
		.input(z.object({}).optional())
		.output(UnmatchedTransferList)
		.query(() => listUnmatchedTransfers()),

	openOrders: route({ openapi: { method: 'GET', path: '/api/v1/admin/transfers/open-orders', envelope: 'object', auth: 'staff', ...docs.openOrders } })
		.input(OpenOrdersQuery)
		.output(OpenOrderMatches)
		.query(({ input }) => findOpenOrders(input.q)),

	assignTransfer: route({
		openapi: { method: 'POST', path: '/api/v1/admin/transfers/{id}/assign', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.assignTransfer }
	})
		.input(AssignTransferInput)
		.output(TransferResolution)
		.mutation(({ ctx, input }) => assignTransferToOrder(ctx.session.user.id, input.id, input.orderId, input.reason)),

	creditTransfer: route({
		openapi: { method: 'POST', path: '/api/v1/admin/transfers/{id}/credit', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.creditTransfer }
	})
		.input(CreditTransferInput)
		.output(TransferResolution)
		.mutation(({ ctx, input }) => creditTransferToWallet(ctx.session.user.id, input.id, input.userId, input.reason)),

	adjustWallet: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/users/{id}/wallet-adjustments',
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			...docs.adjustWallet
		}
	})
		.input(WalletAdjustmentInput)
		.output(WalletAdjustment)
		.mutation(({ ctx, input }) => adjustWallet(ctx.session.user.id, input))
});
