import { redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { paths } from '$lib/paths';

const PAGE_SIZE = 20;

/** `?sau=` is the no-JavaScript "Xem thêm" (the notifications after that cursor). */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	// A live notification reloads the list too (the layout invalidates 'app:notifications').
	event.depends('app:notifications');
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const page = await serverCaller(event).notifications.list({ pageSize: PAGE_SIZE, cursor }).catch(throwPageError);
	return { page, pageSize: PAGE_SIZE };
};

/** A path of this site only: a notification's link never sends anyone elsewhere. */
const ownPath = (link: FormDataEntryValue | null) => (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : paths.notifications);

export const actions: Actions = {
	/** Opening a notification marks it read, then goes where it points. */
	open: async (event) => {
		requireSignIn(event);
		const form = await event.request.formData();
		const id = form.get('id');
		if (typeof id === 'string' && /^[0-9]{1,19}$/.test(id)) await serverCaller(event).notifications.markRead({ ids: [id] });
		redirect(303, ownPath(form.get('link')));
	},
	readAll: async (event) => {
		requireSignIn(event);
		await serverCaller(event).notifications.markRead({ all: true });
		return { done: true };
	}
};
