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

const tags = ['Admin'];
const productId = '3f6d2a10-0000-4000-8000-000000000000';
const sale = { productId, title: 'Giáo án Toán 6 – Tập hợp', listPriceVnd: '50000', salePriceVnd: '35000', endsAt: '2026-12-31T16:59:59.000Z', running: true };
const flashSale = {
	id: '8a2c4e60-0000-4000-8000-000000000000',
	productId,
	title: sale.title,
	fullPath: 'thcs/lop-6/toan/giao-an-toan-6-tap-hop',
	listPriceVnd: '50000',
	salePriceVnd: '19000',
	startsAt: '2026-12-01T01:00:00.000Z',
	endsAt: '2026-12-01T03:00:00.000Z',
	stockCap: 100,
	stockLeft: 58,
	taken: 42,
	state: 'running',
	createdAt: '2026-11-25T02:00:00.000Z'
} as const;

export const adminSalesRouter = router({
	productSale: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/products/{id}/sale',
			summary: "A product's sale window",
			description: 'The list price, the sale price and its end (null when no sale is set), and whether buyers pay the sale price now.',
			tags,
			envelope: 'object',
			auth: 'staff',
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: sale
		}
	})
		.input(ProductRefInput)
		.output(ProductSale)
		.query(({ input }) => productSale(input.id)),

	setSale: route({
		openapi: {
			method: 'PUT',
			path: '/api/v1/admin/products/{id}/sale',
			summary: 'Put a product on sale',
			description:
				'A sale price below the list price (whole VND), until `endsAt` (in the future) or, without it, until staff end it. Replaces any sale set before. A running flash sale that is cheaper still wins. Audited with before/after.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: sale
		}
	})
		.input(SetSaleInput)
		.output(ProductSale)
		.mutation(({ ctx, input }) => setSale(ctx.session.user.id, input)),

	clearSale: route({
		openapi: {
			method: 'DELETE',
			path: '/api/v1/admin/products/{id}/sale',
			summary: "End a product's sale",
			description: 'Back to the list price at once; a product without a sale is answered unchanged. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: { ...sale, salePriceVnd: null, endsAt: null, running: false }
		}
	})
		.input(ProductRefInput)
		.output(ProductSale)
		.mutation(({ ctx, input }) => clearSale(ctx.session.user.id, input.id)),

	flashSales: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/flash-sales',
			summary: 'Flash sales',
			description:
				'Upcoming and running flash sales first (soonest end first), then ended ones (most recent first), at most 200; filter by `state` or `productId`. `taken` counts units held by pending orders and sold.',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: { 400: ['validation_error'] },
			example: { items: [flashSale], nextCursor: null, hasMore: false }
		}
	})
		.input(FlashSaleQuery)
		.output(AdminFlashSaleList)
		.query(({ input }) => listFlashSales(input)),

	createFlashSale: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/flash-sales',
			summary: 'Schedule a flash sale',
			description:
				'A price below the list price for a product on sale, from `startsAt` to `endsAt` (which must be in the future), optionally limited to `stockCap` units: each order holds one unit and gives it back if it expires unpaid; when they are gone the flash sale is sold out (checkout answers 409 `flash_sale_sold_out`). Windows of one product may not overlap (409 `conflict`); a product not on sale is 409 `conflict` too. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
			example: { ...flashSale, stockLeft: 100, taken: 0, state: 'upcoming' }
		}
	})
		.input(CreateFlashSaleInput)
		.output(AdminFlashSale)
		.mutation(({ ctx, input }) => createFlashSale(ctx.session.user.id, input)),

	endFlashSale: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/flash-sales/{id}/end',
			summary: 'End a flash sale',
			description:
				'A running flash sale ends now (orders already holding a unit keep their price until they expire); one that has not started is deleted (`outcome: deleted`). One that already ended is 409 `conflict`. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
			example: { id: flashSale.id, outcome: 'ended' }
		}
	})
		.input(FlashSaleRef)
		.output(EndedFlashSale)
		.mutation(({ ctx, input }) => endFlashSale(ctx.session.user.id, input.id))
});
