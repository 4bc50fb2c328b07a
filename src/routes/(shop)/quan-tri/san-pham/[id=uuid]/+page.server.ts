import { fail } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { CreateFlashSaleInput, FlashSaleRef, SetSaleInput } from '$lib/contracts/admin-sales';
import { AdminEditInput, MoveInput } from '$lib/contracts/studio';
import { productTypeInfo } from '$lib/product-types';
import { adminForm } from '$lib/server/admin-form';
import { classifyError } from '$lib/server/errors/classify';
import { formAction, type FormFailure } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { draftFromForm } from '$lib/studio-form';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [product, categories, history, sale, flashSales] = await Promise.all([
		api.admin.product({ id: event.params.id }),
		api.catalog.tree(),
		api.admin.audit({ targetType: 'product', targetId: event.params.id, pageSize: 10 }),
		api.admin.sales.productSale({ id: event.params.id }),
		api.admin.sales.flashSales({ productId: event.params.id })
	]).catch(throwPageError);
	// A Combo may be a bundle of other products (README, Bundles); 404 while it has no items.
	const bundle = productTypeInfo[product.type].bundles ? await api.bundles.ofAny({ id: event.params.id }).catch(() => null) : null;
	return { product, categories, history, sale, flashSales: flashSales.items, bundle, mayBundle: productTypeInfo[product.type].bundles };
};

const withId = <S extends z.ZodType>(id: string, schema: S) => z.preprocess((v) => ({ ...draftFromForm(v as Record<string, string>), id }), schema);

// Every action goes through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	edit: async (event) => {
		const outcome = await formAction(event, withId(event.params.id, AdminEditInput), (input) => serverCaller(event).admin.editProduct(input));
		return outcome.ok ? { done: 'Đã lưu thay đổi.' } : outcome.failure;
	},
	publish: async (event) => {
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).admin.publishProduct({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã mở bán lại.' } : outcome.failure;
	},
	unpublish: async (event) => {
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).admin.unpublishProduct({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã ngừng bán.' } : outcome.failure;
	},
	move: async (event) => {
		const outcome = await formAction(event, withId(event.params.id, MoveInput), (input) => serverCaller(event).admin.moveProduct(input));
		return outcome.ok ? { done: `Đã chuyển tới ${outcome.value.fullPath}; đường dẫn cũ tự chuyển hướng.` } : outcome.failure;
	},
	setSale: async (event) => {
		const outcome = await formAction(event, adminForm(SetSaleInput, { id: event.params.id }), (input) => serverCaller(event).admin.sales.setSale(input));
		return outcome.ok ? { done: 'Đã đặt giá khuyến mãi.' } : outcome.failure;
	},
	clearSale: async (event) => {
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).admin.sales.clearSale({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã kết thúc khuyến mãi; học liệu về giá niêm yết.' } : outcome.failure;
	},
	createFlashSale: async (event) => {
		const outcome = await formAction(event, adminForm(CreateFlashSaleInput, { productId: event.params.id }), (input) =>
			serverCaller(event).admin.sales.createFlashSale(input)
		);
		return outcome.ok ? { done: outcome.value.state === 'upcoming' ? 'Đã lên lịch flash sale.' : 'Flash sale đã bắt đầu.' } : outcome.failure;
	},
	bundle: async (event) => {
		// Product ids, one a line (or separated by spaces or commas), in the order the bundle lists them.
		const raw = String((await event.request.formData()).get('itemIds') ?? '');
		const itemIds = raw.split(/[\s,;]+/).filter(Boolean);
		try {
			await serverCaller(event).bundles.setByStaff({ id: event.params.id, itemIds });
			return { done: 'Đã lưu các tài liệu trong bộ.' };
		} catch (e) {
			const c = classifyError(e);
			const field = ((c.details?.fields ?? []) as { message?: string }[])[0]?.message;
			const failure: FormFailure = { message: c.code === 'validation_error' && c.details?.reason === undefined && field ? field : c.message, fields: {}, values: { itemIds: raw } };
			return fail(c.status, failure);
		}
	},
	endFlashSale: async (event) => {
		const outcome = await formAction(event, FlashSaleRef, (input) => serverCaller(event).admin.sales.endFlashSale(input));
		return outcome.ok ? { done: outcome.value.outcome === 'deleted' ? 'Đã huỷ flash sale chưa bắt đầu.' : 'Đã kết thúc flash sale.' } : outcome.failure;
	}
} satisfies Actions;
