import type { Actions, PageServerLoad } from './$types';
import { AnswerTicketInput } from '$lib/contracts/support';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [ticket, history] = await Promise.all([
		api.admin.support.get({ id: event.params.id }),
		api.admin.audit({ targetType: 'support_ticket', targetId: event.params.id, pageSize: 10 })
	]).catch(throwPageError);
	return { ticket, history };
};

// Through the admin procedure: it checks the staff role again, mails the answer and writes the audit row.
export const actions = {
	answer: async (event) => {
		const outcome = await formAction(event, AnswerTicketInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.support.answer({ id: event.params.id, answer: input.answer })
		);
		return outcome.ok ? { done: `Đã gửi câu trả lời tới ${outcome.value.email}.` } : outcome.failure;
	}
} satisfies Actions;
