import { error } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { mailGroupLabels } from '$lib/contracts/notifications';
import { readUnsubscribeToken, unsubscribe } from '$lib/server/notifications/preferences';

/**
 * The unsubscribe link of every notification mail (`?t=` a signed token naming
 * the address and the mail's groups). Opening it changes nothing — link
 * scanners open links — and shows one button. A POST does it: the button,
 * and the one-click POST a mail client sends to the `List-Unsubscribe` URL
 * (RFC 8058, body `List-Unsubscribe=One-Click`, no cookie, no Origin).
 */
function tokenOf(url: URL) {
	const token = readUnsubscribeToken(url.searchParams.get('t') ?? '');
	if (!token) error(400, { code: 'validation_error', message: 'Liên kết huỷ nhận thư không hợp lệ. Hãy mở lại liên kết trong thư, hoặc chọn loại thư nhận tại trang Tài khoản.' });
	return token;
}

export const load: PageServerLoad = ({ url }) => {
	const { email, groups } = tokenOf(url);
	return { email, groups: groups.map((g) => mailGroupLabels[g]) };
};

export const actions: Actions = {
	default: async ({ url }) => {
		const { email, groups } = tokenOf(url);
		await unsubscribe(email, groups);
		return { done: true };
	}
};
