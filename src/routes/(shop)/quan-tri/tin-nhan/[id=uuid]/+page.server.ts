import type { Actions, PageServerLoad } from './$types';
import { CloseConversationInput } from '$lib/contracts/conversations';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [detail, history] = await Promise.all([
		api.conversations.staff.get({ id: event.params.id }),
		api.admin.audit({ targetType: 'conversation', targetId: event.params.id, pageSize: 10 })
	]).catch(throwPageError);
	return { detail, history };
};

// Through the staff procedure: it checks the role again, closes, tells both parties and writes the audit row.
export const actions = {
	close: async (event) => {
		const outcome = await formAction(event, CloseConversationInput.omit({ id: true }), (input) =>
			serverCaller(event).conversations.staff.close({ id: event.params.id, note: input.note })
		);
		return outcome.ok ? { done: 'Đã đóng cuộc trò chuyện; hai bên đã được thông báo.' } : outcome.failure;
	}
} satisfies Actions;
