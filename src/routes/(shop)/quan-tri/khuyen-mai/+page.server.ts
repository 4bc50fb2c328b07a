import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { CreateDenominationInput, CreateGiftCodesInput, CreatePromoInput } from '$lib/contracts/admin-pricing';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event).admin.pricing;
	const [denominations, promos, batches] = await Promise.all([api.denominations({}), api.promos({}), api.giftCodeBatches({})]).catch(throwPageError);
	return { denominations: denominations.items, promos: promos.items, batches: batches.items };
};

/**
 * Form fields arrive as strings: numbers become numbers, a `datetime-local`
 * value is Vietnam time (UTC+7, no daylight saving) and becomes an ISO instant,
 * then the contract schema checks everything with its Vietnamese messages.
 */
const NUMBERS = new Set(['bonusRatePct', 'sortOrder', 'percentOff', 'totalCap', 'perUserCap', 'count', 'maxRedemptions']);
const DATES = new Set(['startsAt', 'endsAt', 'expiresAt']);
function fromForm(values: unknown): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(values as Record<string, string>)) {
		if (NUMBERS.has(k)) out[k] = /^-?[0-9]+([.,][0-9]+)?$/.test(v) ? Number(v.replace(',', '.')) : v;
		else if (DATES.has(k)) out[k] = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+07:00` : v;
		else if (k === 'isPopular') out[k] = v === 'yes';
		else out[k] = v;
	}
	return out;
}
const form = <S extends z.ZodType>(schema: S) => z.preprocess(fromForm, schema);

// Every action goes through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	createDenomination: async (event) => {
		const outcome = await formAction(event, form(CreateDenominationInput), (input) => serverCaller(event).admin.pricing.createDenomination(input));
		return outcome.ok ? { done: 'Đã thêm mệnh giá nạp.' } : outcome.failure;
	},
	toggleDenomination: async (event) => {
		const outcome = await formAction(event, z.object({ id: z.uuid(), isActive: z.enum(['true', 'false']) }), (input) =>
			serverCaller(event).admin.pricing.updateDenomination({ id: input.id, isActive: input.isActive === 'true' })
		);
		return outcome.ok ? { done: outcome.value.isActive ? 'Đã mở lại mệnh giá.' : 'Đã tạm ẩn mệnh giá.' } : outcome.failure;
	},
	createPromo: async (event) => {
		const outcome = await formAction(event, form(CreatePromoInput), (input) => serverCaller(event).admin.pricing.createPromo(input));
		return outcome.ok ? { done: `Đã tạo mã khuyến mãi ${outcome.value.code}.` } : outcome.failure;
	},
	deactivatePromo: async (event) => {
		const outcome = await formAction(event, z.object({ id: z.uuid() }), (input) => serverCaller(event).admin.pricing.deactivatePromo(input));
		return outcome.ok ? { done: `Đã ngừng mã ${outcome.value.code}.` } : outcome.failure;
	},
	createGiftCodes: async (event) => {
		const outcome = await formAction(event, form(CreateGiftCodesInput), (input) => serverCaller(event).admin.pricing.createGiftCodes(input));
		return outcome.ok ? { done: `Đã tạo ${outcome.value.codes.length} mã quà tặng. Tải danh sách ngay: mã gốc không được lưu lại.`, batch: outcome.value } : outcome.failure;
	},
	deactivateBatch: async (event) => {
		const outcome = await formAction(event, z.object({ batchId: z.uuid() }), (input) => serverCaller(event).admin.pricing.deactivateGiftCodeBatch(input));
		return outcome.ok ? { done: `Đã ngừng ${outcome.value.deactivated} mã của lô.` } : outcome.failure;
	}
} satisfies Actions;
