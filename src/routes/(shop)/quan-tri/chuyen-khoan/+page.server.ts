import type { Actions } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';
import { AssignTransferForm, CreditTransferForm, type AdminOrderSummary } from '$lib/contracts/admin-money';
import { isUuid } from '$lib/server/db/ids';
import { formAction } from '$lib/server/forms';
import { AppError } from '$lib/server/errors/app-error';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const transfers = await serverCaller(event).admin.money.unmatchedTransfers().catch(throwPageError);
	return { transfers };
};

/** The open orders of the person an email named, for staff to pick the one the transfer pays. */
interface Choices {
	transferId: string;
	key: string;
	reason: string;
	orders: AdminOrderSummary[];
	hasMore: boolean;
}

/** A refusal on one field of one transfer's form, in the same shape as every other form failure. */
const fieldRefusal = (field: string, message: string) => new AppError('validation_error', message, { fields: [{ path: field, message }] });

/**
 * Each form names its transfer in a hidden `id` field; the procedures lock it
 * and resolve it once. Staff name the order the way they have it (number,
 * payment reference, email): a key that names one open order pays it, an
 * email lists that person's open orders, whose buttons post the picked id.
 */
export const actions = {
	assign: async (event) => {
		const api = serverCaller(event);
		const outcome = await formAction(event, AssignTransferForm, async (input) => {
			let orderId = input.orderId;
			if (!orderId) {
				const found = await api.admin.money.openOrders({ q: input.order });
				if (found.items.length === 0) {
					throw fieldRefusal(
						'order',
						found.byEmail
							? `${input.order} không có đơn nào đang chờ thanh toán hoặc đã hết hạn. Có thể cộng tiền vào ví của người này.`
							: `Không có đơn đang chờ thanh toán hoặc đã hết hạn nào mang số hay mã ${input.order}.`
					);
				}
				if (found.byEmail || found.items.length > 1) {
					const choices: Choices = { transferId: input.id, key: input.order, reason: input.reason, orders: found.items, hasMore: found.hasMore };
					return { choices };
				}
				orderId = found.items[0]!.id;
			}
			const resolution = await api.admin.money.assignTransfer({ id: input.id, orderId, reason: input.reason });
			return { done: resolution.note };
		});
		return outcome.ok ? outcome.value : outcome.failure;
	},
	credit: async (event) => {
		const api = serverCaller(event);
		const outcome = await formAction(event, CreditTransferForm, async (input) => {
			let userId = input.account;
			if (!isUuid(userId)) {
				const found = await api.admin.users({ q: input.account, pageSize: 5 });
				const exact = found.items.find((u) => u.email.toLowerCase() === input.account.toLowerCase());
				if (!exact) throw fieldRefusal('account', `Không có tài khoản nào với email ${input.account}.`);
				userId = exact.id;
			}
			return api.admin.money.creditTransfer({ id: input.id, userId, reason: input.reason });
		});
		return outcome.ok ? { done: outcome.value.note } : outcome.failure;
	}
} satisfies Actions;
