import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { RefundOrderInput } from '$lib/contracts/admin-money';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [order, history] = await Promise.all([
		api.admin.money.order({ id: event.params.id }),
		api.admin.audit({ targetType: 'order', targetId: event.params.id, pageSize: 10 })
	]).catch(throwPageError);
	return { order, history };
};

/** The refund form must be confirmed explicitly: money moves and the buyer loses the product. */
const RefundForm = RefundOrderInput.omit({ id: true }).extend({
	confirm: z.literal('yes', { error: 'Hãy đánh dấu ô xác nhận trước khi hoàn tiền.' })
});

// Both go through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	confirmCash: async (event) => {
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).admin.money.confirmCash({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã xác nhận thu tiền mặt; người mua đã nhận được sản phẩm.' } : outcome.failure;
	},
	refund: async (event) => {
		const outcome = await formAction(event, RefundForm, (input) => serverCaller(event).admin.money.refund({ id: event.params.id, reason: input.reason }));
		return outcome.ok ? { done: 'Đã hoàn tiền vào ví của người mua và thu hồi quyền tải sản phẩm.' } : outcome.failure;
	}
} satisfies Actions;
