/** What /openapi.json says about the routes of ./studio-earnings.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Studio'];
const sale = {
	kind: 'sale',
	orderId: '3c9e7a10-5b2d-4f6e-9a81-2d4c6b8e0f13',
	orderRef: null,
	productId: '0f8e2d4c-0000-4000-8000-000000000000',
	productTitle: 'Giáo án Toán lớp 1 — Học kì I',
	at: '2026-10-12T03:20:00.000Z',
	amountVnd: '45000',
	authorShareVnd: '31500'
} as const;
const refund = { ...sale, kind: 'refund', at: '2026-10-14T08:00:00.000Z', authorShareVnd: '-31500' } as const;

export const docs = {
	earnings: {
		summary: 'My earnings by month',
		description: 'Months (Vietnam time) with a sale or a refund of one of my products, newest first, with my share and the payout if staff has marked one. `balanceVnd` is everything earned minus everything paid out.',
		tags,
		errors: {},
		example: {
			sharePercent: 70,
			balanceVnd: '31500',
			months: [{ month: '2026-10', salesCount: 2, grossVnd: '90000', refundsVnd: '45000', authorShareVnd: '31500', payout: null }]
		}
	},

	statement: {
		summary: 'My statement for a month',
		description:
			'Every sale (paid order of one of my products, at its payment time) and every refund (at the refund\'s time) in `month`, Vietnam time, with my share of each: floor(amount × sharePercent / 100) in whole VND, taken back in full by a refund.',
		tags,
		errors: { 400: ['validation_error'] },
		example: {
			month: '2026-10',
			sharePercent: 70,
			salesCount: 1,
			grossVnd: '45000',
			refundsCount: 1,
			refundsVnd: '45000',
			netVnd: '0',
			authorShareVnd: '0',
			owedVnd: '0',
			payout: null,
			lines: [sale, refund]
		}
	}
} satisfies RouterDocs;
