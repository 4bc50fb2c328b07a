/**
 * Staff sale windows and flash sales (issue #16, pricing) at
 * /api/v1/admin/products/{id}/sale and /api/v1/admin/flash-sales, tagged Admin.
 * Wiring only: the rules live in admin/sales.ts.
 */
import {
	AdminFlashSale,
	AdminFlashSaleList,
	CreateFlashSaleInput,
	EndedFlashSale,
	FlashSaleQuery,
	FlashSaleRef,
	ProductRefInput,
	ProductSale,
	SetSaleInput
} from '../../../contracts/admin-sales';
import { clearSale, createFlashSale, endFlashSale, listFlashSales, productSale, setSale } from '../../admin/sales';
import { route, router } from '../init';
import { docs } from './admin-sales.docs';

export const adminSalesRouter = router({
	productSale: route({ openapi: { method: 'GET', path: '/api/v1/admin/products/{id}/sale', envelope: 'object', auth: 'staff', ...docs.productSale } })
		.input(ProductRefInput)
		.output(ProductSale)
		.query(({ input }) => productSale(input.id)),

	setSale: route({
		openapi: { method: 'PUT', path: '/api/v1/admin/products/{id}/sale', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.setSale }
	})
		.input(SetSaleInput)
		.output(ProductSale)
		.mutation(({ ctx, input }) => setSale(ctx.session.user.id, input)),

	clearSale: route({
		openapi: { method: 'DELETE', path: '/api/v1/admin/products/{id}/sale', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.clearSale }
	})
		.input(ProductRefInput)
		.output(ProductSale)
		.mutation(({ ctx, input }) => clearSale(ctx.session.user.id, input.id)),

	flashSales: route({ openapi: { method: 'GET', path: '/api/v1/admin/flash-sales', envelope: 'list', auth: 'staff', ...docs.flashSales } })
		.input(FlashSaleQuery)
		.output(AdminFlashSaleList)
		.query(({ input }) => listFlashSales(input)),

	createFlashSale: route({
		openapi: { method: 'POST', path: '/api/v1/admin/flash-sales', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.createFlashSale }
	})
		.input(CreateFlashSaleInput)
		.output(AdminFlashSale)
		.mutation(({ ctx, input }) => createFlashSale(ctx.session.user.id, input)),

	endFlashSale: route({
		openapi: { method: 'POST', path: '/api/v1/admin/flash-sales/{id}/end', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.endFlashSale }
	})
		.input(FlashSaleRef)
		.output(EndedFlashSale)
		.mutation(({ ctx, input }) => endFlashSale(ctx.session.user.id, input.id))
});
