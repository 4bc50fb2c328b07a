/** The author studio (issue #16), served at /api/v1/studio/*. Wiring only. */
import { CompleteUploadInput, CreateUploadInput, Upload, UploadSlot } from '../../../contracts/uploads';
import { completeUpload, createUpload } from '../../uploads/uploads';
import { authorProcedure, router } from '../init';
import { completeUploadDocs, createUploadDocs } from './upload-docs';
import { studioEarningsRouter } from './studio-earnings';
import { studioProductProcedures } from './studio-products';

const tags = ['Studio'];

export const studioRouter = router({
	earnings: studioEarningsRouter,
	createUpload: authorProcedure
		.meta({ openapi: { ...createUploadDocs, path: '/api/v1/studio/uploads', tags, auth: 'author' } })
		.input(CreateUploadInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createUpload({ userId: ctx.session.user.id, staff: false }, input)),

	completeUpload: authorProcedure
		.meta({ openapi: { ...completeUploadDocs, path: '/api/v1/studio/uploads/{id}/complete', tags, auth: 'author' } })
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeUpload({ userId: ctx.session.user.id, staff: false }, input.id, input.parts)),

	...studioProductProcedures
});
