import type { Actions, PageServerLoad } from './$types';
import { HideReviewInput, UnhideReviewInput } from '$lib/contracts/reviews';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/** `?xem=` picks the queue (links: no JavaScript needed, survives reloads). */
const views = { 'bao-cao': 'reported', 'da-an': 'hidden', 'tat-ca': 'all' } as const;
type View = keyof typeof views;

export const load: PageServerLoad = async (event) => {
	const asked = event.url.searchParams.get('xem') ?? 'bao-cao';
	const view: View = asked in views ? (asked as View) : 'bao-cao';
	const page = await serverCaller(event).admin.buyerReviews.list({ filter: views[view] }).catch(throwPageError);
	return { view, page };
};

// Both go through the staff procedures, which check the role again and write the audit row.
export const actions = {
	hide: async (event) => {
		const outcome = await formAction(event, HideReviewInput, (input) => serverCaller(event).admin.buyerReviews.hide(input));
		return outcome.ok ? { done: 'Đã ẩn đánh giá; điểm đánh giá của học liệu đã được tính lại.', reviewId: outcome.value.id } : outcome.failure;
	},
	unhide: async (event) => {
		const outcome = await formAction(event, UnhideReviewInput, (input) => serverCaller(event).admin.buyerReviews.unhide(input));
		return outcome.ok ? { done: 'Đã hiện lại đánh giá; điểm đánh giá của học liệu đã được tính lại.', reviewId: outcome.value.id } : outcome.failure;
	}
} satisfies Actions;
