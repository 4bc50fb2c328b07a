import type { Actions, PageServerLoad } from './$types';
import { DecideReportInput, SuspendReportInput } from '$lib/contracts/reports';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const [report, history] = await Promise.all([
		api.admin.reports.get({ id: event.params.id }),
		api.admin.audit({ targetType: 'product_report', targetId: event.params.id, pageSize: 10 })
	]).catch(throwPageError);
	return { report, history };
};

// Both go through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	suspend: async (event) => {
		const outcome = await formAction(event, SuspendReportInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.reports.suspend({ id: event.params.id, note: input.note })
		);
		return outcome.ok ? { done: 'Đã tạm ngừng bán học liệu trong lúc xem xét báo cáo.' } : outcome.failure;
	},
	decide: async (event) => {
		const outcome = await formAction(event, DecideReportInput.omit({ id: true }), (input) =>
			serverCaller(event).admin.reports.decide({ id: event.params.id, ...input })
		);
		return outcome.ok ? { done: outcome.value.status === 'upheld' ? 'Đã chấp nhận báo cáo; học liệu không được bán.' : 'Đã bác bỏ báo cáo.' } : outcome.failure;
	}
} satisfies Actions;
