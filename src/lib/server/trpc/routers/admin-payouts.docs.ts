/** What /openapi.json says about the routes of ./admin-payouts.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Admin'];
const authorId = '6f1c2a9e-0000-4000-8000-000000000000';
const paid = { amountVnd: '94500', reference: 'FT26305123456', paidAt: '2026-11-03T02:15:00.000Z' };

export const docs = {
	list: {
		summary: 'Payouts owed to authors for a month',
		description:
			'One row per author with sales or an unpaid balance up to the end of `month` (Vietnam time), with the bank account their payouts go to. `owedVnd` is everything the author earned up to the end of that month (their `AUTHOR_REVENUE_SHARE_PERCENT` of each paid sale, minus the same share of each refund, in the month the refund happened) minus every payout already marked; it is what marking this month pays.',
		tags,
		errors: { 400: ['validation_error'] },
		example: {
			month: '2026-10',
			sharePercent: 70,
			monthEnded: true,
			items: [
				{
					authorId,
					email: 'co.lan@example.vn',
					name: 'Cô Lan',
					salesCount: 3,
					monthShareVnd: '94500',
					owedVnd: '94500',
					payout: null,
					payoutDetails: { bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN', changedAt: null, confirmUntil: null }
				}
			]
		}
	},

	mark: {
		summary: 'Mark an author\'s month as paid',
		description:
			'Records the bank transfer staff made to the author for `month`: the amount is what is owed at this moment (see the list). Once per author and month (409 `conflict` after that); only for a month that has ended (422 `state_violation`), and only when something is owed (422). While the author\'s bank details changed less than PAYOUT_DETAILS_COOLDOWN_HOURS ago (`payoutDetails.confirmUntil` in the list), it needs `confirmNewPayoutDetails: true` (409 `conflict`, `details.reason` = `payout_details_recently_changed`, otherwise). Audited with the account paid into.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['state_violation'] },
		example: { authorId, month: '2026-10', ...paid }
	}
} satisfies RouterDocs;
