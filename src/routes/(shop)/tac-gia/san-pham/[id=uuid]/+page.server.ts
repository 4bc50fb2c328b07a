import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { UpdateDraftInput } from '$lib/contracts/studio';
import { config } from '$lib/server/config';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { draftFromForm } from '$lib/studio-form';
import { requireAuthor } from '../../studio-guard';

export const load: PageServerLoad = async (event) => {
	requireAuthor(event);
	const api = serverCaller(event);
	const [product, categories] = await Promise.all([api.studio.product({ id: event.params.id }), api.catalog.tree()]).catch(throwPageError);
	return { product, categories, maxFiles: config().uploads.maxFilesPerProduct };
};

export const actions = {
	save: async (event) => {
		requireAuthor(event);
		const schema = z.preprocess((v) => ({ ...draftFromForm(v as Record<string, string>), id: event.params.id }), UpdateDraftInput);
		const outcome = await formAction(event, schema, (input) => serverCaller(event).studio.updateProduct(input));
		return outcome.ok ? { done: 'Đã lưu bản nháp.' } : outcome.failure;
	},
	submit: async (event) => {
		requireAuthor(event);
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).studio.submitProduct({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã gửi duyệt. Bạn sẽ thấy kết quả tại đây.' } : outcome.failure;
	}
} satisfies Actions;
