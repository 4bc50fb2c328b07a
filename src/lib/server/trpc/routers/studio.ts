/** The author studio (issue #16), served at /api/v1/studio/*. Wiring only. */
import { CompleteUploadInput, CreateUploadInput, Upload, UploadSlot } from '../../../contracts/uploads';
import { PayoutDetails, PayoutDetailsInput, StudioQuota } from '../../../contracts/studio';
import { payoutDetails, updatePayoutDetails } from '../../studio/payout-details';
import { uploadSlotPolicy, studioQuota } from '../../uploads/quotas';
import { completeUpload, createUpload } from '../../uploads/uploads';
import { route, router } from '../init';
import { studioEarningsRouter } from './studio-earnings';
import { studioProductProcedures } from './studio-products';
import { docs } from './studio.docs';

export const studioRouter = router({
	earnings: studioEarningsRouter,
	createUpload: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/studio/uploads',
			envelope: 'object',
			auth: 'author',
			sameOrigin: true,
			rateLimit: { requests: [{ policy: uploadSlotPolicy, key: 'user' }] },
			...docs.createUpload
		}
	})
		.input(CreateUploadInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createUpload({ userId: ctx.session.user.id, staff: false }, input)),

	completeUpload: route({ openapi: { method: 'POST', path: '/api/v1/studio/uploads/{id}/complete', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.completeUpload } })
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeUpload({ userId: ctx.session.user.id, staff: false }, input.id, input.parts)),

	quota: route({ openapi: { method: 'GET', path: '/api/v1/studio/quota', envelope: 'object', auth: 'author', ...docs.quota } })
		.output(StudioQuota)
		.query(({ ctx }) => studioQuota(ctx.session.user.id)),

	payoutDetails: route({ openapi: { method: 'GET', path: '/api/v1/studio/payout-details', envelope: 'object', auth: 'author', ...docs.payoutDetails } })
		.output(PayoutDetails)
		.query(({ ctx }) => payoutDetails(ctx.session.user.id)),

	updatePayoutDetails: route({
		openapi: { method: 'PUT', path: '/api/v1/studio/payout-details', envelope: 'object', auth: 'author', sameOrigin: true, ...docs.updatePayoutDetails }
	})
		.input(PayoutDetailsInput)
		.output(PayoutDetails)
		.mutation(({ ctx, input }) => updatePayoutDetails(ctx.session.user.id, input)),

	...studioProductProcedures
});
