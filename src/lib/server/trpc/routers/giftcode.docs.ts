/** What /openapi.json says about the routes of ./giftcode.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

export const docs = {
	redeem: {
		scopes: ['giftcodes:redeem'],
		summary: 'Redeem a gift code',
		description:
			'Credits the code\'s value to the bonus pocket of the wallet. Codes ignore case, spaces and dashes. Each user redeems a code once; a code allows a fixed number of redemptions. After repeated failures of one account (or many failures from one IP address, across accounts) further attempts get 429 until the window passes.',
		tags: ['Gift codes'],
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 404: ['not_found'], 422: ['wallet_balance_overflow'], 429: ['rate_limited'] },
		example: { xuAmount: '50000', newBalance: '250000' }
	}
} satisfies RouterDocs;
