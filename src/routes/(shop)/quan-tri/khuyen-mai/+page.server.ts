import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { CreateDenominationInput, CreateGiftCodesInput, CreatePromoInput } from '$lib/contracts/admin-pricing';
import { adminForm } from '$lib/server/admin-form';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event).admin.pricing;
	const [denominations, promos, batches] = await Promise.all([api.denominations({}), api.promos({}), api.giftCodeBatches({})]).catch(throwPageError);
	return { denominations: denominations.items, promos: promos.items, batches: batches.items };
};

// Every action goes through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	createDenomination: async (event) => {
		const outcome = await formAction(event, adminForm(CreateDenominationInput), (input) => serverCaller(event).admin.pricing.createDenomination(input));
		return outcome.ok ? { done: 'Đã thêm mệnh giá nạp.' } : outcome.failure;
	},
	toggleDenomination: async (event) => {
		const outcome = await formAction(event, z.object({ id: z.uuid(), isActive: z.enum(['true', 'false']) }), (input) =>
			serverCaller(event).admin.pricing.updateDenomination({ id: input.id, isActive: input.isActive === 'true' })
		);
		return outcome.ok ? { done: outcome.value.isActive ? 'Đã mở lại mệnh giá.' : 'Đã tạm ẩn mệnh giá.' } : outcome.failure;
	},
	createPromo: async (event) => {
		const outcome = await formAction(event, adminForm(CreatePromoInput), (input) => serverCaller(event).admin.pricing.createPromo(input));
		return outcome.ok ? { done: `Đã tạo mã khuyến mãi ${outcome.value.code}.` } : outcome.failure;
	},
	deactivatePromo: async (event) => {
		const outcome = await formAction(event, z.object({ id: z.uuid() }), (input) => serverCaller(event).admin.pricing.deactivatePromo(input));
		return outcome.ok ? { done: `Đã ngừng mã ${outcome.value.code}.` } : outcome.failure;
	},
	createGiftCodes: async (event) => {
		const outcome = await formAction(event, adminForm(CreateGiftCodesInput), (input) => serverCaller(event).admin.pricing.createGiftCodes(input));
		return outcome.ok ? { done: `Đã tạo ${outcome.value.codes.length} mã quà tặng. Tải danh sách ngay: mã gốc không được lưu lại.`, batch: outcome.value } : outcome.failure;
	},
	deactivateBatch: async (event) => {
		const outcome = await formAction(event, z.object({ batchId: z.uuid() }), (input) => serverCaller(event).admin.pricing.deactivateGiftCodeBatch(input));
		return outcome.ok ? { done: `Đã ngừng ${outcome.value.deactivated} mã của lô.` } : outcome.failure;
	}
} satisfies Actions;
