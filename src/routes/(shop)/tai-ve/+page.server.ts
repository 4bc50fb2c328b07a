import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { OtpCode } from '$lib/contracts/auth';
import { DownloadByTokenInput } from '$lib/contracts/checkout';
import { paths } from '$lib/paths';
import { maskedAddressOfDownloadLink } from '$lib/server/auth/download-link-sign-in';
import { filesForToken } from '$lib/server/downloads/exchange';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';

/**
 * The download link of receipts and paid orders. The token is only checked
 * for shape here; the browser exchanges it (so the file streams with a
 * progress bar), and the exchange says whether it is still valid. When it is
 * not, a signed-out visitor can have a sign-in code sent to the order's
 * address ("Gửi mã đến email này"), shown masked, and land on the order.
 */
export const load: PageServerLoad = async ({ url, locals }) => {
	const token = url.searchParams.get('token');
	const problem = !token
		? 'Liên kết tải xuống thiếu mã tải. Hãy mở lại liên kết trong email biên nhận hoặc trong trang đơn hàng.'
		: !DownloadByTokenInput.safeParse({ token }).success
			? 'Liên kết tải xuống không đúng định dạng — có thể liên kết bị cắt mất một phần khi sao chép. Hãy mở lại liên kết đầy đủ trong email biên nhận.'
			: null;
	const signedIn = locals.session !== null;
	return {
		token: problem ? null : token,
		problem,
		signedIn,
		codeTo: problem || signedIn ? null : await maskedAddressOfDownloadLink(token!),
		// Several files: the page lists them (one button each, and one for a ZIP of all) instead of starting one download.
		files: problem ? null : await filesForToken(token!)
	};
};

export const actions = {
	sendCode: async (event) => {
		const result = await formAction(event, DownloadByTokenInput, (input) => serverCaller(event).auth.uiDownloadLinkSendCode(input));
		return result.ok ? { codeSentTo: result.value.sentTo } : result.failure;
	},
	verifyCode: async (event) => {
		const result = await formAction(event, DownloadByTokenInput.extend({ otp: OtpCode, step: z.string().optional() }), ({ token, otp }) =>
			serverCaller(event).auth.uiDownloadLinkVerify({ token, otp })
		);
		if (!result.ok) return result.failure;
		// Signed in; guest orders of the address joined the account. On to the order (or why the old password went).
		redirect(303, result.value.passwordRemoved ? paths.passwordDropped(result.value.landing) : result.value.landing);
	}
} satisfies Actions;
