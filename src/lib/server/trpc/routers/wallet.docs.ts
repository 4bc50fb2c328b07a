/** What /openapi.json says about the routes of ./wallet.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Wallet'];

export const docs = {
	balance: {
		scopes: ['wallet:read'],
		summary: 'Wallet balance',
		description: 'The signed-in user\'s main (paid) and bonus (promotional) pockets and their total, in VND.',
		tags,
		errors: { 401: ['unauthenticated'] },
		example: { main: '150000', bonus: '20000', total: '170000' }
	},

	ledger: {
		scopes: ['wallet:read'],
		summary: 'Wallet ledger',
		description: 'Every change of the wallet, newest first: top-ups, bonuses, purchases, refunds and adjustments. `balanceAfter` is the wallet total right after the change.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
		example: {
			items: [
				{
					entryType: 'TOPUP',
					direction: 'CREDIT',
					pocket: 'main',
					amount: '200000',
					balanceAfter: '200000',
					refType: 'topup',
					refId: '6f1c2a9e-0000-4000-8000-000000000000',
					note: 'Nạp 200.000 ₫ vào ví (mã HL7K2MQX9A).',
					createdAt: '2026-01-15T08:30:00.000Z'
				}
			],
			nextCursor: null,
			hasMore: false
		}
	}
} satisfies RouterDocs;
