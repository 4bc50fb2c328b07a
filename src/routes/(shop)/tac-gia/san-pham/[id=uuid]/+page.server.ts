import { fail, type RequestEvent } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { UpdateDraftInput } from '$lib/contracts/studio';
import { productTypeInfo } from '$lib/product-types';
import { config } from '$lib/server/config';
import { classifyError } from '$lib/server/errors/classify';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { draftFromForm } from '$lib/studio-form';
import { requireAuthor } from '../../studio-guard';

export const load: PageServerLoad = async (event) => {
	requireAuthor(event);
	const api = serverCaller(event);
	const [product, categories] = await Promise.all([api.studio.product({ id: event.params.id }), api.catalog.tree()]).catch(throwPageError);
	return {
		product,
		categories,
		maxFiles: config().uploads.maxFilesPerProduct,
		bundle: productTypeInfo[product.type].bundles ? await bundleChoice(event) : null
	};
};

/** A Combo's items and the author's published products it may be made of (README, Bundles). */
async function bundleChoice(event: RequestEvent) {
	const api = serverCaller(event);
	const [current, mine] = await Promise.all([api.bundles.mine({ id: event.params.id! }).catch(() => null), api.studio.products()]);
	const chosen = current?.items.map((i) => i.productId) ?? [];
	const candidates = mine.items.filter((p) => p.status === 'published' && !productTypeInfo[p.type].bundles && p.id !== event.params.id);
	// The chosen items first, in their order, then the rest as the studio lists them.
	candidates.sort((a, b) => rank(chosen, a.id) - rank(chosen, b.id));
	return {
		chosen,
		candidates: candidates.map((p) => ({ id: p.id, title: p.title, type: p.type, priceVnd: p.priceVnd })),
		itemsTotalVnd: current?.itemsTotalVnd ?? null
	};
}

const rank = (chosen: string[], id: string) => (chosen.includes(id) ? chosen.indexOf(id) : chosen.length);

export const actions = {
	save: async (event) => {
		requireAuthor(event);
		const schema = z.preprocess((v) => ({ ...draftFromForm(v as Record<string, string>), id: event.params.id }), UpdateDraftInput);
		const outcome = await formAction(event, schema, (input) => serverCaller(event).studio.updateProduct(input));
		return outcome.ok ? { done: 'Đã lưu bản nháp.' } : outcome.failure;
	},
	bundle: async (event) => {
		requireAuthor(event);
		const itemIds = (await event.request.formData()).getAll('itemIds').map(String);
		try {
			await serverCaller(event).bundles.setByAuthor({ id: event.params.id, itemIds });
			return { done: 'Đã lưu các tài liệu trong bộ.' };
		} catch (e) {
			const c = classifyError(e);
			// The schema's refusals ("ít nhất 2 tài liệu") say it in their field; the bundle rules say it in the message.
			const field = ((c.details?.fields ?? []) as { message?: string }[])[0]?.message;
			return fail(c.status, { message: c.code === 'validation_error' && c.details?.reason === undefined && field ? field : c.message });
		}
	},
	submit: async (event) => {
		requireAuthor(event);
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).studio.submitProduct({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã gửi duyệt. Bạn sẽ thấy kết quả tại đây.' } : outcome.failure;
	}
} satisfies Actions;
