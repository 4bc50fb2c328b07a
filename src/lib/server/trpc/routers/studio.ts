/** The author studio (issue #16), served at /api/v1/studio/*. Wiring only. */
import { CompleteUploadInput, CreateUploadInput, Upload, UploadSlot } from '../../../contracts/uploads';
import { PayoutDetails, PayoutDetailsInput, StudioQuota } from '../../../contracts/studio';
import { payoutDetails, updatePayoutDetails } from '../../studio/payout-details';
import { uploadSlotPolicy, studioQuota } from '../../uploads/quotas';
import { completeUpload, createUpload } from '../../uploads/uploads';
import { route, router } from '../init';
import { completeUploadDocs, createUploadDocs } from './upload-docs';
import { studioEarningsRouter } from './studio-earnings';
import { studioProductProcedures } from './studio-products';

const tags = ['Studio'];
const payoutDetailsExample = {
	bankName: 'Vietcombank',
	bankAccountNumber: '0123456789',
	bankAccountHolder: 'NGUYEN THI LAN',
	changedAt: '2026-11-02T03:00:00.000Z',
	confirmUntil: '2026-11-05T03:00:00.000Z'
};

export const studioRouter = router({
	earnings: studioEarningsRouter,
	createUpload: route({
		openapi: {
			...createUploadDocs,
			description:
				`${createUploadDocs.description} Per-author quotas (GET /api/v1/studio/quota): at most UPLOAD_SLOTS_PER_HOUR slots per sliding hour (429 \`rate_limited\` with \`Retry-After\`); open slots may declare UPLOAD_PENDING_BYTES_PER_AUTHOR bytes together (429 \`rate_limited\`, \`details.reason\` = \`pending_bytes_quota\`, \`Retry-After\` until the oldest open slot expires); verified uploads and open slots together at most UPLOAD_STORED_BYTES_PER_AUTHOR bytes (422 \`state_violation\`, \`details.reason\` = \`stored_bytes_quota\`). Refusals carry \`usedBytes\` and \`limitBytes\`. A verified upload no draft uses is deleted UPLOAD_UNATTACHED_TTL_HOURS after it was verified.`,
			path: '/api/v1/studio/uploads',
			tags,
			auth: 'author',
			rateLimit: { requests: [{ policy: uploadSlotPolicy, key: 'user' }] },
			errors: { ...createUploadDocs.errors, 422: ['state_violation'], 429: ['rate_limited'] }
		}
	})
		.input(CreateUploadInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createUpload({ userId: ctx.session.user.id, staff: false }, input)),

	completeUpload: route({ openapi: { ...completeUploadDocs, path: '/api/v1/studio/uploads/{id}/complete', tags, auth: 'author' } })
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeUpload({ userId: ctx.session.user.id, staff: false }, input.id, input.parts)),

	quota: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/studio/quota',
			summary: 'My quotas',
			description:
				'What the signed-in author uses of each quota and its limit: upload slots in the sliding hour (and when it has room again), bytes held by open slots, bytes of verified uploads, products in review; and after how many hours a verified upload no draft uses is deleted. The studio page shows it.',
			tags,
			envelope: 'object',
			auth: 'author',
			errors: {},
			example: {
				uploadSlotsPerHour: { used: 4, limit: 60, resetsAt: '2026-01-15T09:30:00.000Z' },
				pendingBytes: { used: 482133, limit: 2147483648 },
				storedBytes: { used: 10485760, limit: 21474836480 },
				productsInReview: { used: 1, limit: 20 },
				unattachedTtlHours: 72
			}
		}
	})
		.output(StudioQuota)
		.query(({ ctx }) => studioQuota(ctx.session.user.id)),

	payoutDetails: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/studio/payout-details',
			summary: 'My payout account',
			description:
				'The bank account the signed-in author\'s payouts go to, when it last changed, and until when a payout to it needs staff\'s second confirmation (PAYOUT_DETAILS_COOLDOWN_HOURS after a change). 404 `not_found` without an author profile.',
			tags,
			envelope: 'object',
			auth: 'author',
			errors: { 404: ['not_found'] },
			example: payoutDetailsExample
		}
	})
		.output(PayoutDetails)
		.query(({ ctx }) => payoutDetails(ctx.session.user.id)),

	updatePayoutDetails: route({
		openapi: {
			method: 'PUT',
			path: '/api/v1/studio/payout-details',
			summary: 'Change my payout account',
			description:
				'Replaces the bank name, account number (digits; spaces, dots and dashes as a bank app shows them are dropped) and holder. A change is audited with the account before and after and starts PAYOUT_DETAILS_COOLDOWN_HOURS during which staff must confirm the new account a second time to record a payout; sending the same details changes nothing.',
			tags,
			envelope: 'object',
			auth: 'author',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: payoutDetailsExample
		}
	})
		.input(PayoutDetailsInput)
		.output(PayoutDetails)
		.mutation(({ ctx, input }) => updatePayoutDetails(ctx.session.user.id, input)),

	...studioProductProcedures
});
