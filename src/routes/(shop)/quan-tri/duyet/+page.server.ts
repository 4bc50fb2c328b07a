import type { Actions, PageServerLoad } from './$types';
import { ProductRef, RejectInput } from '$lib/contracts/studio';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => ({
	queue: await serverCaller(event).admin.reviews().catch(throwPageError)
});

// Both go through the admin procedures, which check the staff role again and write the audit row.
export const actions = {
	approve: async (event) => {
		const outcome = await formAction(event, ProductRef, (input) => serverCaller(event).admin.approveProduct(input));
		return outcome.ok ? { done: `Đã duyệt và mở bán "${outcome.value.title}".` } : outcome.failure;
	},
	reject: async (event) => {
		const outcome = await formAction(event, RejectInput, (input) => serverCaller(event).admin.rejectProduct(input));
		return outcome.ok ? { done: `Đã từ chối "${outcome.value.title}"; tác giả sẽ thấy lý do.` } : outcome.failure;
	}
} satisfies Actions;
