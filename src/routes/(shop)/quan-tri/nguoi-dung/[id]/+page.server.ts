import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { ChangeRoleInput, DisableUserInput } from '$lib/contracts/admin';
import { WalletAdjustmentInput } from '$lib/contracts/admin-money';
import { formatVndText } from '$lib/format';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [user, history] = await Promise.all([
		api.admin.user({ id: event.params.id }),
		api.admin.audit({ targetType: 'user', targetId: event.params.id, pageSize: 10 })
	]).catch(throwPageError);
	return { user, history, selfId: event.locals.session?.user.id ?? null };
};

// Both actions go through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	role: async (event) => {
		const outcome = await formAction(event, ChangeRoleInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.changeRole({ id: event.params.id, role: input.role })
		);
		return outcome.ok ? { done: 'Đã đổi vai trò.' } : outcome.failure;
	},
	disable: async (event) => {
		const outcome = await formAction(event, DisableUserInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.disableUser({ id: event.params.id, reason: input.reason })
		);
		return outcome.ok ? { done: 'Đã khoá tài khoản và kết thúc mọi phiên đăng nhập của tài khoản này.' } : outcome.failure;
	},
	allowReapply: async (event) => {
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).admin.allowAuthorReapplication({ id: event.params.id }));
		return outcome.ok ? { done: 'Đã cho phép tài khoản này đăng ký bán học liệu lại.' } : outcome.failure;
	},
	adjustWallet: async (event) => {
		const outcome = await formAction(event, WalletAdjustmentInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.money.adjustWallet({ ...input, id: event.params.id })
		);
		if (!outcome.ok) return outcome.failure;
		const a = outcome.value;
		return { done: `Đã ${a.direction === 'credit' ? 'cộng' : 'trừ'} ${formatVndText(BigInt(a.amountVnd))}; số dư ví còn ${formatVndText(BigInt(a.after.total))}.` };
	}
} satisfies Actions;
