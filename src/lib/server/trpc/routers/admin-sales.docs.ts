/** What /openapi.json says about the routes of ./admin-sales.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

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

export const docs = {
	productSale: {
		summary: "A product's sale window",
		description: 'The list price, the sale price and its end (null when no sale is set), and whether buyers pay the sale price now.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: sale
	},

	setSale: {
		summary: 'Put a product on sale',
		description:
			'A sale price below the list price (whole VND), until `endsAt` (in the future) or, without it, until staff end it. Replaces any sale set before. A running flash sale that is cheaper still wins. Audited with before/after.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: sale
	},

	clearSale: {
		summary: "End a product's sale",
		description: 'Back to the list price at once; a product without a sale is answered unchanged. Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { ...sale, salePriceVnd: null, endsAt: null, running: false }
	},

	flashSales: {
		summary: 'Flash sales',
		description:
			'Upcoming and running flash sales first (soonest end first), then ended ones (most recent first), at most 200; filter by `state` or `productId`. `taken` counts units held by pending orders and sold.',
		tags,
		errors: { 400: ['validation_error'] },
		example: { items: [flashSale], nextCursor: null, hasMore: false }
	},

	createFlashSale: {
		summary: 'Schedule a flash sale',
		description:
			'A price below the list price for a product on sale, from `startsAt` to `endsAt` (which must be in the future), optionally limited to `stockCap` units: each order holds one unit and gives it back if it expires unpaid; when they are gone the flash sale is sold out (checkout answers 409 `flash_sale_sold_out`). Windows of one product may not overlap (409 `conflict`); a product not on sale is 409 `conflict` too. Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...flashSale, stockLeft: 100, taken: 0, state: 'upcoming' }
	},

	endFlashSale: {
		summary: 'End a flash sale',
		description:
			'A running flash sale ends now (orders already holding a unit keep their price until they expire); one that has not started is deleted (`outcome: deleted`). One that already ended is 409 `conflict`. Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { id: flashSale.id, outcome: 'ended' }
	}
} satisfies RouterDocs;
